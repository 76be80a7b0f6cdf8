@testable import ImageCodec
import TestSupport
import XCTest

/// Colour tables, transparency, interlacing, loop counts, delays and source facts.
final class GIFDecoderTests: XCTestCase {
    private typealias F = GIFFixtures
    private let clear = RGBA.clear

    private func decode(_ encoder: GIFFixtureEncoder, limits: DecodeLimits = .default) throws -> DecodedImage {
        try ImageDecoder(limits: limits).decode(encoder.encode())
    }

    func testGlobalThenLocalColourTable() throws {
        let image = try decode(GIFFixtureEncoder(width: 2, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 2, height: 2, indices: [0, 1, 2, 3]),
            GIFFixtureFrame(width: 2, height: 1, indices: [1, 0],
                            localPalette: [RGBA(10, 20, 30), RGBA(200, 150, 100)]),
        ]))
        XCTAssertEqual(image.frames.count, 2)
        XCTAssertEqual(image.frames[0].image, F.canvas([[F.red, F.green], [F.blue, F.white]]))
        XCTAssertEqual(image.frames[1].image,
                       F.canvas([[RGBA(200, 150, 100), RGBA(10, 20, 30)], [F.blue, F.white]]))
        XCTAssertEqual(image.facts.format, .gif)
        XCTAssertEqual(image.facts.colorModel, .indexed)
        XCTAssertEqual(image.facts.paletteSize, 4)
        XCTAssertEqual(image.facts.bitDepth, 2)
        XCTAssertEqual(image.facts.transparency, TransparencyKind.none)
        XCTAssertFalse(image.facts.interlaced)
        XCTAssertEqual(image.facts.frameCount, 2)
        XCTAssertTrue(image.isAnimated)
    }

    func testOnlyLocalTablesGivePaletteSizeOfTheFirstLocal() throws {
        let local = (0..<8).map { RGBA(UInt8($0 * 30), 0, 0) }
        let image = try decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: nil, frames: [
            GIFFixtureFrame(width: 1, height: 1, indices: [5], localPalette: local),
        ]))
        XCTAssertEqual(image.facts.paletteSize, 8)
        XCTAssertEqual(image.facts.bitDepth, 3)
        XCTAssertEqual(image.frames[0].image, F.canvas([[RGBA(150, 0, 0)]]))
    }

    func testTransparentIndexShowsTheCanvasBeneath() throws {
        let image = try decode(GIFFixtureEncoder(width: 3, height: 1, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 3, height: 1, indices: [2, 2, 3], transparentIndex: 3),
            GIFFixtureFrame(width: 3, height: 1, indices: [0, 2, 1], transparentIndex: 2),
        ]))
        XCTAssertEqual(image.frames[0].image, F.canvas([[F.blue, F.blue, clear]]))
        XCTAssertEqual(image.frames[1].image, F.canvas([[F.red, F.blue, F.green]]))
        XCTAssertEqual(image.facts.transparency, .gifTransparentIndex)
    }

    func testInterlacedFrameIsDeinterlaced() throws {
        let table = (0..<16).map { RGBA(UInt8($0 * 16), UInt8(255 - $0 * 16), 7) }
        let rows = 11
        let indices = (0..<rows).flatMap { row in [UInt8(row), UInt8(15 - row)] }
        let image = try decode(GIFFixtureEncoder(width: 2, height: rows, globalPalette: table, frames: [
            GIFFixtureFrame(width: 2, height: rows, indices: indices, interlaced: true),
        ]))
        XCTAssertEqual(image.frames[0].image, F.canvas((0..<rows).map { [table[$0], table[15 - $0]] }))
        XCTAssertTrue(image.facts.interlaced)
    }

    func testIndexPastTheTableIsOpaqueBlackAsInChromium() throws {
        // A 2-entry table with LZW code size 2 can still carry indices 2 and 3. Chromium draws them
        // opaque black (measured with ImageDecoder, docs/verification.md); the transparent index
        // stays transparent even past the table.
        let image = try decode(GIFFixtureEncoder(width: 3, height: 1, globalPalette: [F.red, F.green], frames: [
            GIFFixtureFrame(width: 3, height: 1, indices: [1, 3, 2], transparentIndex: 2),
        ]))
        XCTAssertEqual(image.frames[0].image, F.canvas([[F.green, RGBA(0, 0, 0), clear]]))
        XCTAssertNil(image.facts.framesWithoutColorTable)
    }

    func testNetscapeLoopCounts() throws {
        let frames = [GIFFixtureFrame(width: 1, height: 1, indices: [0]), GIFFixtureFrame(width: 1, height: 1, indices: [1])]
        let forever = try decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, loopCount: 0, frames: frames))
        XCTAssertEqual(forever.loopCount, 0)
        XCTAssertEqual(forever.facts.declaredLoopCount, 0)
        let three = try decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, loopCount: 3, frames: frames))
        XCTAssertEqual(three.loopCount, 4, "browsers read NETSCAPE 3 as 3 repeats after the first play")
        XCTAssertEqual(three.facts.declaredLoopCount, 3)
        let twice = try decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, loopCount: 1, frames: frames))
        XCTAssertEqual(twice.loopCount, 2)
        XCTAssertEqual(twice.facts.declaredLoopCount, 1)
        let once = try decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, loopCount: nil, frames: frames))
        XCTAssertEqual(once.loopCount, 1, "a GIF without NETSCAPE2.0 plays once")
        XCTAssertNil(once.facts.declaredLoopCount)
    }

    func testDelaysAreKeptExactlyIncludingZero() throws {
        let image = try decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 1, height: 1, indices: [0], delayCentiseconds: 0),
            GIFFixtureFrame(width: 1, height: 1, indices: [1], delayCentiseconds: 1),
            GIFFixtureFrame(width: 1, height: 1, indices: [2], delayCentiseconds: 7),
            GIFFixtureFrame(width: 1, height: 1, indices: [3]),
        ]))
        let delays = image.frames.map(\.delay)
        XCTAssertEqual(delays, [.centiseconds(0), .centiseconds(1), .centiseconds(7), .centiseconds(0)])
        XCTAssertEqual(delays.map(\.numerator), [0, 1, 7, 0])
        XCTAssertEqual(delays.map(\.denominator), [100, 100, 100, 100])
        XCTAssertEqual(image.loopDurationMilliseconds, 80)
    }

    func testAnimatedFixtureFactsAndRawFrames() throws {
        let bytes = F.animated()
        let image = try ImageDecoder().decode(bytes)
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 9)
        XCTAssertEqual(image.facts.frameCount, 3)
        XCTAssertEqual(image.facts.fileSize, bytes.count)
        XCTAssertTrue(image.facts.interlaced)
        XCTAssertEqual(image.facts.transparency, .gifTransparentIndex)
        XCTAssertEqual(image.facts.rawFrames, [
            RawFrameInfo(region: PixelRegion(x: 0, y: 0, width: 4, height: 9), dispose: .none, blend: .over),
            RawFrameInfo(region: PixelRegion(x: 1, y: 2, width: 3, height: 9), dispose: .previous, blend: .over),
            RawFrameInfo(region: PixelRegion(x: 2, y: 0, width: 2, height: 2), dispose: .background, blend: .over),
        ])
        XCTAssertEqual(image.frames.map(\.raw), image.facts.rawFrames)
    }
}
