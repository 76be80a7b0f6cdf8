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
    /// Pixels of each colour in `keys`.
    let counts: [Int]
    /// Points to cluster, with their pixel counts as weights.
    let points: [PerceptualColor]
    /// Weight of each entry of `points`.
    let weights: [Float]
    /// Whether any pixel is fully transparent.
    let hasTransparent: Bool

    /// Frames counted at once (their tables held together before they are merged).
    static let framesPerChunk = 8

    /// Most points handed to clustering; above this, colours are merged into cells.
    static let pointLimit = 24_576

    /// The histogram of `images` (normalized or not: alpha 0 is treated as transparent black).
    init(_ images: [PixelBuffer]) {
        // Frames are counted a chunk at a time and each chunk merged at once, so at most a chunk's
        // tables are held beside the merged one: a noisy 90-frame 512 px video has some 200,000
        // colours a frame, and its 90 tables held together took about 600 MB. The sums, and so the
        // result, do not depend on the chunking.
        var merged: [UInt32: Int] = [:]
        for start in stride(from: 0, to: images.count, by: Self.framesPerChunk) {
            let end = min(images.count, start + Self.framesPerChunk)
            var perFrame = [[UInt32: Int]](repeating: [:], count: end - start)
            perFrame.withUnsafeMutableBufferPointer { slots in
                DispatchQueue.concurrentPerform(iterations: end - start) { i in
                    slots[i] = Self.count(images[start + i])
                }
            }
            for table in perFrame {
                if merged.isEmpty { merged = table } else { merged.merge(table, uniquingKeysWith: +) }
            }
        }
        let sorted = merged.sorted { $0.key < $1.key }
        merged = [:]
        keys = sorted.map(\.key)
        counts = sorted.map(\.value)
        hasTransparent = keys.first == 0
        (points, weights) = Self.cells(keys: keys, counts: counts)
    }

    private static func count(_ image: PixelBuffer) -> [UInt32: Int] {
        var table: [UInt32: Int] = [:]
        image.pixels.withUnsafeBufferPointer { p in
            var run: UInt32 = 0, runLength = 0
            var i = 0
            while i < p.count {
                let a = p[i + 3]
                let key = a == 0 ? 0 : UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(a)
                // Flat areas repeat a colour along the row; count runs before touching the table.
                if key == run && runLength > 0 {
                    runLength += 1
                } else {
                    if runLength > 0 { table[run, default: 0] += runLength }
                    run = key; runLength = 1
                }
                i += 4
            }
            if runLength > 0 { table[run, default: 0] += runLength }
        }
        return table
    }

    /// Exact points when few enough; else cell means, dropping one more low bit per colour channel
    /// until the cells fit under `pointLimit`, and from alpha at most `alphaShiftCap` bits (alpha
    /// merged like the colour, 16 levels at shift 4, banded every soft edge of a noisy video in
    /// rings: k-means cannot split a cell). Cells of `shift` merge at most
    /// 2^(3 shift + min(shift, alphaShiftCap)) colours, so shifts that leave more than `pointLimit`
    /// cells whatever the colours are skipped unbuilt (`firstShift`): a noisy 90-frame video's
    /// millions of colours no longer build a table of millions of cells first. The points are the same.
    private static func cells(keys: [UInt32], counts: [Int]) -> ([PerceptualColor], [Float]) {
        if keys.count <= pointLimit { return (keys.map { PerceptualColor(RGBA(censusKey: $0)) }, counts.map(Float.init)) }
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
        return (keys.map { PerceptualColor(RGBA(censusKey: $0)) }, counts.map(Float.init))
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
