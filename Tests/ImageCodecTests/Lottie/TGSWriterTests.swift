@testable import ImageCodec
import XCTest

/// Telegram's .tgs from any Lottie: 512x512 canvas, 60 fps, times rescaled, trimmed or sped up,
/// gzipped reproducibly.
final class TGSWriterTests: XCTestCase {
    /// One layer whose position keyframes sit at `t` 0 and 30 (1 s at 30 fps).
    private let moving = LottieFixture.json(fr: "30", ip: "0", op: "120", w: "400", h: "200", layers: """
        [{"ty":4,"ind":1,"ip":0,"op":120,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0,0]},{"t":30,"s":[100,0,0]}]}},"shapes":[]}]
        """)

    private func document(_ output: TGSWriter.Output) throws -> LottieJSON {
        XCTAssertEqual(Array(output.bytes.prefix(3)), [0x1F, 0x8B, 0x08])
        let json = try LottieDecoder().validated(output.bytes, format: .tgs).json
        return try LottieJSON.parse(json)
    }

    func testCanvasAndRateAreNormalised() throws {
        let output = try TGSWriter().write(moving, format: .lottie)
        let root = try document(output)
        XCTAssertEqual([root["w"]?.double, root["h"]?.double, root["fr"]?.double, root["ip"]?.double, root["op"]?.double],
                       [512, 512, 60, 0, 240])
        XCTAssertEqual([output.frames, Int(output.durationMs)], [240, 4000])
        // The source's layer is inside the canvas precomp, its times doubled.
        let inner = try XCTUnwrap(root["assets"]?.elements?.last?["layers"]?.elements?.first)
        XCTAssertEqual([inner["op"]?.double, inner["ks"]?["p"]?["k"]?.elements?[1]["t"]?.double], [240, 60])
        let layer = try XCTUnwrap(root["layers"]?.elements?.first)
        XCTAssertEqual(layer["ks"]?["s"]?["k"]?.elements?.map(\.double), [128, 128, 100], "400 px wide -> 512: 128%")
        XCTAssertEqual(try TGSWriter().write(moving, format: .lottie), output, "same bytes every time")
    }

    func testTrimAndSpeedUp() throws {
        let trimmed = try TGSWriter().write(moving, format: .lottie, maxDurationMs: 3000)
        XCTAssertEqual([trimmed.frames, Int(trimmed.durationMs)], [180, 3000])
        let sped = try TGSWriter().write(moving, format: .lottie, speed: 4.0 / 3.0)
        XCTAssertEqual([sped.frames, Int(sped.durationMs)], [180, 3000])
        let inner = try XCTUnwrap(try document(sped)["assets"]?.elements?.last?["layers"]?.elements?.first)
        XCTAssertEqual(inner["ks"]?["p"]?["k"]?.elements?[1]["t"]?.double, 45, "30 * 60/30 / (4/3)")
    }

    func testA512CanvasAt60FPSIsOnlyGzipped() throws {
        let plain = LottieFixture.json(fr: "60", ip: "0", op: "60", w: "512", h: "512")
        let root = try document(try TGSWriter().write(plain, format: .lottie))
        XCTAssertNil(root["assets"])
        XCTAssertEqual(root["layers"]?.elements?.count, 0)
    }
}
