import ImageCodec
import StickerCore

/// The matte model shared by the `edge_halo` check and its fix (docs/rules.md, docs/fix.md).
///
/// An edge exported against a flat matte colour M stores, at alpha a, the colour
/// `observed = a x artwork + (1 - a) x M` (straight alpha, sRGB codes, as image editors flatten).
/// The artwork colour of an edge pixel is taken from the nearest fully opaque pixel (its
/// reference); M is the per-channel median of `(observed - a x reference) / (1 - a)` over the
/// edge. A pixel carries the matte when the model predicts it within `tolerance` while it differs
/// visibly from its reference. Designed outlines, rim shading and dark line art differ from their
/// reference too, but not in proportion to `1 - a`: the model does not explain them, so they are
/// artwork and are never counted nor changed.
package struct EdgeMatteModel: Sendable {
    /// The estimated matte colour (0-255 per channel).
    package var matte: SIMD3<Double>
    /// Every judged edge pixel: partially transparent (alpha 16-254) with a reference.
    package var samples: [EdgeSample]
    /// Per sample: whether the matte model explains it and it differs visibly from its reference.
    package var carriesMatte: [Bool]

    /// One partially transparent pixel and the opaque artwork nearest to it.
    package struct EdgeSample: Sendable {
        /// Pixel index (y * width + x).
        package var index: Int
        /// Alpha, 0-1.
        package var alpha: Double
        /// The stored colour.
        package var observed: SIMD3<Double>
        /// The colour of the nearest fully opaque pixel.
        var reference: SIMD3<Double>
        /// How far the reference lies, in pixels.
        var distance: Double = 0
        /// How fast the opaque artwork changes at the reference, per channel, in levels per pixel
        /// (the largest change to an opaque neighbour divided by its distance).
        var drift = SIMD3<Double>(repeating: 0)
    }

    /// Largest per-channel difference (levels) the model may leave, and from which a pixel differs
    /// visibly from its reference.
    static let tolerance = 16.0
    /// Share of the visibly different edge pixels the model must explain before it is believed.
    static let minExplainedShare = 0.5
    /// Lowest alpha an edge pixel needs to be judged: fainter pixels barely show on any background.
    package static let minEdgeAlpha: UInt8 = 16
    /// How far (in pixels) to look for the opaque artwork an edge pixel fades out of: wide enough
    /// for a 14 px feather and for a Gaussian one (sigma 5 fades out 20-25 px from the opaque core).
    static let referenceRadius = 32
    /// Estimates of M come from pixels at most this opaque, where `1 - a` is large enough to divide by.
    static let maxEstimateAlpha = 0.8

    /// The model of one frame, or nil when the frame has no judged edge pixel. `scratch` holds the
    /// nearest-opaque search's buffers; pass one for all frames of a sticker so they are reused.
    package static func fit(_ buffer: PixelBuffer, scratch: NearestOpaqueMap.Scratch = .init()) -> EdgeMatteModel? {
        let samples = Self.samples(of: buffer, scratch: scratch)
        guard !samples.isEmpty else { return nil }
        // Without an estimate no pixel carries a matte: a far-off stand-in matte still "explained"
        // nearly opaque pixels on a drifting edge (VP9 frames), and reached the finding as a colour.
        guard let matte = estimateMatte(samples) else {
            return EdgeMatteModel(matte: SIMD3(repeating: 0), samples: samples,
                                  carriesMatte: Array(repeating: false, count: samples.count))
        }
        var carries = samples.map { explains($0, matte: matte) && differs($0) }
        let differing = samples.reduce(0) { differs($1) ? $0 + 1 : $0 }
        let explained = carries.reduce(0) { $1 ? $0 + 1 : $0 }
        // The model must explain the edge as a whole; a few matching pixels in shaded artwork do not make a matte.
        if differing == 0 || Double(explained) < minExplainedShare * Double(differing)
            || !followsAlpha(zip(samples, carries).lazy.filter(\.1).map(\.0), matte: matte) {
            carries = Array(repeating: false, count: samples.count)
        }
        return EdgeMatteModel(matte: matte, samples: samples, carriesMatte: carries)
    }

    /// Whether the model predicts the sample within the tolerance, which shrinks to a tenth of the
    /// distance between reference and matte (at least 6 levels) when the two are close: a soft
    /// shadow in a colour near the artwork's must not pass for a matte by being near both.
    ///
    /// The reference is the artwork where the opaque core ends; under the feather the artwork may
    /// go on changing (a gradient, a hue wheel), and a pixel `distance` px out shows that change
    /// through its alpha. So each channel is also allowed `alpha x rate x distance`, the change the
    /// artwork's own largest rate at the reference (any channel: as a hue turns, the ramp moves
    /// from one channel to the next) would make over that distance: none on flat artwork
    /// (outlines, rim shading, line art and shadows are judged as strictly as before), and on a
    /// gradient the pixels that carry the matte are no longer left with it (docs/fix.md). A pixel
    /// the artwork alone (its reference, no matte) predicts at least as well is not explained.
    package static func explains(_ s: EdgeSample, matte: SIMD3<Double>) -> Bool {
        let predicted = s.alpha * s.reference + (1 - s.alpha) * matte
        let allowed = min(tolerance, max(6, 0.1 * maxDifference(s.reference, matte)))
        let difference = s.observed - predicted
        let error = pointwiseMax(difference, -difference) - s.alpha * s.distance * s.drift.max()
        // Nearly opaque pixels are within the tolerance of any matte; one the artwork alone explains
        // better (it looks exactly like its reference) is artwork, on a clean part of the edge.
        return error.max() <= allowed && maxDifference(s.observed, predicted) < maxDifference(s.observed, s.reference)
    }

    /// Whether the matte pixels move from the matte towards the artwork as alpha rises, as a mix
    /// does: the least-squares slope of their position on the matte-to-reference line against alpha
    /// lies in 0.6-1.4 (it is 1 for a mix). A soft shadow or shading keeps one colour whatever its
    /// alpha (slope near 0). When alpha hardly varies (a 1 px ring) there is no slope to judge.
    static func followsAlpha<Matched: Sequence<EdgeSample>>(_ matched: Matched, matte: SIMD3<Double>) -> Bool {
        var points: [(a: Double, t: Double)] = []
        for s in matched {
            let span = s.reference - matte
            let length = (span * span).sum()
            guard length >= 32 * 32 else { continue }
            points.append((s.alpha, ((s.observed - matte) * span).sum() / length))
        }
        guard points.count >= 4 else { return true }
        let n = Double(points.count)
        let meanA = points.reduce(0) { $0 + $1.a } / n, meanT = points.reduce(0) { $0 + $1.t } / n
        let varA = points.reduce(0) { $0 + ($1.a - meanA) * ($1.a - meanA) } / n
        guard varA >= 0.003 else { return true }
        let slope = points.reduce(0) { $0 + ($1.a - meanA) * ($1.t - meanT) } / n / varA
        return (0.6...1.4).contains(slope)
    }

    /// Whether the sample differs visibly from its reference.
    static func differs(_ s: EdgeSample) -> Bool { maxDifference(s.observed, s.reference) > tolerance }

    /// The artwork colour the model recovers: `(observed - (1 - a) x M) / a`, clamped to 0-255.
    package static func unmixed(_ observed: SIMD3<Double>, alpha: Double, matte: SIMD3<Double>) -> SIMD3<Double> {
        let raw = (observed - (1 - alpha) * matte) / alpha
        return raw.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
    }

    /// The per-channel median of the matte estimates, snapped to black or white when within the
    /// tolerance of them; nil with fewer than 4 usable pixels. Only pixels that differ visibly from
    /// their reference are asked: a pixel that looks like the artwork next to it says nothing about a
    /// matte (its estimate is the artwork's own colour), and counting those let a clean part of the
    /// edge outvote a matte on the rest of it (30% of an edge against black went unnoticed).
    static func estimateMatte(_ samples: [EdgeSample]) -> SIMD3<Double>? {
        var channels: [[Double]] = [[], [], []]
        for c in 0..<3 { channels[c].reserveCapacity(samples.count) }
        for s in samples where s.alpha <= maxEstimateAlpha && differs(s) {
            let m = (s.observed - s.alpha * s.reference) / (1 - s.alpha)
            for c in 0..<3 { channels[c].append(m[c]) }
        }
        guard channels[0].count >= 4 else { return nil }
        var matte = SIMD3<Double>(repeating: 0)
        for c in 0..<3 {
            // The element a full sort would put at the middle, found by selection.
            matte[c] = min(255, max(0, Self.select(&channels[c], rank: channels[c].count / 2)))
        }
        if maxDifference(matte, SIMD3(repeating: 0)) <= tolerance { return SIMD3(repeating: 0) }
        if maxDifference(matte, SIMD3(repeating: 255)) <= tolerance { return SIMD3(repeating: 255) }
        return matte.rounded(.toNearestOrAwayFromZero)
    }

    /// The value `values.sorted()[rank]` holds (quickselect, median-of-three pivots; reorders `values`).
    static func select(_ values: inout [Double], rank: Int) -> Double {
        var low = 0, high = values.count - 1
        while low < high {
            let mid = low + (high - low) / 2
            var pivot = values[mid]
            if values[low] > values[high] { values.swapAt(low, high) }
            pivot = max(values[low], min(pivot, values[high]))
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if rank <= j { high = j } else if rank >= i { low = i } else { return values[rank] }
        }
        return values[rank]
    }

    package static func maxDifference(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z))
    }

    /// Every pixel with alpha 16-254 whose nearest fully opaque pixel lies within `referenceRadius`.
    static func samples(of buffer: PixelBuffer, scratch: NearestOpaqueMap.Scratch = .init()) -> [EdgeSample] {
        // A frame with no such pixel (every GIF frame, hard-edged art) needs no map.
        let judged = buffer.pixels.withUnsafeBufferPointer { p in
            stride(from: 3, to: p.count, by: 4).contains { p[$0] >= minEdgeAlpha && p[$0] < 255 }
        }
        guard judged else { return [] }
        let nearest = NearestOpaqueMap(buffer, radius: referenceRadius, scratch: scratch)
        let w = buffer.width, h = buffer.height
        var out = scratch.takeSamples()
        out.reserveCapacity(nearest.judgedCount)
        buffer.pixels.withUnsafeBufferPointer { p in
            func colour(_ i: Int) -> SIMD3<Double> { SIMD3(Double(p[i * 4]), Double(p[i * 4 + 1]), Double(p[i * 4 + 2])) }
            /// The largest per-channel change from opaque pixel (x, y) to an opaque neighbour, per pixel of distance.
            func drift(x: Int, y: Int) -> SIMD3<Double> {
                let c = colour(y * w + x)
                var rate = SIMD3<Double>(repeating: 0)
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) where p[(ny * w + nx) * 4 + 3] == 255 {
                        let step = nx != x && ny != y ? 2.0.squareRoot() : 1
                        let change = colour(ny * w + nx) - c
                        rate = pointwiseMax(rate, pointwiseMax(change, -change) / step)
                    }
                }
                return rate
            }
            // Pixels next to each other along a row mostly share their reference: its colour and
            // drift are worked out once for the run.
            var lastRef = -1, refColour = SIMD3<Double>(repeating: 0), refDrift = refColour
            // Every judged pixel is active (in the band and not opaque): the runs of active pixels
            // hold them all, in row order.
            nearest.forEachActive { x, y in
                let i = y * w + x
                let a = p[i * 4 + 3]
                guard a >= minEdgeAlpha, a < 255, let (refX, refY) = nearest.seedPoint(of: i) else { return }
                let ref = refY * w + refX
                if ref != lastRef { lastRef = ref; refColour = colour(ref); refDrift = drift(x: refX, y: refY) }
                let dx = Double(refX - x), dy = Double(refY - y)
                out.append(EdgeSample(index: i, alpha: Double(a) / 255, observed: colour(i), reference: refColour,
                                      distance: (dx * dx + dy * dy).squareRoot(), drift: refDrift))
            }
        }
        return out
    }
}

/// For every judged edge pixel (alpha 16-254), the nearest fully opaque pixel (8-neighbour
/// propagation of seeds in two raster passes, an approximate Euclidean feature transform), within
/// a radius.
///
/// The passes visit only the band of pixels within `radius + bandMargin` (Chebyshev) of a judged
/// pixel: the rest of the canvas (far transparency, opaque interior) never hands a seed to a judged
/// pixel within the radius, so the seeds there are those of the whole-canvas transform
/// (`NearestOpaqueMapTests` compares both; so did every frame of the stand-in, sample and
/// fixture packs, 8.3 million judged pixels, docs/benchmarks.md). Pixels outside the band have no seed.
package struct NearestOpaqueMap {
    /// The map's buffers (14 bytes a pixel), reused from frame to frame: fresh ones cost a page
    /// fault every 4 KiB on every frame. One map at a time uses a scratch.
    package final class Scratch {
        /// Per pixel, the nearest opaque pixel's column and row (`noSeed` when none): kept apart so
        /// that no relaxation divides an index by the width.
        fileprivate var seedX: [Int32] = [], seedY: [Int32] = []
        /// Per pixel, the squared distance to that seed (`Int32.max` when none). Only a seed more
        /// than 46,340 px away is that far, and it is never kept: it is never within the radius,
        /// and neither is it for the neighbours it would be handed to.
        fileprivate var dist: [Int32] = []
        /// 1 where the passes work: in the band and not opaque (an opaque pixel is its own seed).
        fileprivate var active: [UInt8] = []
        /// `markBand`'s judged pixels widened along rows.
        fileprivate var rows: [UInt8] = []
        /// The runs of active pixels, row by row: run k covers columns `runs[2k]..<runs[2k + 1]`,
        /// and row y's runs are k in `rowRuns[y]..<rowRuns[y + 1]`.
        fileprivate var runs: [Int32] = [], rowRuns: [Int] = []

        /// The edge samples of the last frame, given back by `recycle(_:)` for the next frame's.
        fileprivate var samples: [EdgeMatteModel.EdgeSample] = []

        /// Empty buffers, sized by the first map.
        init() {}

        /// The bytes the buffers hold.
        var byteCount: Int {
            let mapBytes = seedX.capacity * 4 + seedY.capacity * 4 + dist.capacity * 4 + active.capacity + rows.capacity
            let runBytes = runs.capacity * 4 + rowRuns.capacity * MemoryLayout<Int>.stride
            return mapBytes + runBytes + samples.capacity * MemoryLayout<EdgeMatteModel.EdgeSample>.stride
        }

        /// Every buffer `n` long and in its starting state, in the memory it already has when that
        /// is enough.
        fileprivate func reset(_ n: Int, wholeCanvas: Bool) {
            Self.fill(&seedX, count: n, with: NearestOpaqueMap.noSeed)
            Self.fill(&seedY, count: n, with: NearestOpaqueMap.noSeed)
            Self.fill(&dist, count: n, with: Int32.max)
            Self.fill(&active, count: n, with: wholeCanvas ? 1 : 0)
            Self.fill(&rows, count: n, with: 0)
        }

        private static func fill<Element>(_ buffer: inout [Element], count n: Int, with value: Element) {
            if buffer.count == n {
                buffer.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
            } else {
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: repeatElement(value, count: n))
            }
        }

        /// An empty array for a frame's samples, in the memory of the last frame's when they were
        /// given back.
        fileprivate func takeSamples() -> [EdgeMatteModel.EdgeSample] {
            var taken: [EdgeMatteModel.EdgeSample] = []
            swap(&taken, &samples)
            taken.removeAll(keepingCapacity: true)
            return taken
        }

        /// Gives back a model's samples once the model is no longer needed, for the next frame.
        func recycle(_ samples: [EdgeMatteModel.EdgeSample]) {
            self.samples = samples
        }
    }

    private let scratch: Scratch
    private let width: Int
    private let radiusSquared: Int
    /// How many judged pixels (alpha 16-254) the frame has; 0 for a whole-canvas map.
    let judgedCount: Int

    /// Band pixels beyond the radius, so that a seed's path bending around the radius stays inside.
    static let bandMargin = 2

    /// The column and row a pixel with no seed holds: so far off the canvas that its squared
    /// distance (over 10^18, still within 64 bits) never beats a real seed nor `Int32.max`, so the
    /// passes compare it like any seed, without a test.
    static let noSeed: Int32 = Int32.min / 2

    /// The map of `buffer`; `wholeCanvas` runs the passes over every pixel (the reference the band
    /// is tested against). The map reads its answers from `scratch`: the next map made with the
    /// same scratch overwrites them.
    init(_ buffer: PixelBuffer, radius: Int, wholeCanvas: Bool = false, scratch: Scratch = Scratch()) {
        let w = buffer.width, h = buffer.height
        width = w
        radiusSquared = radius * radius
        self.scratch = scratch
        scratch.reset(w * h, wholeCanvas: wholeCanvas)
        var judged = 0
        // Raw buffers and plain functions: this runs per frame in the check and in the fix, and
        // checked array access in a capturing closure made it most of `fix`'s time in debug builds.
        buffer.pixels.withUnsafeBufferPointer { p in
            scratch.active.withUnsafeMutableBufferPointer { active in
                guard let active = active.baseAddress else { return }
                if !wholeCanvas {
                    scratch.rows.withUnsafeMutableBufferPointer { rows in
                        guard let rows = rows.baseAddress else { return }
                        judged = Self.markBand(active, rows: rows, p, width: w, height: h, reach: radius + Self.bandMargin)
                    }
                }
                scratch.seedX.withUnsafeMutableBufferPointer { sx in
                    scratch.seedY.withUnsafeMutableBufferPointer { sy in
                        scratch.dist.withUnsafeMutableBufferPointer { dist in
                            guard let sx = sx.baseAddress, let sy = sy.baseAddress, let dist = dist.baseAddress else { return }
                            // Opaque pixels are their own seeds. Wrapping arithmetic: indices of a canvas.
                            for y in 0..<h {
                                let row = y &* w
                                for x in 0..<w where p[(row &+ x) &* 4 &+ 3] == 255 {
                                    let i = row &+ x
                                    sx[i] = Int32(truncatingIfNeeded: x); sy[i] = Int32(truncatingIfNeeded: y)
                                    dist[i] = 0; active[i] = 0
                                }
                            }
                            Self.gatherRuns(active, width: w, height: h, runs: &scratch.runs, rowRuns: &scratch.rowRuns)
                            scratch.runs.withUnsafeBufferPointer { runs in
                                scratch.rowRuns.withUnsafeBufferPointer { rowRuns in
                                    Self.propagate(sx, sy, dist, runs: runs, rowRuns: rowRuns, width: w, height: h)
                                }
                            }
                        }
                    }
                }
            }
        }
        judgedCount = judged
    }

    /// Sets `band` (all 0 on entry) to 1 at every pixel within `reach` (Chebyshev) of a judged
    /// pixel: each judged pixel covers `reach` either side along its row (into `rows`, all 0 on
    /// entry; overlapping spans written once), then a window of `2 * reach + 1` rows slides down the
    /// canvas counting, per column, the covered pixels in it. Returns how many judged pixels there are.
    @discardableResult
    static func markBand(_ band: UnsafeMutablePointer<UInt8>, rows: UnsafeMutablePointer<UInt8>,
                         _ p: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, reach: Int) -> Int {
        var judged = 0
        for y in 0..<h {
            let row = rows + y &* w
            var start = -1, end = -1  // the span being gathered, both ends covered
            for x in 0..<w {
                let a = p[(y &* w &+ x) &* 4 &+ 3]
                guard a >= EdgeMatteModel.minEdgeAlpha && a < 255 else { continue }
                judged &+= 1
                let low = max(0, x &- reach), high = min(w &- 1, x &+ reach)
                if start >= 0 && low <= end &+ 1 { end = high; continue }
                if start >= 0 { (row + start).update(repeating: 1, count: end &- start &+ 1) }
                start = low; end = high
            }
            if start >= 0 { (row + start).update(repeating: 1, count: end &- start &+ 1) }
        }
        // Per column, how many of the rows within `reach` above and below are covered. Wrapping
        // arithmetic: a count never exceeds the canvas's height nor goes below 0.
        let count = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
        let none = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        defer { count.deallocate(); none.deallocate() }
        count.initialize(repeating: 0, count: w)
        none.initialize(repeating: 0, count: w)
        for y in 0..<min(reach, h) {
            for x in 0..<w { count[x] &+= UInt32(rows[y &* w &+ x]) }
        }
        for y in 0..<h {
            let entering = y &+ reach < h ? rows + (y &+ reach) &* w : none
            let leaving = y &- reach &- 1 >= 0 ? rows + (y &- reach &- 1) &* w : none
            let out = band + y &* w
            for x in 0..<w {
                let c = count[x] &+ UInt32(entering[x]) &- UInt32(leaving[x])
                count[x] = c
                out[x] = c != 0 ? 1 : 0
            }
        }
        return judged
    }

    /// Fills `runs` and `rowRuns` (see `Scratch.runs`) with the runs of 1s in `active` (0 or 1 a
    /// pixel), reading eight pixels at a time where it can.
    static func gatherRuns(_ active: UnsafePointer<UInt8>, width w: Int, height h: Int,
                           runs: inout [Int32], rowRuns: inout [Int]) {
        runs.removeAll(keepingCapacity: true)
        rowRuns.removeAll(keepingCapacity: true)
        rowRuns.reserveCapacity(h &+ 1)
        rowRuns.append(0)
        let ones: UInt64 = 0x0101_0101_0101_0101
        for y in 0..<h {
            let row = UnsafeRawPointer(active + y &* w)
            var x = 0
            while x < w {
                while x &+ 8 <= w && row.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 { x &+= 8 }
                while x < w && row.load(fromByteOffset: x, as: UInt8.self) == 0 { x &+= 1 }
                guard x < w else { break }
                let start = x
                while x &+ 8 <= w && row.loadUnaligned(fromByteOffset: x, as: UInt64.self) == ones { x &+= 8 }
                while x < w && row.load(fromByteOffset: x, as: UInt8.self) != 0 { x &+= 1 }
                runs.append(Int32(truncatingIfNeeded: start)); runs.append(Int32(truncatingIfNeeded: x))
            }
            rowRuns.append(runs.count / 2)
        }
    }

    /// Two raster passes (forward, then backward) handing each active pixel the nearer of its
    /// neighbours' seeds (strictly nearer, in this order: ties keep the first). Forward, each row
    /// takes from the left, upper left, up and upper right, then from the right going back;
    /// backward, from the right, lower right, down and lower left, then from the left. Neighbours
    /// outside the canvas are skipped by position, so the inner loops test no bounds. Only the
    /// active pixels are visited, run by run (`gatherRuns`), in the same order as a sweep of every
    /// pixel that skipped the inactive ones.
    private static func propagate(_ sx: UnsafeMutablePointer<Int32>, _ sy: UnsafeMutablePointer<Int32>,
                                  _ dist: UnsafeMutablePointer<Int32>,
                                  runs: UnsafeBufferPointer<Int32>, rowRuns: UnsafeBufferPointer<Int>,
                                  width w: Int, height h: Int) {
        /// A pixel's seed and squared distance, held in registers while its neighbours are asked;
        /// along a run, the pixel just done is the next one's neighbour, so its best is handed on
        /// in registers too rather than stored and read back (the sweeps are chains of such steps).
        typealias Best = (x: Int32, y: Int32, d: Int)
        @inline(__always) func load(_ i: Int) -> Best { (sx[i], sy[i], Int(dist[i])) }
        @inline(__always) func store(_ i: Int, _ best: Best) {
            sx[i] = best.x; sy[i] = best.y; dist[i] = Int32(truncatingIfNeeded: best.d)
        }
        /// Pixel (x, y) takes the seed at (seedX, seedY) when it is strictly nearer than its best so
        /// far. Wrapping arithmetic: coordinates are a canvas's or `noSeed`, whose square fits 64 bits.
        @inline(__always) func relax(_ best: inout Best, _ x: Int, _ y: Int, _ seedX: Int32, _ seedY: Int32) {
            let dx = Int(seedX) &- x, dy = Int(seedY) &- y
            let d = dx &* dx &+ dy &* dy
            if d < best.d { best = (seedX, seedY, d) }
        }
        /// The same, with the seed of pixel `n`.
        @inline(__always) func relax(_ best: inout Best, _ x: Int, _ y: Int, _ n: Int) {
            relax(&best, x, y, sx[n], sy[n])
        }
        let none: Best = (noSeed, noSeed, Int(Int32.max))
        @inline(__always) func start(_ k: Int) -> Int { Int(runs[k &* 2]) }
        @inline(__always) func end(_ k: Int) -> Int { Int(runs[k &* 2 &+ 1]) }
        for y in 0..<h {
            let row = y &* w
            let first = rowRuns[y], last = rowRuns[y &+ 1]
            for k in first..<last {
                var left = start(k) > 0 ? load(row &+ start(k) &- 1) : none
                for x in start(k)..<end(k) {
                    let i = row &+ x
                    var best = load(i)
                    relax(&best, x, y, left.x, left.y)
                    if y > 0 {
                        if x > 0 { relax(&best, x, y, i &- w &- 1) }
                        relax(&best, x, y, i &- w)
                        if x < w &- 1 { relax(&best, x, y, i &- w &+ 1) }
                    }
                    store(i, best)
                    left = best
                }
            }
            var k = last &- 1
            while k >= first {
                var x = min(end(k), w &- 1) &- 1
                let low = start(k)
                var right = x >= low ? load(row &+ x &+ 1) : none
                while x >= low {
                    var best = load(row &+ x)
                    relax(&best, x, y, right.x, right.y)
                    store(row &+ x, best)
                    right = best
                    x &-= 1
                }
                k &-= 1
            }
        }
        var y = h &- 1
        while y >= 0 {
            let row = y &* w
            let first = rowRuns[y], last = rowRuns[y &+ 1]
            var k = last &- 1
            while k >= first {
                var x = end(k) &- 1
                let low = start(k)
                var right = x < w &- 1 ? load(row &+ x &+ 1) : none
                while x >= low {
                    let i = row &+ x
                    var best = load(i)
                    relax(&best, x, y, right.x, right.y)
                    if y < h &- 1 {
                        if x < w &- 1 { relax(&best, x, y, i &+ w &+ 1) }
                        relax(&best, x, y, i &+ w)
                        if x > 0 { relax(&best, x, y, i &+ w &- 1) }
                    }
                    store(i, best)
                    right = best
                    x &-= 1
                }
                k &-= 1
            }
            for k in first..<last {
                let low = max(1, start(k))
                var left = low < max(1, end(k)) ? load(row &+ low &- 1) : none
                for x in low..<max(1, end(k)) {
                    var best = load(row &+ x)
                    relax(&best, x, y, left.x, left.y)
                    store(row &+ x, best)
                    left = best
                }
            }
            y &-= 1
        }
    }

    /// Calls `body` with the column and row of every active pixel (in the band and not opaque), in
    /// row order.
    func forEachActive(_ body: (_ x: Int, _ y: Int) -> Void) {
        let runs = scratch.runs, rowRuns = scratch.rowRuns
        for y in 0..<rowRuns.count - 1 {
            for k in rowRuns[y]..<rowRuns[y + 1] {
                for x in Int(runs[2 * k])..<Int(runs[2 * k + 1]) { body(x, y) }
            }
        }
    }

    /// The index of the nearest fully opaque pixel to pixel `index`, nil when none is within the
    /// radius; meaningful for judged pixels (the band's own pixels).
    func seed(of index: Int) -> Int? {
        seedPoint(of: index).map { $0.y * width + $0.x }
    }

    /// The column and row of `seed(of:)`.
    func seedPoint(of index: Int) -> (x: Int, y: Int)? {
        guard Int(scratch.dist[index]) <= radiusSquared else { return nil }
        let x = scratch.seedX[index]
        return x >= 0 ? (Int(x), Int(scratch.seedY[index])) : nil
    }
}
