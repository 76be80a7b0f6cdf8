import Dispatch

/// Every distinct colour of a frame set with its pixel count, and a compact weighted sample of it
/// for palette building.
///
/// The exact list (sorted keys) is what remapping looks colours up in; the weighted points are the
/// exact colours, or, when there are too many for k-means to be fast, the means of small RGBA cells
/// (the low bits dropped), each weighted by the pixels it holds.
struct ColorHistogram: Sendable {
    /// Distinct packed colours (alpha-0 pixels all count as transparent black), ascending.
    let keys: [UInt32]
    /// Points to cluster, with their pixel counts as weights.
    let points: [PerceptualColor]
    /// Weight of each entry of `points`.
    let weights: [Float]
    /// Whether any pixel is fully transparent.
    let hasTransparent: Bool

    /// Frames counted at once (their lists held together before they are merged).
    static let framesPerChunk = 8

    /// Most points handed to clustering; above this, colours are merged into cells.
    static let pointLimit = 24_576

    /// The histogram of `images` (normalized or not: alpha 0 is treated as transparent black).
    init(_ images: [PixelBuffer]) {
        let tally = Self.tally(images)
        keys = tally.keys
        hasTransparent = keys.first == 0
        (points, weights) = Self.cells(keys: tally.keys, counts: tally.counts)
    }

    /// Distinct colours, ascending, and the pixels of each (saturating at `UInt32.max`).
    struct Tally: Equatable {
        var keys: [UInt32] = []
        var counts: [UInt32] = []
    }

    /// The exact colour count of `images`: each frame's keys radix-sorted and counted, a chunk of
    /// frames at a time across the cores, and the sorted lists merged. A hash table per frame and
    /// one merged table cost about 400 MB on a noisy 90-frame 512 px video (some ten million
    /// colours: the table's buckets, then a sorted copy of it and the sort's scratch); the sorted
    /// lists cost 8 bytes a colour. The result does not depend on the chunking.
    static func tally(_ images: [PixelBuffer]) -> Tally {
        var total = Tally()
        for start in stride(from: 0, to: images.count, by: framesPerChunk) {
            let end = min(images.count, start + framesPerChunk)
            var lists = [Tally](repeating: Tally(), count: end - start)
            lists.withUnsafeMutableBufferPointer { slots in
                DispatchQueue.concurrentPerform(iterations: end - start) { i in
                    slots[i] = tally(of: images[start + i])
                }
            }
            lists.insert(total, at: 0)
            total = Tally()
            while lists.count > 1 {
                var next: [Tally] = []
                next.reserveCapacity((lists.count + 1) / 2)
                var i = 0
                while i + 1 < lists.count { next.append(merged(lists[i], lists[i + 1])); lists[i] = Tally(); lists[i + 1] = Tally(); i += 2 }
                if i < lists.count { next.append(lists[i]) }
                lists = next
            }
            total = lists[0]
        }
        return total
    }

    /// One frame's colours: its keys radix-sorted (11, 11 and 10 bits, a pass skipped when every
    /// key shares its digit), then counted in runs.
    static func tally(of image: PixelBuffer) -> Tally {
        let n = image.pixelCount
        guard n > 0 else { return Tally() }
        var keys = [UInt32](unsafeUninitializedCapacity: n) { buffer, made in
            image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<n { buffer[i] = RGBA.censusKey(p, at: 4 * i) }
            }
            made = n
        }
        var scratch = [UInt32](repeating: 0, count: n)
        var sortedInKeys = true
        keys.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                var from = a, to = b
                for (shift, bits) in [(0, 11), (11, 11), (22, 10)] {
                    let mask = UInt32(1 << bits - 1)
                    var offsets = [Int](repeating: 0, count: 1 << bits)
                    for k in from { offsets[Int(k >> UInt32(shift) & mask)] += 1 }
                    if offsets[Int(from[0] >> UInt32(shift) & mask)] == n { continue }
                    var sum = 0
                    for d in 0..<offsets.count { let c = offsets[d]; offsets[d] = sum; sum += c }
                    for k in from {
                        let d = Int(k >> UInt32(shift) & mask)
                        to[offsets[d]] = k
                        offsets[d] += 1
                    }
                    swap(&from, &to)
                    sortedInKeys.toggle()
                }
            }
        }
        let sorted = sortedInKeys ? keys : scratch
        var out = Tally()
        sorted.withUnsafeBufferPointer { s in
            var i = 0
            while i < n {
                var j = i + 1
                while j < n && s[j] == s[i] { j += 1 }
                out.keys.append(s[i])
                out.counts.append(UInt32(clamping: j - i))
                i = j
            }
        }
        return out
    }

    /// The union of two tallies, counts of a colour in both summed (saturating).
    static func merged(_ a: Tally, _ b: Tally) -> Tally {
        if a.keys.isEmpty { return b }
        if b.keys.isEmpty { return a }
        var out = Tally()
        out.keys.reserveCapacity(a.keys.count + b.keys.count)
        out.counts.reserveCapacity(a.keys.count + b.keys.count)
        a.keys.withUnsafeBufferPointer { ak in a.counts.withUnsafeBufferPointer { ac in
        b.keys.withUnsafeBufferPointer { bk in b.counts.withUnsafeBufferPointer { bc in
            var i = 0, j = 0
            while i < ak.count && j < bk.count {
                if ak[i] < bk[j] {
                    out.keys.append(ak[i]); out.counts.append(ac[i]); i += 1
                } else if bk[j] < ak[i] {
                    out.keys.append(bk[j]); out.counts.append(bc[j]); j += 1
                } else {
                    let (sum, over) = ac[i].addingReportingOverflow(bc[j])
                    out.keys.append(ak[i]); out.counts.append(over ? .max : sum); i += 1; j += 1
                }
            }
            out.keys.append(contentsOf: ak[i...]); out.counts.append(contentsOf: ac[i...])
            out.keys.append(contentsOf: bk[j...]); out.counts.append(contentsOf: bc[j...])
        } } } }
        return out
    }

    /// Exact points when few enough; else cell means, dropping one more low bit per colour channel
    /// until the cells fit under `pointLimit`, and from alpha at most `alphaShiftCap` bits (alpha
    /// merged like the colour, 16 levels at shift 4, banded every soft edge of a noisy video in
    /// rings: k-means cannot split a cell). Cells of `shift` merge at most
    /// 2^(3 shift + min(shift, alphaShiftCap)) colours, so shifts that leave more than `pointLimit`
    /// cells whatever the colours are skipped unbuilt (`firstShift`): a noisy 90-frame video's
    /// millions of colours no longer build a table of millions of cells first. The points are the same.
    private static func cells(keys: [UInt32], counts: [UInt32]) -> ([PerceptualColor], [Float]) {
        if keys.count <= pointLimit { return (keys.map { PerceptualColor(RGBA(censusKey: $0)) }, counts.map { Float($0) }) }
        for shift in firstShift(colours: keys.count)...6 {
            let colourMask = UInt32(truncatingIfNeeded: (0xFF >> shift) << shift) * 0x0101_0100
            let alphaShift = min(shift, alphaShiftCap)
            let mask = colourMask | UInt32(truncatingIfNeeded: (0xFF >> alphaShift) << alphaShift)
            var index: [UInt32: Int] = [:]
            var sums: [PerceptualColor] = [], weights: [Float] = []
            for (n, key) in keys.enumerated() {
                let w = Float(counts[n])
                let point = PerceptualColor(RGBA(censusKey: key)) * w
                let cell = key & mask
                if let at = index[cell] {
                    sums[at] = sums[at] + point
                    weights[at] += w
                } else {
                    index[cell] = sums.count
                    sums.append(point)
                    weights.append(w)
                }
            }
            if sums.count <= pointLimit || shift == 6 {
                return (zip(sums, weights).map { $0 * (1 / $1) }, weights)
            }
        }
        return (keys.map { PerceptualColor(RGBA(censusKey: $0)) }, counts.map { Float($0) })
    }

    /// The first shift (1...6) that can leave `pointLimit` cells or fewer for `colours` distinct
    /// colours: a cell holds at most 2^(3 shift + its alpha shift) of them.
    static func firstShift(colours: Int) -> Int {
        var shift = 1
        while shift < 6 && colours > pointLimit * (1 << (3 * shift + min(shift, alphaShiftCap))) { shift += 1 }
        return shift
    }

    /// Most low bits dropped from alpha in a cell, whatever `shift` drops from the colour: alpha is
    /// kept to 64 levels, as soft edges and translucent ramps band visibly when their levels merge.
    static let alphaShiftCap = 2
}
