import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class SubjectAssemblyTests: XCTestCase {
    private let frame = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20), fileSize: 1000)

    func testSequenceIsAnAPNGTimedByItsTiming() throws {
        let subject = StickerSubject.exampleSequence(frames: [frame, frame, frame, frame], timing: .fps(12.5), repetitions: 2)
        let image = try XCTUnwrap(subject.image)
        XCTAssertEqual(image.facts.format, .apng)
        XCTAssertEqual(image.loopCount, 3, "repetitions 2 = 3 plays")
        XCTAssertEqual(image.frames.map(\.delay), Array(repeating: FrameDelay(numerator: 2, denominator: 25), count: 4))
        XCTAssertEqual(image.facts.fileSize, 4000)
        XCTAssertTrue(subject.isAnimated)
        let facts = try XCTUnwrap(ReportBuilder.facts(of: subject))
        XCTAssertEqual(facts, StickerFacts(format: .apng, width: 408, height: 408, frames: 4, durationMs: 320, fps: 12.5,
                                           loops: 3, bytes: 4000, decodedBytes: 408 * 408 * 4 * 4, hasTransparency: true))
    }

    func testFixedDurationSplitsEvenlyAndZeroRepetitionsLoopsForever() throws {
        let subject = StickerSubject.exampleSequence(frames: [frame, frame, frame, frame], timing: .fixed(seconds: 1.5))
        let image = try XCTUnwrap(subject.image)
        XCTAssertEqual(image.frames.map(\.delay), Array(repeating: FrameDelay(numerator: 3, denominator: 8), count: 4))
        XCTAssertEqual(image.loopCount, 0)
    }

    func testPerFrameDelays() throws {
        let subject = StickerSubject.exampleSequence(frames: [frame, frame, frame], timing: .perFrame([100, 40]))
        XCTAssertEqual(try XCTUnwrap(subject.image).frames.map(\.delay.milliseconds), [100, 40, 40])
    }

    func testFramesOfDifferentSizesGiveNoImage() {
        let wide = ExampleImage.still(ExampleImage.canvas(418, 408, inset: 20))
        let subject = StickerSubject.exampleSequence(frames: [frame, wide])
        XCTAssertNil(subject.image)
        XCTAssertNil(ReportBuilder.facts(of: subject))
        XCTAssertEqual(PackChecker.findings(for: subject, context: CheckContext(gridSize: .regular)).map(\.rule),
                       ["sequence_frame_mismatch"])
    }

    func testStillFacts() throws {
        let subject = StickerSubject.example(image: frame, byteCount: 1234)
        let facts = try XCTUnwrap(ReportBuilder.facts(of: subject))
        XCTAssertEqual(facts, StickerFacts(format: .png, width: 408, height: 408, frames: 1, durationMs: 0, fps: nil,
                                           loops: 0, bytes: 1234, decodedBytes: 408 * 408 * 4, hasTransparency: true))
    }

    func testCorruptFrameOfASequenceIsNamedByIndexAndLeavesNoImage() {
        let paths = ["Dance.stickersequence/d1.png", "Dance.stickersequence/d2.png"]
        let source = StickerSource(name: "Dance", folder: "Dance.stickersequence",
                                   content: .sequence(frames: paths, timing: .fps(15), repetitions: 0), accessibilityLabel: "Dance")
        let files = paths.map { LoadedFile(path: $0, byteCount: 1000, format: .png) }
        let subject = StickerSubject.assembled(source: source, files: files, decoded: [paths[0]: frame],
                                               failures: [FileFailure(file: paths[1], error: .truncated("IEND missing"))])
        XCTAssertNil(subject.image)
        let findings = PackChecker.findings(for: subject, context: CheckContext(gridSize: .regular))
        XCTAssertEqual(findings, [Finding(rule: "corrupt_image", severity: .error, sticker: "Dance", file: paths[1], frame: 1,
                                          message: "d2.png cannot be decoded: truncated file: IEND missing",
                                          hint: "Re-export the file from the original artwork; a damaged file cannot be repaired by renaming.")])
    }

    /// A thick white outline (the classic sticker look) is artwork, not a halo.
    func testThickWhiteOutlineIsNoHalo() {
        let outlined = ExampleImage.canvas(408, 408, inset: 20, content: .init(255, 255, 255))
        var art = outlined
        for y in 30..<378 { for x in 30..<378 { art[x, y] = ExampleImage.ink } }
        XCTAssertEqual(EdgeHaloCheck().check(.example(image: ExampleImage.still(art)), context: CheckContext(gridSize: .regular)), [])
    }
}
