import ImageCodec
import TestSupport
import XCTest

/// APNG frames built byte by byte, decoded and checked pixel by pixel against what the APNG
/// specification (and Pillow, cross-checked by hand) shows.
final class APNGCompositingTests: XCTestCase {
    let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255)

    func solid(_ width: Int, _ height: Int, _ colour: RGBA) -> PixelBuffer {
        PixelBuffer(width: width, height: height, fill: colour)
    }

    /// A 4x4 red first frame, then a 2x2 green frame at (1,1) with `dispose`, then a 1x1 blue
    /// frame at (0,0): the third frame shows what the dispose left behind.
    func decodeDisposeCase(_ dispose: UInt8) throws -> DecodedImage {
        let fixture = APNGFixture(width: 4, height: 4, frames: [
            .init(solid(4, 4, red)),
            .init(solid(2, 2, green), x: 1, y: 1, dispose: dispose),
            .init(solid(1, 1, blue), blend: 1),
        ])
        return try PNGDecoder().decode(fixture.bytes())
    }

    func testDisposeNoneKeepsTheFrame() throws {
        let image = try decodeDisposeCase(0)
        XCTAssertEqual(image.frames.count, 3)
        XCTAssertEqual(image.frames[0].image, solid(4, 4, red))
        var expected = solid(4, 4, red)
        for y in 1...2 { for x in 1...2 { expected[x, y] = green } }
        XCTAssertEqual(image.frames[1].image, expected)
        expected[0, 0] = blue
        XCTAssertEqual(image.frames[2].image, expected)
    }

    func testDisposeBackgroundClearsTheRegionToTransparentBlack() throws {
        let image = try decodeDisposeCase(1)
        var expected = solid(4, 4, red)
        for y in 1...2 { for x in 1...2 { expected[x, y] = green } }
        XCTAssertEqual(image.frames[1].image, expected, "the frame itself is shown before disposal")
        for y in 1...2 { for x in 1...2 { expected[x, y] = .clear } }
        expected[0, 0] = blue
        XCTAssertEqual(image.frames[2].image, expected)
    }

    func testDisposePreviousRestoresTheRegion() throws {
        let image = try decodeDisposeCase(2)
        var expected = solid(4, 4, red)
        expected[0, 0] = blue
        XCTAssertEqual(image.frames[2].image, expected)
        XCTAssertEqual(image.facts.rawFrames.map(\.dispose), [.none, .previous, .none])
    }

    func testDisposePreviousOnTheFirstFrameActsAsBackground() throws {
        let fixture = APNGFixture(width: 2, height: 1, frames: [
            .init(solid(2, 1, red), dispose: 2),
            .init(solid(1, 1, blue), x: 1, blend: 1),
        ])
        let image = try PNGDecoder().decode(fixture.bytes())
        XCTAssertEqual(image.frames[1].image.pixels, [0, 0, 0, 0, 0, 0, 255, 255])
        XCTAssertEqual(image.frames[0].raw?.dispose, .previous, "raw keeps the stored value")
    }

    func testBlendSourceReplacesAndBlendOverComposites() throws {
        let halfBlue = RGBA(0, 0, 255, 128), halfRed = RGBA(255, 0, 0, 128)
        for (blend, base, expected) in [
            (UInt8(0), red, halfBlue),
            (UInt8(1), red, RGBA(127, 0, 128, 255)),
            (UInt8(1), halfRed, RGBA(85, 0, 170, 192)),
        ] {
            let fixture = APNGFixture(width: 2, height: 2, frames: [
                .init(solid(2, 2, base)),
                .init(solid(1, 1, halfBlue), x: 1, y: 1, blend: blend),
            ])
            let frame = try PNGDecoder().decode(fixture.bytes()).frames[1].image
            XCTAssertEqual(frame[1, 1], expected, "blend \(blend) over \(base)")
            XCTAssertEqual(frame[0, 0], base, "outside the region nothing changes")
        }
    }

    func testHiddenDefaultImageIsNotAFrame() throws {
        let fixture = APNGFixture(width: 2, height: 2, plays: 3, frames: [
            .init(solid(2, 2, red)), .init(solid(2, 2, blue)),
        ], hiddenDefault: solid(2, 2, green))
        let image = try PNGDecoder().decode(fixture.bytes())
        XCTAssertEqual(image.facts.defaultImage, .hidden)
        XCTAssertEqual(image.facts.format, .apng)
        XCTAssertEqual(image.frames.map(\.image), [solid(2, 2, red), solid(2, 2, blue)])
        XCTAssertEqual(image.facts.frameCount, 2)
        XCTAssertEqual(image.loopCount, 3)
        XCTAssertEqual(image.facts.declaredLoopCount, 3)
    }

    func testFirstFrameDefaultImageFactsAndRawFrames() throws {
        let fixture = APNGFixture(width: 4, height: 3, frames: [
            .init(solid(4, 3, red), delay: (5, 0)),
            .init(solid(2, 1, green), x: 2, y: 2, delay: (1, 30), dispose: 1, blend: 1),
        ])
        let bytes = fixture.bytes()
        let image = try PNGDecoder().decode(bytes)
        XCTAssertEqual(image.facts.defaultImage, .firstFrame)
        XCTAssertEqual(image.loopCount, 0)
        XCTAssertEqual(image.facts.declaredLoopCount, 0)
        XCTAssertEqual(image.facts.fileSize, bytes.count)
        XCTAssertEqual(image.frames[0].delay, FrameDelay(numerator: 5, denominator: 100), "delay_den 0 means 100")
        XCTAssertEqual(image.frames[0].delay.milliseconds, 50)
        XCTAssertEqual(image.frames[1].delay, FrameDelay(numerator: 1, denominator: 30))
        let expectedRaw = [
            RawFrameInfo(region: PixelRegion(x: 0, y: 0, width: 4, height: 3), dispose: .none, blend: .source),
            RawFrameInfo(region: PixelRegion(x: 2, y: 2, width: 2, height: 1), dispose: .background, blend: .over),
        ]
        XCTAssertEqual(image.facts.rawFrames, expectedRaw)
        XCTAssertEqual(image.frames.map(\.raw), expectedRaw)
        XCTAssertEqual(image.frames[1].image.width, 4, "every frame is the whole canvas")
        XCTAssertEqual(image.frames[1].image[3, 2], green)
        XCTAssertEqual(image.frames[1].image[1, 2], red)
    }
}
