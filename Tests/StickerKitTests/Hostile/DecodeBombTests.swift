import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Every kind of bomb is refused as `decode_limit_exceeded` with the declared numbers and the limit,
/// quickly, through the same loader and checks `stickerforge check` uses.
final class DecodeBombTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bombs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: root) }

    private func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + name))
    }

    /// The `decode_limit_exceeded` messages of a check of the folder, by file.
    private func limitMessages(_ configuration: CheckConfiguration = CheckConfiguration()) async throws -> [String: String] {
        let pack = try CatalogReader().read(at: root, config: PackConfig())
        let report = await PackChecker(configuration: configuration, toolVersion: "0").check(pack)
        var messages: [String: String] = [:]
        for finding in report.findings where finding.rule == "decode_limit_exceeded" {
            messages[finding.file ?? "?"] = finding.message
        }
        return messages
    }

    func testDeclaredSizesAndCountsAreRefusedWithTheirNumbers() async throws {
        try write("canvas.png", HostileFiles.pngCanvas(width: 100_000, height: 100_000))
        try write("frames.png", HostileFiles.apngFrames(20_000, side: 1))
        try write("pixels.png", HostileFiles.apngFrames(5, side: 8000))
        try write("frames.gif", HostileFiles.gifFrames(10_001))
        try write("canvas.jpg", HostileFiles.jpegCanvas(width: 60_000, height: 50_000))
        let started = Date()
        let messages = try await limitMessages()
        XCTAssertEqual(messages, [
            "canvas.png": "canvas.png declares canvas 100000x100000 px, over the limit of 8192 px a side",
            "frames.png": "frames.png declares 20000 frames, over the limit of 10000 frames",
            "pixels.png": "pixels.png declares 5 frames of 8000x8000 px (320000000 pixels), over the limit of 256000000 pixels in all frames",
            "frames.gif": "frames.gif declares 10001 frames, over the limit of 10000 frames",
            "canvas.jpg": "canvas.jpg declares canvas 60000x50000 px, over the limit of 8192 px a side",
        ])
        // Refusals come before allocation, so five bombs cost well under a second even unoptimised.
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// Browsers show such a file as its default image; so do we, with a warning, and nothing is
    /// allocated for the 4 billion frames.
    func testAnAcTLBeyondPNGsOwnRangeIsIgnoredNotObeyed() async throws {
        try write("frames.png", HostileFiles.apngFrames(4_000_000_000, side: 1))
        let pack = try CatalogReader().read(at: root, config: PackConfig())
        let report = await PackChecker(configuration: CheckConfiguration(), toolVersion: "0").check(pack)
        XCTAssertEqual(report.findings.filter { $0.rule == "corrupt_image" || $0.rule == "decode_limit_exceeded" }, [])
        XCTAssertEqual(report.findings.filter { $0.rule == "ignored_animation" }.map(\.message),
                       ["the APNG animation is ignored: acTL declares 4000000000 frames, over PNG's 2^31-1 limit; "
                        + "browsers show only the default image, as a still"])
    }

    func testAFileOverTheSizeCapIsNotRead() async throws {
        // 64 MiB + 1 byte, sparse: reading it whole would allocate 64 MiB; it is refused by its size.
        try HostileFiles.writeSparsePNG(at: root + "/big.png", bytes: (64 << 20) + 1)
        let messages = try await limitMessages()
        XCTAssertEqual(messages, ["big.png": "big.png declares a file of 67108865 bytes, over the limit of 67108864 bytes read into memory"])
    }

    func testTheSizeCapIsConfigurable() async throws {
        try write("small.png", HostileFiles.pngCanvas(width: 2, height: 2))
        var configuration = CheckConfiguration()
        configuration.decodeLimits.maxFileBytes = 40
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: root + "/small.png")[.size] as? Int)
        let messages = try await limitMessages(configuration)
        XCTAssertEqual(messages, ["small.png": "small.png declares a file of \(size) bytes, over the limit of 40 bytes read into memory"])
    }

    func testAnInflateBombInsideALegalImageDecodesOnlyWhatTheImageNeeds() throws {
        // 64 MiB of zeros behind a 16x16 image: libpng inflates only the rows the header declares.
        let bomb = HostileFiles.pngInflateBomb(inflatedBytes: 64 << 20)
        XCTAssertLessThan(bomb.count, 100_000)
        let started = Date()
        let outcome = Result { try ImageDecoder().decode(bomb) }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        switch outcome {
        case .success(let image):
            XCTAssertEqual([image.width, image.height, image.frames.count], [16, 16, 1])
            XCTAssertEqual(image.frames[0].image.pixels, [UInt8](repeating: 0, count: 16 * 16 * 4))
        case .failure(let error):
            XCTFail("the image part is valid; got \(error)")
        }
    }

    func testAZeroSizedGIFScreenGrowsToHoldItsFirstFrame() throws {
        // Found by FuzzAPNGRoundTrip (Tests/Fuzz/Crashers/roundtrip/zero-width-gif-screen.gif): it was
        // refused as an empty canvas; Chromium shows it, grown to hold frame 1 (docs/verification.md).
        let frame = GIFFixtureFrame(width: 1, height: 1, indices: [1])
        let gif = GIFFixtureEncoder(width: 0, height: 6, globalPalette: [RGBA(0, 0, 0), RGBA(255, 0, 0)],
                                    frames: [frame]).encode()
        let image = try ImageDecoder().decode(gif)
        XCTAssertEqual([image.width, image.height], [1, 6])
        XCTAssertEqual(image.frames[0].image[0, 0], RGBA(255, 0, 0))
        XCTAssertEqual(image.frames[0].image[0, 5], .clear)
        // With no frame at all there is still nothing to grow into.
        let empty = GIFFixtureEncoder(width: 0, height: 6, globalPalette: [RGBA(0, 0, 0)], frames: []).encode()
        XCTAssertThrowsError(try ImageDecoder().decode(empty)) { error in
            XCTAssertEqual(error as? CodecError, .malformed("GIF logical screen is 0x6 px; both sides must be at least 1 px"))
        }
    }
}
