import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// END-TO-END tests against the real ImageDecoder and PNGEncoder. They skip (with a message saying
/// so) until the codec branches are merged, and must pass after the merge.
final class EndToEndRealCodecTests: XCTestCase {
    private func frame(_ n: Int) -> PixelBuffer {
        var image = PixelBuffer(width: 12, height: 10)
        for y in 0..<10 { for x in 0..<12 where (x + y + n) % 3 != 0 { image[x, y] = RGBA(UInt8(n * 40), 90, 200, UInt8(60 + n * 50)) } }
        return image
    }

    func testEndToEndAssembleRealPNGFrames() throws {
        try RealCodec.require()
        let folder = try TemporaryFolder()
        for n in 1...3 { try folder.write("seq/frame\(n).png", try PNGEncoder().encode(frame(n))) }
        let result = try FrameSequenceAssembler(effort: .fast).assemble(folder: folder.path + "/seq", timing: .fps(15), loopCount: 0)
        XCTAssertEqual(result.format, .apng)
        XCTAssertEqual(result.framesWritten, 3)
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(decoded.facts.format, .apng)
        XCTAssertEqual(decoded.loopCount, 0)
        XCTAssertEqual(decoded.frames.map(\.delay), Array(repeating: FrameDelay(numerator: 1, denominator: 15), count: 3))
        XCTAssertEqual(decoded.frames.map(\.image), (1...3).map(frame))
    }

    func testEndToEndConvertGIFWithoutLoopBlock() throws {
        try RealCodec.require(gif: true)
        let result = try StickerConverter(effort: .fast).convert(RealCodec.tinyGIF, name: "tiny.gif")
        XCTAssertEqual(result.format, .apng); XCTAssertEqual(result.loopCount, 1)
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(decoded.loopCount, 1)
        XCTAssertEqual(decoded.frames.map(\.delay.milliseconds), [70, 470])
        XCTAssertEqual(decoded.frames[0].image[0, 0], RGBA(255, 0, 0)); XCTAssertEqual(decoded.frames[0].image[1, 0].a, 0)
        XCTAssertEqual(decoded.frames[1].image[0, 0], RGBA(0, 0, 255)); XCTAssertEqual(decoded.frames[1].image[0, 1].a, 0)
    }

    func testEndToEndBuildIsExactAndDeterministic() async throws {
        try RealCodec.require()
        let folder = try TemporaryFolder()
        for n in 1...3 { try folder.write("cat/Spin/s\(n).png", try PNGEncoder().encode(frame(n))) }
        try folder.write("cat/Still.sticker/still.png", try PNGEncoder().encode(frame(1)))
        try folder.write("icon.png", try PNGEncoder().encode(frame(2)))
        let pack = StickerPack(name: "E2E", root: folder.path + "/cat", kind: .folder, gridSize: .small, stickers: [
            StickerSource(name: "Spin", folder: "Spin", content: .sequence(frames: ["Spin/s1.png", "Spin/s2.png", "Spin/s3.png"],
                                                                           timing: .perFrame([50, 120]), repetitions: 2), accessibilityLabel: nil),
            StickerSource(name: "Still", folder: "Still.sticker", content: .file("Still.sticker/still.png"), accessibilityLabel: "S"),
        ], iconSet: nil, problems: [])
        for out in ["a", "b"] {
            let builder = PackBuilder(options: PackBuildOptions(outputDirectory: folder.path + "/" + out, effort: .fast,
                                                                iconSource: folder.path + "/icon.png"))
            let plan = try await builder.prepare(pack)
            XCTAssertEqual(plan.findings, [])
            try builder.write(plan, to: folder.path + "/" + out)
        }
        let files = try folder.files(under: "a")
        XCTAssertEqual(files, try folder.files(under: "b"))
        for file in files { XCTAssertEqual(try folder.read("a/" + file), try folder.read("b/" + file), file) }
        let spin = try ImageDecoder().decode(try folder.read("a/Stickers.xcstickers/E2E.stickerpack/Spin.sticker/Spin.png"))
        XCTAssertEqual(spin.loopCount, 3)
        XCTAssertEqual(spin.frames.map(\.delay.milliseconds), [50, 120, 120])
        XCTAssertEqual(spin.frames.map(\.image), (1...3).map(frame))
        for slot in IconSlot.all {
            let icon = try ImageDecoder().decode(try folder.read("a/Stickers.xcstickers/iMessage App Icon.stickersiconset/"
                                                                + PackBuilder.iconFileName(slot)))
            XCTAssertEqual([icon.width, icon.height], [slot.pixelWidth, slot.pixelHeight])
        }
    }
}
