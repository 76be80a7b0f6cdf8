@testable import ImageCodec
import XCTest

/// The colour census counts every frame exactly, however many frames are counted a chunk at a time.
final class ColorHistogramTests: XCTestCase {
    func testCountsEqualAPlainCountOverMoreFramesThanAChunk() {
        var s: UInt32 = 2024
        func next() -> UInt8 { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return UInt8(truncatingIfNeeded: s) }
        let frameCount = ColorHistogram.framesPerChunk * 2 + 3
        let images = (0..<frameCount).map { _ -> PixelBuffer in
            var image = PixelBuffer(width: 9, height: 7)
            for y in 0..<7 { for x in 0..<9 {
                let a = next() % 3 == 0 ? 0 : next()
                image[x, y] = RGBA(next() & 0xf0, next() & 0xc0, 40, a)   // repeats across frames
            } }
            return image
        }
        var expected: [UInt32: Int] = [:]
        for image in images {
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                let p = image.pixels
                let key = p[i + 3] == 0 ? 0 : UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
                expected[key, default: 0] += 1
            }
        }
        let histogram = ColorHistogram(images)
        let tally = ColorHistogram.tally(images)
        XCTAssertEqual(histogram.keys, expected.keys.sorted())
        XCTAssertEqual(tally.keys, histogram.keys)
        XCTAssertEqual(tally.counts.map(Int.init), expected.keys.sorted().map { expected[$0]! })
        XCTAssertEqual(tally.counts.reduce(0, +), UInt32(frameCount * 63))
        XCTAssertEqual(histogram.hasTransparent, expected[0] != nil)
    }

    /// The radix sort skips a pass whose digit every key shares: a flat frame skips all three, and
    /// colours that differ only in their top (alpha-free red) bits skip the lower two; merging lists
    /// sums a colour's counts, saturating rather than wrapping.
    func testTalliesOfFlatAndTopBitFramesAndSaturatingMerge() {
        var flat = PixelBuffer(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { flat[x, y] = RGBA(9, 8, 7, 255) } }
        XCTAssertEqual(ColorHistogram.tally(of: flat), .init(keys: [0x0908_07ff], counts: [15]))
        var top = PixelBuffer(width: 4, height: 1)
        for (x, r) in [200, 3, 200, 128].enumerated() { top[x, 0] = RGBA(UInt8(r), 0, 0, 255) }
        XCTAssertEqual(ColorHistogram.tally(of: top), .init(keys: [0x0300_00ff, 0x8000_00ff, 0xc800_00ff], counts: [1, 1, 2]))
        let a = ColorHistogram.Tally(keys: [1, 5, 9], counts: [2, .max - 1, 4])
        let b = ColorHistogram.Tally(keys: [0, 5, 10], counts: [1, 3, 6])
        XCTAssertEqual(ColorHistogram.merged(a, b), .init(keys: [0, 1, 5, 9, 10], counts: [1, 2, .max, 4, 6]))
        XCTAssertEqual(ColorHistogram.merged(b, a), ColorHistogram.merged(a, b))
    }

    /// Dropping `shift` bits (alpha at most 2) merges at most 2^(3 shift + min(shift, 2)) colours
    /// into a cell: shifts that must leave more than `pointLimit` cells are skipped unbuilt, and the
    /// points are those of the first shift that fits.
    func testShiftsThatCannotFitAreSkippedAndThePointsAreTheFirstFittingShifts() {
        let limit = ColorHistogram.pointLimit
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit + 1), 1)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 16), 1)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 16 + 1), 2)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 256 + 1), 3)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 2048), 3)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 2048 + 1), 4)
        XCTAssertEqual(ColorHistogram.firstShift(colours: Int(UInt32.max)), 6)
        // 700x700 noisy pixels from 2^21 colours in 8,192 cells of 2 dropped bits: over 400,000
        // colours, so shift 1 is skipped unbuilt, and shift 2 fits.
        var s: UInt32 = 77
        func next() -> UInt8 { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return UInt8(truncatingIfNeeded: s) }
        var image = PixelBuffer(width: 700, height: 700)
        for y in 0..<700 { for x in 0..<700 { image[x, y] = RGBA(next() & 0x3f, next() & 0x1f, next() & 0x0f, 0xc0 | next() & 0x3f) } }
        let histogram = ColorHistogram([image])
        XCTAssertGreaterThan(histogram.keys.count, limit * 16)
        let mask = UInt32(0xFC) * 0x0101_0101
        var cells: [UInt32: (sum: PerceptualColor, weight: Float)] = [:], order: [UInt32] = []
        for (key, count) in zip(histogram.keys, ColorHistogram.tally([image]).counts) {
            let w = Float(count), point = PerceptualColor(RGBA(censusKey: key)) * w
            if let c = cells[key & mask] { cells[key & mask] = (c.sum + point, c.weight + w) } else { cells[key & mask] = (point, w); order.append(key & mask) }
        }
        XCTAssertLessThanOrEqual(order.count, limit)
        XCTAssertEqual(histogram.points, order.map { cells[$0]!.sum * (1 / cells[$0]!.weight) })
        XCTAssertEqual(histogram.weights, order.map { cells[$0]!.weight })
    }

    /// Grainy colours over a soft alpha ramp (a translucent video's glow) have far more colours
    /// than `pointLimit`, so their points are cells; alpha must keep its levels in them, or the
    /// palette bands the ramp in rings. Eight grainy hues in bands across a ramp, 256 colours:
    /// alpha merged like the colour (16 levels at shift 4) left every band 3.8-4.0 levels off on
    /// average; now each is within 3.3.
    func testGrainyRampsKeepTheirAlphaLevelsWhenColoursAreMergedIntoCells() throws {
        var s: UInt32 = 9
        func grain() -> Int { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return Int(s % 65) - 32 }
        let hues: [(Int, Int, Int)] = [(220, 40, 40), (40, 200, 60), (230, 220, 30), (30, 40, 220),
                                       (200, 40, 210), (40, 200, 210), (128, 128, 128), (250, 150, 60)]
        func code(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
        var image = PixelBuffer(width: 512, height: 512)
        for y in 0..<512 { for x in 0..<512 {
            let h = hues[y / 64]
            image[x, y] = RGBA(code(h.0 + grain()), code(h.1 + grain()), code(h.2 + grain()), UInt8(x / 2))
        } }
        let census = ColorCensus([image])
        XCTAssertGreaterThan(census.histogram.keys.count, ColorHistogram.pointLimit)
        let quantiser = PaletteQuantizer(maxColors: 256)
        let out = try quantiser.remap([image], census: census, palette: try quantiser.palette(for: census))[0]
        var error = [Int](repeating: 0, count: 8)
        for y in 0..<512 { for x in 0..<512 {
            let i = (y * 512 + x) * 4 + 3
            error[y / 64] += abs(Int(out.pixels[i]) - Int(image.pixels[i]))
        } }
        let perBand = error.map { Double($0) / (64 * 512) }
        XCTAssertLessThan(perBand.max()!, 3.5, "mean alpha error per band")
    }

    /// The census's bucketed lookup finds every counted colour at its place in the sorted list, and
    /// no other: keys at the ends of the range, in the first and last buckets, and absent neighbours.
    func testCensusLookupFindsEveryKeyAndNothingElse() {
        var image = PixelBuffer(width: 6, height: 2)
        let colours = [RGBA(0, 0, 0, 0), RGBA(0, 0, 0, 1), RGBA(0, 0, 9, 255), RGBA(0, 1, 0, 255), RGBA(17, 200, 3, 40),
                       RGBA(17, 200, 4, 40), RGBA(128, 0, 0, 255), RGBA(255, 255, 254, 255), RGBA(255, 255, 255, 255),
                       RGBA(255, 255, 255, 255), RGBA(255, 0, 255, 7), RGBA(1, 255, 0, 3)]
        for (n, c) in colours.enumerated() { image[n % 6, n / 6] = c }
        let census = ColorCensus([image])
        let keys = census.histogram.keys
        XCTAssertEqual(keys.count, 11)
        census.withPositionLookup { position in
            for (n, key) in keys.enumerated() { XCTAssertEqual(position(key), n, "key \(String(key, radix: 16))") }
            for absent: UInt32 in [0x0000_0002, 0x0000_09fe, 0x11c8_0329, 0x8000_00fe, 0xffff_fefe, 0xffff_fffe, 0x0100_00ff] {
                XCTAssertNil(position(absent), "key \(String(absent, radix: 16))")
            }
        }
    }
    /// Within one bucket (keys sharing red and green) the lookup halves branch-free: every bucket
    /// length from 1 to 40, and a full 256, finds each present key at its place and none of the
    /// absent keys between, below and above them.
    func testCensusLookupFindsKeysInBucketsOfEveryLength() {
        var pixels: [RGBA] = []
        let lengths = Array(1...40) + [256]
        for (bucket, length) in lengths.enumerated() {
            for n in 0..<length { pixels.append(RGBA(UInt8(bucket + 1), 7, UInt8(n), 2 + 2 * UInt8(n % 100))) }
        }
        var image = PixelBuffer(width: pixels.count, height: 1)
        for (x, c) in pixels.enumerated() { image[x, 0] = c }
        let census = ColorCensus([image])
        let keys = census.histogram.keys
        XCTAssertEqual(keys.count, pixels.count)
        census.withPositionLookup { position in
            for (n, key) in keys.enumerated() {
                XCTAssertEqual(position(key), n, "key \(String(key, radix: 16))")
                XCTAssertNil(position(key - 1), "key \(String(key - 1, radix: 16))")
                XCTAssertNil(position(key + 1), "key \(String(key + 1, radix: 16))")
            }
            XCTAssertNil(position(0x0007_0000))
            XCTAssertNil(position(0x2a07_ffff))
        }
    }
}
