@testable import ImageCodec
import XCTest

/// Lottie and TGS decode through the contained renderer: frames match rlottie-python's renders,
/// timing is exact, vector output renders straight at a target size, and TGS equals its JSON.
final class LottieDecoderTests: XCTestCase {
    /// Compares every frame with the reference strip `name`.ref.png (rlottie-python, un-premultiplied).
    private func assertMatchesReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> DecodedImage {
        let image = try ImageDecoder().decode(try LottieFixture.bytes(name + ".json"))
        let strip = try ImageDecoder().decode(try LottieFixture.bytes(name + ".ref.png")).frames[0].image
        XCTAssertEqual(strip.width, image.width, file: file, line: line)
        XCTAssertEqual(strip.height, image.height * image.frames.count, file: file, line: line)
        for (i, frame) in image.frames.enumerated() {
            let expected = strip.cropped(to: PixelRegion(x: 0, y: i * image.height, width: image.width, height: image.height))
            let psnr = LottieFixture.psnr(frame.image, expected)
            XCTAssertGreaterThanOrEqual(psnr, 35, "\(name) frame \(i)", file: file, line: line)
        }
        return image
    }

    func testFramesMatchRlottiePythonAtTheCanvasSize() throws {
        let shapes = try assertMatchesReference("shapes")
        XCTAssertEqual(shapes.width, 512); XCTAssertEqual(shapes.height, 512)
        XCTAssertEqual(shapes.frames.count, 8)
        XCTAssertNotEqual(shapes.frames[0].image, shapes.frames[7].image, "the animation moves")
        // The half-transparent ellipse (layer opacity 50) comes out straight: full colour, alpha 128.
        let ghost = shapes.frames[0].image[256, 120]
        XCTAssertEqual(ghost.a, 128, accuracy: 1)
        XCTAssertEqual(ghost.g, 230, accuracy: 2, "\(ghost) is not premultiplied")
        XCTAssertEqual(shapes.frames[0].image[5, 5], .clear)

        let wide = try assertMatchesReference("wide")
        XCTAssertEqual(wide.width, 320); XCTAssertEqual(wide.height, 180)
        XCTAssertEqual(wide.frames.count, 6, "op 9 - ip 3")
        _ = try assertMatchesReference("fractional")
    }

    func testTimingAndFactsAreExact() throws {
        let shapes = try ImageDecoder().decode(try LottieFixture.bytes("shapes.json"))
        XCTAssertTrue(shapes.frames.allSatisfy { $0.delay == FrameDelay(numerator: 1, denominator: 16) })
        XCTAssertEqual(shapes.loopDurationMilliseconds, 500, accuracy: 1e-9)
        XCTAssertEqual(shapes.loopCount, 0)
        XCTAssertTrue(shapes.isAnimated)
        XCTAssertEqual(shapes.facts.format, .lottie)
        XCTAssertEqual(shapes.facts.frameCount, 8)
        XCTAssertEqual(shapes.facts.declaredLoopCount, 0)
        XCTAssertEqual(shapes.facts.transparency, .alphaChannel)
        let fractional = try ImageDecoder().decode(try LottieFixture.bytes("fractional.json"))
        XCTAssertEqual(fractional.frames.map(\.delay), Array(repeating: FrameDelay(numerator: 100, denominator: 2997), count: 5))
        XCTAssertEqual(fractional.frames.map(\.delay).reduce(FrameDelay.zero, +), FrameDelay(numerator: 500, denominator: 2997))
    }

    func testRendersStraightAtATargetSizeKeepingTheAspectRatio() throws {
        let square = try ImageDecoder().decode(try LottieFixture.bytes("shapes.json"), options: DecodeOptions(fitBox: 408))
        XCTAssertEqual(square.width, 408); XCTAssertEqual(square.height, 408)
        XCTAssertEqual(square.frames.count, 8)
        let wide = try ImageDecoder().decode(try LottieFixture.bytes("wide.json"), options: DecodeOptions(fitBox: 618))
        XCTAssertEqual(wide.width, 618); XCTAssertEqual(wide.height, 348, "180 * 618 / 320 = 347.6")
        // Raster formats ignore the box.
        let png = try PNGEncoder().encode(PixelBuffer(width: 3, height: 2, fill: RGBA(1, 2, 3)))
        XCTAssertEqual(try ImageDecoder().decode(png, options: DecodeOptions(fitBox: 408)).width, 3)
    }

    func testTGSDecodesToTheSameFramesAsItsJSON() throws {
        let json = try ImageDecoder().decode(try LottieFixture.bytes("shapes.json"))
        let tgs = try ImageDecoder().decode(try LottieFixture.bytes("shapes.tgs"))
        XCTAssertEqual(tgs.facts.format, .tgs)
        XCTAssertEqual(tgs.frames, json.frames)
    }
}
