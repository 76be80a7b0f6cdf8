import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `convert` and `build` render Lottie/TGS straight at the grid cell (`vectorBox`), and the APNG they
/// write holds exactly the frames and delays the decoder rendered at that size.
final class LottieConversionTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ImageCodecTests/Fixtures/Lottie")

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    func testTGSConvertsToAnAPNGAtTheGridCellExactlyAsRendered() throws {
        let tgs = try bytes("shapes.tgs")
        let result = try StickerConverter(effort: .fast, vectorBox: GridSize.small.maxPixels).convert(tgs, name: "shapes.tgs")
        XCTAssertEqual(result.format, .apng); XCTAssertEqual(result.sourceFormat, .tgs)
        XCTAssertEqual(result.width, 300); XCTAssertEqual(result.height, 300)
        XCTAssertEqual(result.loopCount, 0); XCTAssertEqual(result.loopDurationMs, 500, accuracy: 1e-9)
        let rendered = try ImageDecoder().decode(tgs, options: DecodeOptions(fitBox: 300))
        let written = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(written.frames.map(\.image), rendered.frames.map(\.image))
        XCTAssertEqual(written.frames.map(\.delay.milliseconds), Array(repeating: 62.5, count: 8))
    }

    func testWithoutABoxTheCanvasSizeIsKept() throws {
        let result = try StickerConverter(effort: .fast).convert(try bytes("wide.json"), name: "wide.json")
        XCTAssertEqual(result.width, 320); XCTAssertEqual(result.height, 180)
        XCTAssertEqual(result.framesIn, 6)
    }

    func testTheBoxIsPartOfTheBuildKey() {
        let a = PackBuildOptions(outputDirectory: "out", vectorBox: 408), b = PackBuildOptions(outputDirectory: "out", vectorBox: 618)
        XCTAssertNotEqual(a.keyText, b.keyText, "a grid change re-renders vector stickers")
    }

    /// `check` renders vector stickers into the pack's grid cell, as `build` ships them: a 512 px TGS
    /// in a regular pack is judged at 408 px (no `exceeds_grid_size` for a size that never ships).
    func testCheckJudgesAVectorStickerAtTheGridCellItShipsAt() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sf-lottie-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(try bytes("shapes.tgs")).write(to: root.appendingPathComponent("shapes.tgs"))
        let pack = StickerPack(name: "Vector", root: root.path, kind: .folder, gridSize: .regular, stickers: [
            StickerSource(name: "shapes", folder: nil, content: .file("shapes.tgs"), accessibilityLabel: "Shapes"),
        ], iconSet: nil, problems: [])
        let report = await PackChecker(configuration: CheckConfiguration(), toolVersion: "1").check(pack)
        let sticker = try XCTUnwrap(report.stickers.first)
        XCTAssertEqual(sticker.facts?.width, 408)
        XCTAssertEqual(sticker.facts?.height, 408)
        XCTAssertFalse(sticker.findings.contains { $0.rule == "exceeds_grid_size" || $0.rule == "dimensions_too_large" })
        XCTAssertTrue(sticker.findings.contains { $0.rule == "unsupported_format" && $0.severity == .error })
    }
}
