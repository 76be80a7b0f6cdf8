import ImageCodec
import TestSupport
import XCTest

/// Decodes the committed WebP fixtures (Tests/ImageCodecTests/Fixtures/WebP/gen-webp-fixtures.py, libwebp 1.2.4's tools) and
/// compares them with references: lossless exactly with its source pixels, lossy within 2 levels
/// of dwebp's decode (the same libwebp, so in practice exact), lossy animation within 2 levels of
/// Pillow's decode (its own bundled libwebp). Durations and loop counts must be exact.
final class WebPFixtureTests: XCTestCase {
    static func bytes(_ name: String) throws -> [UInt8] { try WebPFixtures.bytes(name) }

    /// The largest channel difference between decoded frames and a raw RGBA reference; pixels
    /// transparent in both compare equal whatever their colour (WebP may drop colour under alpha 0).
    private func worstDifference(_ image: DecodedImage, reference name: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let reference = try Self.bytes(name)
        let frameBytes = image.width * image.height * 4
        XCTAssertEqual(reference.count, frameBytes * image.frames.count, "reference size", file: file, line: line)
        guard reference.count == frameBytes * image.frames.count else { return .max }
        var worst = 0
        for (index, frame) in image.frames.enumerated() {
            let got = frame.image.pixels, base = index * frameBytes
            for p in stride(from: 0, to: frameBytes, by: 4) where !(got[p + 3] == 0 && reference[base + p + 3] == 0) {
                for c in 0..<4 { worst = max(worst, abs(Int(got[p + c]) - Int(reference[base + p + c]))) }
            }
        }
        return worst
    }

    func testLosslessIsExactWithAlpha() throws {
        let image = try ImageDecoder().decode(Self.bytes("lossless.webp"))
        XCTAssertEqual([image.width, image.height, image.frames.count, image.loopCount], [48, 32, 1, 0])
        XCTAssertEqual(image.facts.format, .webp)
        XCTAssertEqual(image.facts.colorModel, .rgba)
        XCTAssertEqual(image.facts.transparency, .alphaChannel)
        XCTAssertNil(image.facts.declaredLoopCount)
        XCTAssertEqual(image.facts.fileSize, try Self.bytes("lossless.webp").count)
        XCTAssertFalse(image.isAnimated)
        // cwebp -exact keeps even the colour under alpha 0: every byte equals the source.
        XCTAssertEqual(image.frames[0].image.pixels, try Self.bytes("lossless.src.rgba"))
    }

    func testLossyMatchesDwebp() throws {
        let image = try ImageDecoder().decode(Self.bytes("lossy.webp"))
        XCTAssertEqual("\(image.facts.colorModel.rawValue) \(image.facts.transparency.rawValue)", "ycbcr none")
        XCTAssertLessThanOrEqual(try worstDifference(image, reference: "lossy.dwebp.rgba"), 2)
        XCTAssertFalse(image.frames[0].image.hasTransparency)
        let alpha = try ImageDecoder().decode(Self.bytes("alpha-lossy.webp"))
        XCTAssertEqual("\(alpha.facts.colorModel.rawValue) \(alpha.facts.transparency.rawValue)", "ycbcr alpha-channel")
        XCTAssertLessThanOrEqual(try worstDifference(alpha, reference: "alpha-lossy.dwebp.rgba"), 2)
        XCTAssertTrue(alpha.frames[0].image.hasTransparency)
    }

    func testICCAndEXIFFacts() throws {
        let image = try ImageDecoder().decode(Self.bytes("icc-exif.webp"))
        XCTAssertTrue(image.facts.color.hasICCProfile)
        XCTAssertEqual(image.facts.color.iccProfileName, "sRGB built-in")
        XCTAssertEqual(image.facts.color.iccProfileIsSRGB, true)
        XCTAssertEqual(image.facts.exifOrientation, 6)
        XCTAssertEqual(image.frames[0].image.pixels, try Self.bytes("lossless.src.rgba"))
        let plain = try ImageDecoder().decode(Self.bytes("lossless.webp"))
        XCTAssertFalse(plain.facts.color.hasICCProfile)
        XCTAssertNil(plain.facts.exifOrientation)
    }

    func testLosslessAnimationComposesToItsSourceFrames() throws {
        let image = try ImageDecoder().decode(Self.bytes("anim.webp"))
        XCTAssertEqual(image.frames.count, 4)
        XCTAssertTrue(image.isAnimated)
        XCTAssertEqual(image.frames.map(\.delay), [40, 70, 120, 20].map { FrameDelay.milliseconds($0) })
        XCTAssertEqual(image.loopCount, 3)
        XCTAssertEqual(image.facts.declaredLoopCount, 3)
        XCTAssertEqual(image.facts.frameCount, 4)
        XCTAssertEqual(image.facts.rawFrames.count, 4)
        XCTAssertEqual(image.frames.map(\.raw), image.facts.rawFrames.map { Optional($0) })
        XCTAssertEqual(image.facts.rawFrames[0].region, PixelRegion(x: 0, y: 0, width: 48, height: 32))
        for raw in image.facts.rawFrames {
            XCTAssertTrue(raw.region.x >= 0 && raw.region.maxX <= 48 && raw.region.y >= 0 && raw.region.maxY <= 32)
        }
        XCTAssertEqual(image.loopDurationMilliseconds, 250)
        XCTAssertEqual(try worstDifference(image, reference: "anim.src.rgba"), 0)
    }

    /// gif2webp's lossless WebP of a GIF with cropped frames and disposal: sub-frame regions with
    /// blend and dispose ops, composited by libwebp, give exactly the GIF's canvases.
    func testRegionsBlendAndDisposeComposeLikeTheGIFTheyCameFrom() throws {
        let webp = try ImageDecoder().decode(Self.bytes("regions.webp"))
        let gif = try ImageDecoder().decode(Self.bytes("regions.gif"))
        XCTAssertEqual(webp.frames.map(\.delay.milliseconds), [60, 90, 30, 150])
        XCTAssertEqual(gif.frames.map(\.delay.milliseconds), [60, 90, 30, 150])
        XCTAssertEqual(webp.loopCount, 3)
        XCTAssertEqual(webp.facts.rawFrames, [
            // webpinfo prints the ANMF bits: "Blend: 1" is "do not blend" (source), "Dispose: 1" is background.
            RawFrameInfo(region: PixelRegion(x: 2, y: 2, width: 36, height: 23), dispose: .none, blend: .source),
            RawFrameInfo(region: PixelRegion(x: 4, y: 12, width: 27, height: 25), dispose: .background, blend: .source),
            RawFrameInfo(region: PixelRegion(x: 18, y: 12, width: 13, height: 13), dispose: .none, blend: .over),
            RawFrameInfo(region: PixelRegion(x: 10, y: 12, width: 28, height: 25), dispose: .none, blend: .source),
        ])
        XCTAssertEqual(webp.frames.map { $0.image.normalizedTransparent() }, gif.frames.map { $0.image.normalizedTransparent() })
    }

    func testLossyAnimationMatchesPillow() throws {
        let image = try ImageDecoder().decode(Self.bytes("anim-lossy.webp"))
        XCTAssertEqual(image.frames.map(\.delay), [100, 50, 250].map { FrameDelay.milliseconds($0) })
        XCTAssertEqual(image.loopCount, 0)
        XCTAssertEqual(image.facts.declaredLoopCount, 0)
        XCTAssertEqual(image.facts.colorModel, .ycbcr)
        XCTAssertLessThanOrEqual(try worstDifference(image, reference: "anim-lossy.pillow.rgba"), 2)
    }

    func testTruncatedFileIsRefusedWithAReason() throws {
        XCTAssertThrowsError(try ImageDecoder().decode(Self.bytes("truncated.webp"))) { error in
            guard case CodecError.truncated = error else { return XCTFail("expected truncated, got \(error)") }
        }
    }
}
