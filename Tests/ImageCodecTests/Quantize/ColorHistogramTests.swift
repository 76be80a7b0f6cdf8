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
        XCTAssertEqual(histogram.keys, expected.keys.sorted())
        XCTAssertEqual(histogram.counts, expected.keys.sorted().map { expected[$0]! })
        XCTAssertEqual(histogram.counts.reduce(0, +), frameCount * 63)
        XCTAssertEqual(histogram.hasTransparent, expected[0] != nil)
    }

    /// Dropping `shift` bits merges at most 16^shift colours into a cell: shifts that must leave more
    /// than `pointLimit` cells are skipped unbuilt, and the points are those of the first shift that fits.
    func testShiftsThatCannotFitAreSkippedAndThePointsAreTheFirstFittingShifts() {
        let limit = ColorHistogram.pointLimit
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit + 1), 1)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 16), 1)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 16 + 1), 2)
        XCTAssertEqual(ColorHistogram.firstShift(colours: limit * 256 + 1), 3)
        XCTAssertEqual(ColorHistogram.firstShift(colours: Int(UInt32.max)), 5)
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
        for (key, count) in zip(histogram.keys, histogram.counts) {
            let w = Float(count), point = PerceptualColor(RGBA(censusKey: key)) * w
            if let c = cells[key & mask] { cells[key & mask] = (c.sum + point, c.weight + w) } else { cells[key & mask] = (point, w); order.append(key & mask) }
        }
        XCTAssertLessThanOrEqual(order.count, limit)
        XCTAssertEqual(histogram.points, order.map { cells[$0]!.sum * (1 / cells[$0]!.weight) })
        XCTAssertEqual(histogram.weights, order.map { cells[$0]!.weight })
    }
}
