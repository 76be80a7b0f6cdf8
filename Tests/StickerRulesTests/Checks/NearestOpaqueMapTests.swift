import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class NearestOpaqueMapTests: XCTestCase {
    /// Every judged pixel's seed from the passes over the band equals the seed from the passes over
    /// the whole canvas, on every `edge_halo` example and on sparse soft islands near the radius.
    func testBandGivesTheWholeCanvasSeeds() {
        let compared = Self.compareSeeds(EdgeHaloCheck.exampleFrames() + [Self.islands()]) { buffer in
            (NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius),
             NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius, wholeCanvas: true))
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// One scratch reused across frames (the same size one after another, then other sizes, then the
    /// first again) gives every judged pixel the seed a fresh map gives it: nothing of the previous
    /// frame is left in the buffers.
    func testReusedScratchGivesTheFreshSeeds() {
        let examples = EdgeHaloCheck.exampleFrames()
        let buffers = examples + [Self.islands(), examples[0], ExampleImage.canvas(30, 20, inset: 4, fringe: RGBA(0, 0, 0, 100)), examples[1]]
        let scratch = NearestOpaqueMap.Scratch()
        let compared = Self.compareSeeds(buffers) { buffer in
            (NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius, scratch: scratch),
             NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius))
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// The passes give every judged pixel the seed of the plain relaxation they were written from
    /// (`referenceSeeds`: whole canvas, every neighbour bounds-checked), on every `edge_halo`
    /// example, sparse islands, and speckled alpha full of equidistant ties.
    func testPassesGiveThePlainRelaxationsSeeds() {
        let buffers = EdgeHaloCheck.exampleFrames() + [Self.islands(), Self.speckle(), PixelBuffer(width: 1, height: 9, fill: RGBA(9, 9, 9, 100))]
        var compared = 0
        for buffer in buffers {
            let map = NearestOpaqueMap(buffer, radius: EdgeMatteModel.referenceRadius)
            let reference = Self.referenceSeeds(buffer, radius: EdgeMatteModel.referenceRadius)
            for i in 0..<buffer.pixelCount {
                let a = buffer.pixels[i * 4 + 3]
                guard a >= EdgeMatteModel.minEdgeAlpha, a < 255 else { continue }
                XCTAssertEqual(map.seed(of: i), reference[i], "pixel \(i) of \(buffer.width)x\(buffer.height)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 22_000)
    }

    /// The band is exactly the pixels within `reach` (Chebyshev) of a judged pixel, for reaches
    /// below, at and above the canvas's sides, on speckle, islands and a single judged pixel.
    func testTheBandIsTheChebyshevNeighbourhoodOfTheJudgedPixels() {
        var lone = PixelBuffer(width: 9, height: 5, fill: .clear)
        lone[4, 2] = RGBA(1, 2, 3, 100)
        for buffer in [Self.speckle(), Self.islands(), lone] {
            let w = buffer.width, h = buffer.height
            // Judged pixels counted over every rectangle from the corner (a summed-area table).
            var sums = [Int](repeating: 0, count: (w + 1) * (h + 1))
            for y in 0..<h {
                for x in 0..<w {
                    let a = buffer.pixels[(y * w + x) * 4 + 3]
                    let judged = a >= EdgeMatteModel.minEdgeAlpha && a < 255 ? 1 : 0
                    sums[(y + 1) * (w + 1) + x + 1] = judged + sums[y * (w + 1) + x + 1] + sums[(y + 1) * (w + 1) + x] - sums[y * (w + 1) + x]
                }
            }
            for reach in [0, 1, 3, 34, max(w, h) + 1] {
                var band = [UInt8](repeating: 0, count: w * h), rows = band
                let judged = band.withUnsafeMutableBufferPointer { b in
                    rows.withUnsafeMutableBufferPointer { r in
                        buffer.pixels.withUnsafeBufferPointer {
                            NearestOpaqueMap.markBand(b.baseAddress!, rows: r.baseAddress!, $0, width: w, height: h, reach: reach)
                        }
                    }
                }
                XCTAssertEqual(judged, sums[h * (w + 1) + w], "\(w)x\(h): judged pixels")
                let expected = (0..<w * h).map { i -> UInt8 in
                    let x0 = max(0, i % w - reach), x1 = min(w, i % w + reach + 1)
                    let y0 = max(0, i / w - reach), y1 = min(h, i / w + reach + 1)
                    let inside = sums[y1 * (w + 1) + x1] - sums[y0 * (w + 1) + x1] - sums[y1 * (w + 1) + x0] + sums[y0 * (w + 1) + x0]
                    return inside > 0 ? 1 : 0
                }
                XCTAssertEqual(band, expected, "\(w)x\(h), reach \(reach)")
            }
        }
    }

    /// Alpha 0, 40, 128 and 255 at random (a fixed seed), with random red: full of equidistant ties.
    private static func speckle() -> PixelBuffer {
        var speckle = PixelBuffer(width: 97, height: 61, fill: .clear)
        var state: UInt32 = 7
        for i in 0..<speckle.pixelCount {
            state = state &* 1_664_525 &+ 1_013_904_223
            speckle.pixels[i * 4] = UInt8(truncatingIfNeeded: state >> 8)
            speckle.pixels[i * 4 + 3] = [0, 255, 128, 40][Int(state >> 30)]
        }
        return speckle
    }

    /// The two raster passes as first written: every pixel not opaque relaxes from its neighbours
    /// in order (forward: left, upper left, up, upper right, then right going back; backward:
    /// right, lower right, down, lower left, then left), strictly nearer seeds only.
    private static func referenceSeeds(_ buffer: PixelBuffer, radius: Int) -> [Int?] {
        let w = buffer.width, h = buffer.height
        var seed = [Int](repeating: -1, count: w * h), dist = [Int](repeating: Int.max, count: w * h)
        for i in 0..<w * h where buffer.pixels[i * 4 + 3] == 255 { seed[i] = i; dist[i] = 0 }
        func relax(_ x: Int, _ y: Int, _ nx: Int, _ ny: Int) {
            guard buffer.pixels[(y * w + x) * 4 + 3] != 255, nx >= 0, ny >= 0, nx < w, ny < h else { return }
            let s = seed[ny * w + nx]
            guard s >= 0 else { return }
            let d = (s % w - x) * (s % w - x) + (s / w - y) * (s / w - y)
            if d < dist[y * w + x] { dist[y * w + x] = d; seed[y * w + x] = s }
        }
        for y in 0..<h {
            for x in 0..<w { relax(x, y, x - 1, y); relax(x, y, x - 1, y - 1); relax(x, y, x, y - 1); relax(x, y, x + 1, y - 1) }
            for x in (0..<w).reversed() { relax(x, y, x + 1, y) }
        }
        for y in (0..<h).reversed() {
            for x in (0..<w).reversed() { relax(x, y, x + 1, y); relax(x, y, x + 1, y + 1); relax(x, y, x, y + 1); relax(x, y, x - 1, y + 1) }
            for x in 0..<w { relax(x, y, x - 1, y) }
        }
        return (0..<w * h).map { seed[$0] >= 0 && dist[$0] <= radius * radius ? seed[$0] : nil }
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

    /// The runs of active pixels are the runs a byte-by-byte scan finds, whatever their lengths and
    /// wherever they start against the eight-byte words read: rows of 1 to 41 px of every pattern
    /// a fixed generator gives, all 0s and all 1s.
    func testRunsAreTheRowsRunsOfOnes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        var checked = 0
        for w in 1...41 {
            for pattern in 0..<12 {
                let h = 3
                let active: [UInt8] = (0..<w * h).map { _ in
                    switch pattern { case 0: 0; case 1: 1; default: next() % UInt64(pattern) == 0 ? 0 : 1 }
                }
                var runs: [Int32] = [], rowRuns: [Int] = []
                active.withUnsafeBufferPointer {
                    NearestOpaqueMap.gatherRuns($0.baseAddress!, width: w, height: h, runs: &runs, rowRuns: &rowRuns)
                }
                var expected: [Int32] = [], expectedRows = [0]
                for y in 0..<h {
                    var x = 0
                    while x < w {
                        guard active[y * w + x] == 1 else { x += 1; continue }
                        let start = x
                        while x < w && active[y * w + x] == 1 { x += 1 }
                        expected += [Int32(start), Int32(x)]
                    }
                    expectedRows.append(expected.count / 2)
                }
                XCTAssertEqual(runs, expected, "\(w) px, pattern \(pattern)")
                XCTAssertEqual(rowRuns, expectedRows, "\(w) px, pattern \(pattern)")
                checked += expected.count / 2
            }
        }
        XCTAssertGreaterThan(checked, 2_000)
    }
}

extension EdgeHaloCheck {
    /// The first frame of every example's sticker: soft edges, mattes and clean art.
    static func exampleFrames() -> [PixelBuffer] {
        (examples.triggering + examples.nonTriggering).compactMap { example in
            guard case .sticker(let subject) = example.input else { return nil }
            return subject.image?.frames.first?.image
        }
    }
}
