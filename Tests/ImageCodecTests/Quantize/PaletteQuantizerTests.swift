import ImageCodec
import XCTest

final class PaletteQuantizerTests: XCTestCase {
    /// A deterministic pseudo-random image (xorshift), with a transparent left column.
    static func noise(width: Int, height: Int, seed: UInt32, levels: Int = 256) -> PixelBuffer {
        var s = seed | 1
        var image = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                s ^= s << 13; s ^= s >> 17; s ^= s << 5
                let step = 256 / levels
                image[x, y] = x == 0 ? .clear
                    : RGBA(UInt8(Int(s & 255) / step * step), UInt8(Int(s >> 8 & 255) / step * step),
                           UInt8(Int(s >> 16 & 255) / step * step), 255)
            }
        }
        return image
    }

    func testFewColoursAreKeptExactly() throws {
        var a = PixelBuffer(width: 3, height: 1, fill: RGBA(10, 20, 30))
        a[1, 0] = RGBA(200, 100, 50, 128); a[2, 0] = .clear
        let (palette, frames) = try PaletteQuantizer(maxColors: 4).quantize([a])
        XCTAssertEqual(Set(palette), [RGBA(10, 20, 30), RGBA(200, 100, 50, 128), .clear])
        XCTAssertEqual(frames, [a])
    }

    func testPaletteRespectsSizeKeepsTransparencyExactAndIsShared() throws {
        let frames = [Self.noise(width: 40, height: 30, seed: 1), Self.noise(width: 40, height: 30, seed: 2)]
        let (palette, out) = try PaletteQuantizer(maxColors: 16).quantize(frames)
        XCTAssertLessThanOrEqual(palette.count, 16)
        XCTAssertEqual(palette.first, .clear)
        let used = Set(out.flatMap { f in (0..<f.pixelCount).map { f[$0 % f.width, $0 / f.width] } })
        XCTAssertTrue(used.isSubset(of: Set(palette)))
        for (f, q) in zip(frames, out) {
            for y in 0..<f.height {
                XCTAssertEqual(q[0, y], .clear)          // transparent stays exactly transparent
                XCTAssertEqual(q[1, y].a, 255)           // opaque stays opaque
            }
        }
    }

    func testClustersMapToTheirOwnCentres() throws {
        // Four tight clusters; with four entries each pixel must land within a few codes of itself.
        var image = PixelBuffer(width: 8, height: 8)
        let centres = [RGBA(20, 20, 20), RGBA(230, 30, 30), RGBA(30, 200, 40), RGBA(40, 40, 220)]
        for y in 0..<8 { for x in 0..<8 {
            let c = centres[(y / 4) * 2 + x / 4], d = UInt8(x % 2 + y % 2)
            image[x, y] = RGBA(c.r + d, c.g + d, c.b + d)
        } }
        let (palette, out) = try PaletteQuantizer(maxColors: 4).quantize([image])
        XCTAssertEqual(palette.count, 4)
        for y in 0..<8 { for x in 0..<8 {
            let p = image[x, y], q = out[0][x, y]
            XCTAssertLessThanOrEqual(abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)), 6, "at \(x),\(y)")
        } }
    }

    func testDeterministicAcrossRuns() throws {
        let frames = (1...3).map { Self.noise(width: 50, height: 20, seed: UInt32($0)) }
        let a = try PaletteQuantizer(maxColors: 32).quantize(frames, dithering: .floydSteinberg(strength: 0.5))
        let b = try PaletteQuantizer(maxColors: 32).quantize(frames, dithering: .floydSteinberg(strength: 0.5))
        XCTAssertEqual(a.palette, b.palette)
        XCTAssertEqual(a.frames, b.frames)
    }

    func testDitheringLeavesUnchangedPixelsOfLaterFramesAlone() throws {
        let first = Self.noise(width: 30, height: 30, seed: 9)
        var second = first
        for y in 0..<5 { for x in 20..<30 { second[x, y] = RGBA(255, 255, 255) } }
        let out = try PaletteQuantizer(maxColors: 8).quantize([first, second], dithering: .floydSteinberg(strength: 1)).frames
        for y in 0..<30 { for x in 0..<30 where first[x, y] == second[x, y] {
            XCTAssertEqual(out[0][x, y], out[1][x, y], "still pixel \(x),\(y) changed between frames")
        } }
    }

    func testRejectsBadPaletteSizes() {
        let census = ColorCensus([Self.noise(width: 4, height: 4, seed: 3)])
        XCTAssertThrowsError(try PaletteQuantizer(maxColors: 1).palette(for: census)) { error in
            XCTAssertEqual(error as? CodecError, .invalidInput("palette size 1 is outside 2...256"))
        }
        XCTAssertThrowsError(try PaletteQuantizer(maxColors: 257).palette(for: census))
    }
}
