import ImageCodec
@testable import StickerKit
import XCTest

final class NearestOpaqueMapTests: XCTestCase {
    /// Every judged pixel's seed from the passes over the band equals the seed from the passes over
    /// the whole canvas, on every `edge_halo` example and on sparse soft islands near the radius.
    func testBandGivesTheWholeCanvasSeeds() {
        let compared = Self.compareSeeds(Self.exampleFrames() + [Self.islands()]) { buffer in
            (NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius),
             NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius, wholeCanvas: true))
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// One scratch reused across frames (the same size one after another, then other sizes, then the
    /// first again) gives every judged pixel the seed a fresh map gives it: nothing of the previous
    /// frame is left in the buffers.
    func testReusedScratchGivesTheFreshSeeds() {
        let examples = Self.exampleFrames()
        let buffers = examples + [Self.islands(), examples[0], ExampleImage.canvas(30, 20, inset: 4, fringe: RGBA(0, 0, 0, 100)), examples[1]]
        let scratch = NearestOpaqueMap.Scratch()
        let compared = Self.compareSeeds(buffers) { buffer in
            (NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius, scratch: scratch),
             NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius))
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// The first frame of every `edge_halo` example.
    private static func exampleFrames() -> [PixelBuffer] {
        let examples = EdgeHaloCheck.examples
        return (examples.triggering + examples.nonTriggering).compactMap { example in
            guard case .sticker(let subject) = example.input else { return nil }
            return subject.image?.frames.first?.image
        }
    }

    /// Asserts that the two maps `maps` makes of each buffer give every judged pixel the same seed;
    /// returns how many pixels were compared.
    private static func compareSeeds(_ buffers: [PixelBuffer],
                                     _ maps: (PixelBuffer) -> (NearestOpaqueMap, NearestOpaqueMap)) -> Int {
        var compared = 0
        for buffer in buffers {
            let (tried, reference) = maps(buffer)
            for i in 0..<buffer.pixelCount {
                let a = buffer.pixels[i * 4 + 3]
                guard a >= EdgeMatteModel.minEdgeAlpha, a < 255 else { continue }
                XCTAssertEqual(tried.seed(of: i), reference.seed(of: i), "pixel \(i)")
                compared += 1
            }
        }
        return compared
    }

    /// A soft pixel 31 px right of the opaque block finds its right edge; one 33 px away has no
    /// reference (outside the radius of 32); a diagonal one at (24, 24) px away (33.9 px) has none either.
    func testRadiusBoundsTheSeeds() {
        let buffer = Self.islands()
        let map = NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius)
        XCTAssertEqual(map.seed(of: 15 * 120 + 50), 15 * 120 + 19)
        XCTAssertNil(map.seed(of: 15 * 120 + 52))
        XCTAssertNil(map.seed(of: 43 * 120 + 43))
        XCTAssertEqual(map.seed(of: 20 * 120 + 10), 19 * 120 + 10)
    }

    /// Selection finds what a full sort puts at each rank, with duplicates and any order.
    func testSelectMatchesSortedRank() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 7, 64, 501] {
            let values = (0..<count).map { _ in Double(Int.random(in: -20...20, using: &generator)) / 4 }
            let sorted = values.sorted()
            for rank in Set([0, count / 2, count - 1]) {
                var scratch = values
                XCTAssertEqual(EdgeMatteModel.select(&scratch, rank: rank), sorted[rank], "\(values) rank \(rank)")
            }
        }
    }

    /// 120x120: an opaque 10x10 block at (10-19, 10-19), a soft row under it, and soft pixels
    /// scattered at 31, 33 and 24 + 24 px from it.
    static func islands() -> PixelBuffer {
        var buffer = PixelBuffer(width: 120, height: 120)
        for y in 10..<20 { for x in 10..<20 { buffer[x, y] = RGBA(200, 100, 50) } }
        for x in 10..<20 { buffer[x, 20] = RGBA(200, 100, 50, 128) }
        buffer[50, 15] = RGBA(0, 0, 0, 100)
        buffer[52, 15] = RGBA(0, 0, 0, 100)
        buffer[43, 43] = RGBA(0, 0, 0, 100)
        for x in 80..<100 { buffer[x, 100] = RGBA(9, 9, 9, 60) }
        return buffer
    }
}
