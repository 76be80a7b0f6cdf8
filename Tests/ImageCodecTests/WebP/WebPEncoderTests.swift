import ImageCodec
import TestSupport
import XCTest

/// Round trips through our own decoder. Stated tolerances: lossless is exact (every visible pixel;
/// the RGB under alpha 0 is libwebp's choice unless `exact`); lossy at quality 90 is at least 32 dB premultiplied PSNR.
final class WebPEncoderTests: XCTestCase {
    private func frames(_ count: Int, size: Int = 48, delays: [FrameDelay]? = nil) -> [AnimationFrame] {
        (0..<count).map { AnimationFrame(image: StickerArt.frame(width: size, height: size, phase: $0),
                                         delay: delays?[$0] ?? .milliseconds(100)) }
    }

    func testLosslessStillIsExactThroughOurDecoder() throws {
        let image = StickerArt.frame(width: 61, height: 37)
        let bytes = try WebPEncoder().encode(image)
        XCTAssertEqual(Array(bytes[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(Array(bytes[8..<16]), Array("WEBPVP8L".utf8))   // a simple lossless file
        let decoded = try ImageDecoder().decode(bytes)
        XCTAssertEqual(decoded.facts.format, .webp)
        XCTAssertEqual(decoded.frames.count, 1)
        XCTAssertTrue(decoded.frames[0].image.isVisuallyIdentical(to: image))
        XCTAssertNotEqual(decoded.frames[0].image, image, "RGB under alpha 0 is dropped, not kept")
    }

    func testExactKeepsTheColourUnderTransparentPixels() throws {
        var image = StickerArt.frame(width: 16, height: 16)
        image[0, 0] = RGBA(200, 100, 50, 0)
        let kept = try ImageDecoder().decode(try WebPEncoder(options: WebPEncodeOptions(exact: true)).encode(image))
        XCTAssertTrue(kept.frames[0].image == image, "every byte kept, RGB under alpha 0 too")
    }

    func testLosslessAnimationIsExactWithTimingAndLoops() throws {
        let delays: [FrameDelay] = [.fps(30), .fps(30), .fps(30), .centiseconds(7), FrameDelay(numerator: 1, denominator: 16)]
        let input = frames(5, delays: delays)
        let bytes = try WebPEncoder().encodeAnimation(input, loopCount: 3)
        let decoded = try ImageDecoder().decode(bytes)
        XCTAssertEqual(decoded.frames.count, 5)
        XCTAssertEqual(decoded.loopCount, 3)
        for (got, want) in zip(decoded.frames, input) { XCTAssertTrue(got.image.isVisuallyIdentical(to: want.image)) }
        // Starts 0, 33.3, 66.7, 100, 170, 232.5: rounded starts 0, 33, 67, 100, 170, 233.
        XCTAssertEqual(decoded.frames.map { $0.delay.milliseconds }, [33, 34, 33, 70, 63])
    }

    func testLossyStillAndAnimationStayWithinStatedPSNR() throws {
        let image = StickerArt.frame(width: 96, height: 96, phase: 2)
        let still = try ImageDecoder().decode(try WebPEncoder(options: .lossy(quality: 90)).encode(image))
        XCTAssertGreaterThanOrEqual(StickerArt.premultipliedPSNR(still.frames[0].image, image), 32)
        let input = frames(4, size: 64)
        let bytes = try WebPEncoder(options: .lossy(quality: 90)).encodeAnimation(input, loopCount: 0)
        let decoded = try ImageDecoder().decode(bytes)
        XCTAssertEqual(decoded.frames.count, 4)
        XCTAssertEqual(decoded.loopCount, 0)
        for (got, want) in zip(decoded.frames, input) {
            XCTAssertGreaterThanOrEqual(StickerArt.premultipliedPSNR(got.image, want.image), 32)
            XCTAssertEqual(got.delay.milliseconds, 100)
        }
        // Alpha quality 100 keeps alpha exact even when colour is lossy.
        XCTAssertEqual(StickerArt.worstAlphaDifference(still.frames[0].image, image), 0)
    }

    func testLowerQualityIsSmallerAndOutputIsDeterministic() throws {
        let image = StickerArt.frame(width: 128, height: 128, phase: 1)
        let high = try WebPEncoder(options: .lossy(quality: 95)).encode(image)
        let low = try WebPEncoder(options: .lossy(quality: 40)).encode(image)
        XCTAssertLessThan(low.count, high.count)
        XCTAssertEqual(try WebPEncoder(options: .lossy(quality: 40)).encode(image), low)
    }

    /// libwebp's second thread (alpha beside colour, the analysis split in two, lossless settings
    /// tried side by side) merges its work in a fixed order: the same bytes as one thread, for
    /// stills and animations, lossy with each alpha filter and lossless at several levels.
    func testASecondThreadGivesTheSameBytes() throws {
        let image = StickerArt.frame(width: 160, height: 128, phase: 3)
        let input = frames(4, size: 96)
        var settings: [WebPEncodeOptions] = [WebPEncodeOptions(quality: 25, method: 2), WebPEncodeOptions(),
                                             .nearLossless(level: 60, effort: 50, method: 4)]
        for (quality, alpha, filter, method) in [(0.0, 100, 2, 4), (75, 50, 1, 4), (90, 100, 2, 6), (40, 20, 0, 5)] {
            var options = WebPEncodeOptions.lossy(quality: quality, alphaQuality: alpha, method: method)
            options.alphaFiltering = filter
            settings.append(options)
        }
        for options in settings {
            var threaded = options
            threaded.secondThread = true
            XCTAssertEqual(try WebPEncoder(options: threaded).encode(image), try WebPEncoder(options: options).encode(image), "\(options)")
            XCTAssertEqual(try WebPEncoder(options: threaded).encodeAnimation(input, loopCount: 0),
                           try WebPEncoder(options: options).encodeAnimation(input, loopCount: 0), "\(options)")
        }
    }

    func testTargetSizeRunsLibwebpsSizeSearchAndItsPassesAreChecked() throws {
        let image = StickerArt.frame(width: 96, height: 96)
        let plain = try WebPEncoder(options: .lossy(quality: 75)).encode(image).count
        var aimed = WebPEncodeOptions.lossy(quality: 75)
        (aimed.targetSize, aimed.passes) = (plain / 2, 10)
        let small = try WebPEncoder(options: aimed).encode(image)
        XCTAssertLessThan(small.count, plain, "aimed at half quality 75's size")
        XCTAssertEqual(try WebPEncoder(options: aimed).encode(image), small)
        aimed.passes = 0
        XCTAssertThrowsError(try WebPEncoder(options: aimed).encode(image)) {
            XCTAssertEqual($0 as? CodecError, .invalidInput("WebP passes 0 is outside 1-10"))
        }
    }

    func testICCProfileIsWrittenOnlyWhenGiven() throws {
        let image = StickerArt.frame(width: 20, height: 20)
        let profile = [UInt8](repeating: 7, count: 132)
        let bytes = try WebPEncoder(options: WebPEncodeOptions(iccProfile: profile)).encode(image)
        XCTAssertEqual(Array(bytes[12..<16]), Array("VP8X".utf8))
        XCTAssertNotNil(bytes.firstRange(of: Array("ICCP".utf8)))
        XCTAssertNil(try WebPEncoder().encode(image).firstRange(of: Array("ICCP".utf8)))
        XCTAssertTrue(try ImageDecoder().decode(bytes).facts.color.hasICCProfile)
    }

    func testBadInputIsRefusedBeforeEncoding() {
        let image = StickerArt.frame(width: 8, height: 8)
        XCTAssertThrowsError(try WebPEncoder().encodeAnimation([], loopCount: 0))
        XCTAssertThrowsError(try WebPEncoder().encodeAnimation(
            [AnimationFrame(image: image, delay: .zero), AnimationFrame(image: PixelBuffer(width: 9, height: 8), delay: .zero)],
            loopCount: 0))
        XCTAssertThrowsError(try WebPEncoder().encodeAnimation([AnimationFrame(image: image, delay: .zero)], loopCount: 70000))
        XCTAssertThrowsError(try WebPEncoder(options: .lossy(quality: 101)).encode(image))
        XCTAssertThrowsError(try WebPEncoder().encode(PixelBuffer(width: 0, height: 0)))
        XCTAssertThrowsError(try WebPEncoder().encode(PixelBuffer(width: 16384, height: 1))) { error in
            XCTAssertEqual(error as? CodecError, .invalidInput("image is 16384x1 px; WebP allows at most 16383 px a side"))
        }
        var limits = DecodeLimits.default
        limits.maxFrames = 2
        XCTAssertThrowsError(try WebPEncoder(options: WebPEncodeOptions(limits: limits))
            .encodeAnimation([AnimationFrame](repeating: AnimationFrame(image: image, delay: .zero), count: 3), loopCount: 0)) {
            XCTAssertTrue(($0 as? CodecError)?.isLimit == true)
        }
    }
}
