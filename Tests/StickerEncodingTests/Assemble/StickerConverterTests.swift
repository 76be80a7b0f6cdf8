import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class StickerConverterTests: XCTestCase {
    private let codec = FakeStickerCodec()
    private var converter: StickerConverter { StickerConverter(codec: codec, effort: .fast) }

    private func gif(loop: Int?) -> [UInt8] {
        var a = PixelBuffer(width: 2, height: 1, fill: RGBA(255, 0, 0))
        a[1, 0] = .clear
        let b = PixelBuffer(width: 2, height: 1, fill: RGBA(0, 0, 255))
        return FakeStickerCodec.file(.gif, frames: [(a, .centiseconds(7)), (b, .centiseconds(47))], loop: loop)
    }

    func testOutputNameUsesEverythingBeforeTheLastDot() {
        XCTAssertEqual(StickerConverter.outputName(for: "in/a.b.gif"), "a.b.png")
        XCTAssertEqual(StickerConverter.outputName(for: "a.c.gif"), "a.c.png")
        XCTAssertEqual(StickerConverter.outputName(for: "/x/noext"), "noext.png")
        XCTAssertEqual(StickerConverter.outputName(for: ".hidden"), ".hidden.png")
    }

    func testGIFWithoutLoopBlockPlaysOnceWithExactDelaysAndTransparency() throws {
        let result = try converter.convert(gif(loop: nil), name: "g.gif")
        XCTAssertEqual(result.format, .apng); XCTAssertEqual(result.sourceFormat, .gif)
        XCTAssertEqual(result.loopCount, 1)
        XCTAssertEqual(result.loopDurationMs, 540, accuracy: 1e-9)
        let out = try codec.decode(result.bytes)
        XCTAssertEqual(out.loopCount, 1)
        XCTAssertEqual(out.frames.map(\.delay), [.centiseconds(7), .centiseconds(47)])
        XCTAssertEqual(out.frames[0].image[1, 0], .clear)
        XCTAssertEqual(out.frames[0].image[0, 0], RGBA(255, 0, 0))
        XCTAssertEqual(try converter.convert(gif(loop: 0), name: "g.gif").loopCount, 0)
        XCTAssertEqual(try converter.convert(gif(loop: 3), name: "g.gif").loopCount, 3)
    }

    /// Which sources are already lossy, so `--fit` may trade quality without `--lossy`: lossy WebP
    /// but not lossless WebP, a PNG or an APNG (judged by the real decoder's facts).
    func testOnlyAlreadyLossySourcesMayTakeLossyStepsWithoutLossy() throws {
        var image = PixelBuffer(width: 16, height: 16, fill: RGBA(200, 40, 90, 255))
        image[3, 3] = .clear
        let real = DefaultStickerCodec()
        func facts(_ bytes: [UInt8]) throws -> SourceFacts { try real.decode(bytes).facts }
        var lossyOptions = WebPEncodeOptions()
        lossyOptions.lossless = false
        XCTAssertEqual(StickerConverter.alreadyLossy(try facts(try WebPEncoder(options: lossyOptions).encode(image))),
                       "the source is lossy WebP")
        var losslessOptions = WebPEncodeOptions()
        losslessOptions.lossless = true
        XCTAssertNil(StickerConverter.alreadyLossy(try facts(try WebPEncoder(options: losslessOptions).encode(image))))
        XCTAssertNil(StickerConverter.alreadyLossy(try facts(try PNGEncoder().encode(image))))
        let frames = [AnimationFrame(image: image, delay: .milliseconds(100)),
                      AnimationFrame(image: PixelBuffer(width: 16, height: 16, fill: RGBA(1, 2, 3, 255)), delay: .milliseconds(100))]
        XCTAssertNil(StickerConverter.alreadyLossy(try facts(try PNGEncoder().encodeAnimation(frames, loopCount: 0))))
    }

    func testStillBecomesPNG() throws {
        let result = try converter.convert(FakeStickerCodec.still(.jpeg, width: 3, height: 2, fill: RGBA(1, 2, 3)), name: "p.jpg")
        XCTAssertEqual(result.format, .png); XCTAssertEqual(result.sourceFormat, .jpeg)
        XCTAssertEqual(result.framesWritten, 1); XCTAssertEqual(result.loopCount, 0)
        XCTAssertEqual(try codec.decode(result.bytes).frames[0].image, PixelBuffer(width: 3, height: 2, fill: RGBA(1, 2, 3)))
    }

    func testCollisionsAreReportedForTheLaterInputAndNothingIsOverwritten() async throws {
        let folder = try TemporaryFolder()
        let inputs = [
            try folder.write("in/a.b.gif", gif(loop: nil)),
            try folder.write("in/a.c.gif", gif(loop: 0)),
            try folder.write("in/a.gif", gif(loop: 0)),
            try folder.write("in/A.png", FakeStickerCodec.still(width: 1, height: 1, fill: RGBA(9, 9, 9))),
            try folder.write("in/broken.gif", Array("not an image".utf8)),
        ]
        let originals = try inputs.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let outcomes = await converter.convertFiles(inputs, to: out, runner: BatchRunner(maxConcurrency: 2))
        XCTAssertEqual(outcomes.map(\.input), inputs)
        XCTAssertEqual(outcomes.map(\.output), ["a.b.png", "a.c.png", "a.png", "A.png", "broken.png"].map { out + "/" + $0 })
        XCTAssertNoThrow(try outcomes[0].result.get()); XCTAssertNoThrow(try outcomes[1].result.get())
        XCTAssertNoThrow(try outcomes[2].result.get())
        XCTAssertThrowsError(try outcomes[3].result.get()) { error in
            XCTAssertEqual(error as? AssemblyError, .outputCollision(input: inputs[3], output: out + "/A.png", earlierInput: inputs[2]))
        }
        XCTAssertThrowsError(try outcomes[4].result.get()) { error in
            guard case .codec(let file, _)? = error as? AssemblyError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, inputs[4])
        }
        XCTAssertEqual(try folder.files(under: "out"), ["a.b.png", "a.c.png", "a.png"])
        // a.png holds a.gif's conversion, not A.png's.
        XCTAssertEqual(try codec.decode(try folder.read("out/a.png")).frames.count, 2)
        XCTAssertEqual(try codec.decode(try folder.read("out/a.b.png")).loopCount, 1)
        XCTAssertEqual(try inputs.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }, originals)
    }

    func testAnOutputThatWouldReplaceASourceIsRefused() {
        let planned = StickerConverter.plan(inputs: ["/p/x.png"], outputFolder: "/p")
        XCTAssertEqual(planned[0].problem, .outputIsSource(input: "/p/x.png", output: "/p/x.png"))
    }
}
