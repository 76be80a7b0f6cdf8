@testable import ImageCodec
import TestSupport
import XCTest

/// Round trips through our own WebM decoder. Stated tolerances: at CRF 20 each frame is at least
/// 32 dB premultiplied PSNR from its source and alpha within 16 levels (alpha CRF 10; edges of a
/// soft disc are the hardest case); timestamps are exact in whole milliseconds.
final class WebMEncoderTests: XCTestCase {
    private func frames(_ count: Int, size: Int = 64, delay: FrameDelay = .fps(30)) -> [AnimationFrame] {
        (0..<count).map { AnimationFrame(image: StickerArt.frame(width: size, height: size, phase: $0), delay: delay) }
    }

    func testAlphaAnimationRoundTripsWithinStatedTolerances() throws {
        let input = frames(8)
        let report = try WebMEncoder(options: WebMEncodeOptions(rate: .constantQuality(crf: 20))).encodeWithReport(input)
        XCTAssertTrue(report.hasAlpha)
        XCTAssertGreaterThan(report.alphaBytes, 0)
        XCTAssertEqual(report.durationsMs, [33, 34, 33, 33, 34, 33, 33, 34])
        let decoded = try ImageDecoder().decode(report.bytes)
        XCTAssertEqual(decoded.facts.format, .webm)
        XCTAssertEqual(decoded.facts.transparency, .alphaChannel)
        XCTAssertEqual(decoded.frames.count, 8)
        XCTAssertEqual(decoded.frames.map { $0.delay }, report.durationsMs.map { FrameDelay.milliseconds($0).reduced() })
        for (got, want) in zip(decoded.frames, input) {
            XCTAssertGreaterThanOrEqual(StickerArt.premultipliedPSNR(got.image, want.image), 32)
            XCTAssertLessThanOrEqual(StickerArt.worstAlphaDifference(got.image, want.image), 16)
        }
    }

    func testOpaqueFramesCarryNoAlphaStreamAndOddSizesWork() throws {
        let opaque = (0..<3).map { phase -> AnimationFrame in
            var image = PixelBuffer(width: 33, height: 17, fill: RGBA(200, 40, 90))
            image[phase, phase] = RGBA(0, 0, 0)
            return AnimationFrame(image: image, delay: .milliseconds(40))
        }
        let report = try WebMEncoder(options: WebMEncodeOptions(rate: .constantQuality(crf: 10))).encodeWithReport(opaque)
        XCTAssertFalse(report.hasAlpha)
        XCTAssertEqual(report.alphaBytes, 0)
        let decoded = try ImageDecoder().decode(report.bytes)
        XCTAssertEqual(decoded.facts.transparency, TransparencyKind.none)
        XCTAssertEqual(decoded.width, 33)
        XCTAssertEqual(decoded.height, 17)
        XCTAssertEqual(decoded.frames.map { $0.delay.milliseconds }, [40, 40, 40])
        XCTAssertGreaterThanOrEqual(StickerArt.premultipliedPSNR(decoded.frames[1].image, opaque[1].image), 30)
    }

    func testTwoPassAimsAtTheByteTargetAndIsDeterministic() throws {
        let input = frames(30, size: 96)
        let small = try WebMEncoder(options: WebMEncodeOptions(rate: .targetBytes(12_000), speed: 4)).encode(input)
        let large = try WebMEncoder(options: WebMEncodeOptions(rate: .targetBytes(40_000), speed: 4)).encode(input)
        XCTAssertLessThan(small.count, large.count)
        XCTAssertLessThanOrEqual(small.count, 12_000 * 11 / 10)
        XCTAssertEqual(try WebMEncoder(options: WebMEncodeOptions(rate: .targetBytes(12_000), speed: 4)).encode(input), small)
        XCTAssertEqual(try ImageDecoder().decode(small).frames.count, 30)
    }

    func testSessionMakesTheEncodersBytesAndReusesWhatDoesNotChange() throws {
        let input = frames(20, size: 64)
        let options = WebMEncodeOptions(rate: .targetBytes(8_000), alphaTargetBytes: 3_000, speed: 4)
        var session = try WebMEncoderSession(input)
        let report = try session.encode(options)
        XCTAssertEqual(session.passes, 4, "first and last pass of each stream")
        XCTAssertEqual(report.bytes, try WebMEncoder(options: options).encode(input))
        XCTAssertEqual(try session.encode(options), report)
        XCTAssertEqual(session.passes, 4, "the same options again reuse both streams")
        // A new colour aim with the same alpha aim: one colour pass, the alpha stream and the
        // first-pass statistics reused, and still the bytes a fresh encoder makes.
        var higher = options
        higher.rate = .targetBytes(12_000)
        let reaimed = try session.encode(higher)
        XCTAssertEqual(session.passes, 5)
        XCTAssertEqual(reaimed.alphaBytes, report.alphaBytes)
        XCTAssertGreaterThan(reaimed.colorBytes, report.colorBytes)
        XCTAssertEqual(reaimed.bytes, try WebMEncoder(options: higher).encode(input))
        XCTAssertEqual(try session.alphaBytes(higher), report.alphaBytes)
        XCTAssertEqual(session.passes, 5)
    }

    func testHiddenColourIsFilledFromTheVisiblePixelsAndVisiblePixelsAreKept() {
        // Left half opaque red, right quarter opaque blue, the rest transparent black.
        var image = PixelBuffer(width: 16, height: 8, fill: .clear)
        for y in 0..<8 {
            for x in 0..<4 { image[x, y] = RGBA(250, 0, 0) }
            for x in 12..<16 { image[x, y] = RGBA(0, 0, 250, 128) }
        }
        let filled = HiddenColourFill.filled(image)
        for y in 0..<8 {
            for x in 0..<16 where image[x, y].a > 0 { XCTAssertEqual(filled[x, y], image[x, y]) }
            for x in 4..<12 { XCTAssertEqual(filled[x, y].a, 0) }
            // A hidden pixel takes the colour of the visible pixels nearest it, not black.
            XCTAssertGreaterThan(filled[4, y].r, 150)
            XCTAssertGreaterThan(filled[11, y].b, 150)
        }
        XCTAssertEqual(HiddenColourFill.filled(filled), filled, "deterministic, and a fill of a fill changes nothing")
        let opaque = PixelBuffer(width: 4, height: 4, fill: RGBA(10, 20, 30))
        XCTAssertEqual(HiddenColourFill.filled(opaque), opaque)
    }

    func testContainerStatesColourAlphaModeAndDuration() throws {
        let bytes = try WebMEncoder(options: WebMEncodeOptions(rate: .constantQuality(crf: 40))).encode(frames(3, size: 32))
        func has(_ pattern: [UInt8]) -> Bool { bytes.firstRange(of: pattern) != nil }
        XCTAssertTrue(has([0x53, 0xC0, 0x81, 0x01]))          // AlphaMode 1
        XCTAssertTrue(has([0x55, 0xB1, 0x81, 0x06]))          // MatrixCoefficients 6 (BT.601)
        XCTAssertTrue(has([0x55, 0xB9, 0x81, 0x01]))          // Range 1 (limited)
        XCTAssertTrue(has([0x55, 0xEE, 0x81, 0x01]))          // MaxBlockAdditionID 1
        XCTAssertTrue(has([0xEE, 0x81, 0x01, 0xA5]))          // BlockAddID 1 then BlockAdditional
        XCTAssertTrue(has([0x44, 0x89, 0x88] + EBMLDouble(100)))  // Duration 100 ms
        XCTAssertFalse(has(Array("A_".utf8)))                 // no audio codec
    }

    private func EBMLDouble(_ value: Double) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64($0))) }
    }

    func testBadInputIsRefused() {
        XCTAssertThrowsError(try WebMEncoder().encode([]))
        XCTAssertThrowsError(try WebMEncoder(options: WebMEncodeOptions(rate: .constantQuality(crf: 64))).encode(frames(1)))
        XCTAssertThrowsError(try WebMEncoder().encode(frames(1) + frames(1, size: 32)))
        var limits = DecodeLimits.default
        limits.maxDimension = 32
        XCTAssertThrowsError(try WebMEncoder(options: WebMEncodeOptions(limits: limits)).encode(frames(1))) {
            XCTAssertTrue(($0 as? CodecError)?.isLimit == true)
        }
    }
}
