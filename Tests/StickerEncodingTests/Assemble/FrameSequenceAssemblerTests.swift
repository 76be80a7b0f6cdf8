import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class FrameSequenceAssemblerTests: XCTestCase {
    private let codec = FakeStickerCodec()
    private var assembler: FrameSequenceAssembler { FrameSequenceAssembler(codec: codec, effort: .fast) }

    private func frame(_ value: UInt8, width: Int = 4, height: Int = 3) -> [UInt8] {
        FakeStickerCodec.still(width: width, height: height, fill: RGBA(value, 0, 0, 255))
    }

    func testFramesBecomeAnAPNGWithExactDelaysLoopsAndMergedCount() throws {
        let frames = [("a", frame(1)), ("b", frame(2)), ("c", frame(2)), ("d", frame(3))].map { (name: $0.0, bytes: $0.1) }
        let result = try assembler.assemble(frames: frames, timing: .fps(15), loopCount: 3)
        XCTAssertEqual(result.format, .apng)
        XCTAssertEqual(result.framesIn, 4)
        XCTAssertEqual(result.framesWritten, 3)
        XCTAssertEqual(result.width, 4); XCTAssertEqual(result.height, 3)
        XCTAssertEqual(result.loopCount, 3)
        XCTAssertEqual(result.loopDurationMs, 4000.0 / 15, accuracy: 1e-9)
        XCTAssertEqual(result.byteCount, result.bytes.count)
        let written = try codec.decode(result.bytes)
        XCTAssertEqual(written.frames.map(\.delay), [.fps(15), FrameDelay(numerator: 2, denominator: 15), .fps(15)])
        XCTAssertEqual(written.loopCount, 3)
        XCTAssertEqual(written.frames[2].image[0, 0], RGBA(3, 0, 0, 255))
    }

    func testDelayOptionIsPerFrameMilliseconds() throws {
        let frames = (1...3).map { (name: "f\($0)", bytes: frame(UInt8($0))) }
        let result = try assembler.assemble(frames: frames, timing: .perFrame([70]), loopCount: 0)
        XCTAssertEqual(try codec.decode(result.bytes).frames.map(\.delay.milliseconds), [70, 70, 70])
        XCTAssertEqual(result.loopDurationMs, 210)
        let fixed = try assembler.assemble(frames: frames, timing: .fixed(seconds: 1), loopCount: 0)
        XCTAssertEqual(try codec.decode(fixed.bytes).frames.map(\.delay), Array(repeating: FrameDelay(numerator: 1, denominator: 3), count: 3))
        XCTAssertEqual(fixed.loopDurationMs, 1000, accuracy: 1e-9)
    }

    func testSingleFrameIsAStillPNG() throws {
        let result = try assembler.assemble(frames: [(name: "only", bytes: frame(9))], timing: .fps(15), loopCount: 0)
        XCTAssertEqual(result.format, .png)
        XCTAssertEqual(result.framesWritten, 1)
        XCTAssertEqual(result.loopDurationMs, 0)
        XCTAssertEqual(try codec.decode(result.bytes).facts.format, .png)
    }

    func testSizeMismatchNamesTheFirstDifferingFrameAndBothSizes() {
        let frames = [(name: "f1.png", bytes: frame(1)), (name: "f2.png", bytes: frame(2)),
                      (name: "f3.png", bytes: frame(3, width: 5)), (name: "f4.png", bytes: frame(4, width: 6))]
        XCTAssertThrowsError(try assembler.assemble(frames: frames, timing: .fps(15), loopCount: 0)) { error in
            XCTAssertEqual(error as? AssemblyError, .frameSizeMismatch(frame: "f3.png", index: 2, expectedWidth: 4,
                                                                       expectedHeight: 3, width: 5, height: 3))
            XCTAssertEqual("\(error)", "f3.png (frame 3) is 5x3 px but the first frame is 4x3 px; all frames must be the same size")
        }
    }

    func testAnAnimatedFrameIsRefused() {
        let animated = FakeStickerCodec.file(.apng, frames: [(PixelBuffer(width: 4, height: 3), .fps(10)),
                                                             (PixelBuffer(width: 4, height: 3, fill: RGBA(1, 1, 1)), .fps(10))], loop: 0)
        let frames = [(name: "f1.png", bytes: frame(1)), (name: "f2.png", bytes: animated)]
        XCTAssertThrowsError(try assembler.assemble(frames: frames, timing: .fps(15), loopCount: 0)) { error in
            XCTAssertEqual(error as? AssemblyError, .animatedFrame(frame: "f2.png", index: 1, frames: 2))
        }
    }

    func testFolderUsesNaturalOrderAndItsTimingFile() throws {
        let folder = try TemporaryFolder()
        for n in [10, 2, 1] { try folder.write("seq/f\(n).png", frame(UInt8(n))) }
        try folder.write("seq/.hidden.png", frame(99))
        try folder.write("seq/notes.txt", Array("x".utf8))
        try folder.write("seq/stickerforge.yml", Array("name: ignored\nfps: 12.5\nloops: 2\n".utf8))
        let seq = folder.path + "/seq"
        XCTAssertEqual(try FrameSequenceAssembler.frameFiles(inFolder: seq), ["f1.png", "f2.png", "f10.png"].map { seq + "/" + $0 })
        let result = try assembler.assemble(folder: seq)
        let decoded = try codec.decode(result.bytes)
        XCTAssertEqual(decoded.frames.map { $0.image[0, 0].r }, [1, 2, 10])
        XCTAssertEqual(decoded.frames.map(\.delay), Array(repeating: FrameDelay(numerator: 2, denominator: 25), count: 3))
        XCTAssertEqual(result.loopCount, 2)
        let overridden = try assembler.assemble(folder: seq, timing: .perFrame([40]), loopCount: 0)
        XCTAssertEqual(overridden.loopDurationMs, 120)
        XCTAssertEqual(overridden.loopCount, 0)
    }

    func testConflictingTimingKeysAreAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("seq/f1.png", frame(1))
        try folder.write("seq/stickerforge.yml", Array("fps: 12\ndelays: [100]\n".utf8))
        XCTAssertThrowsError(try assembler.assemble(folder: folder.path + "/seq")) { error in
            XCTAssertEqual(error as? AssemblyError, .invalidTimingConfig(file: folder.path + "/seq/stickerforge.yml",
                                                                         reason: "fps, delays are all given; keep only one timing key"))
        }
    }

    func testEmptyFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("seq/readme.txt", [0])
        XCTAssertThrowsError(try assembler.assemble(folder: folder.path + "/seq")) { error in
            XCTAssertEqual(error as? AssemblyError, .noFrames(source: folder.path + "/seq"))
        }
    }
}
