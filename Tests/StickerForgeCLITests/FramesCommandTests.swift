import Foundation
import ImageCodec
@testable import StickerForgeCLI
import XCTest

/// `frames` writes each frame as it is decoded (`ImageDecoder.visitFrames`): the PNGs are the
/// decoded frames' PNGs byte for byte and `frames.json` holds their delays.
final class FramesCommandTests: XCTestCase {
    func testAWebMIsWrittenFrameByFrameWithTheDecodedPixelsAndDelays() async throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCodecTests/Fixtures/WebM/vp9-alpha.webm").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = try XCTUnwrap(try StickerForgeCommand.parseAsRoot(["frames", source, "--output-dir", output]) as? FramesCommand)
        try await command.run()
        let decoded = try ImageDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: source))))
        XCTAssertGreaterThan(decoded.frames.count, 1)
        // The same bytes as encoding each kept frame with the command's encoder.
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast, draft: true))
        for (index, frame) in decoded.frames.enumerated() {
            let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + String(format: "/frame_%03d.png", index))))
            XCTAssertTrue(written == (try encoder.encode(frame.image)), "frame \(index)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + String(format: "/frame_%03d.png", decoded.frames.count)))
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/frames.json"))) as? [String: Any])
        let frames = try XCTUnwrap(manifest["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.map { $0["delayNumerator"] as? Int }, decoded.frames.map { $0.delay.numerator })
        XCTAssertEqual(frames.map { $0["delayDenominator"] as? Int }, decoded.frames.map { $0.delay.denominator })
    }

    func testAnUnreadableFileWritesNothing() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        let bad = output + ".txt"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: bad))
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let command = try XCTUnwrap(try StickerForgeCommand.parseAsRoot(["frames", bad, "--output-dir", output]) as? FramesCommand)
        do { try await command.run(); XCTFail("an unreadable file must fail") } catch {}
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
