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
}
