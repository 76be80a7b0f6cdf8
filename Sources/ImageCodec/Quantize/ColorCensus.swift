import Dispatch

/// The colours of a frame set, counted once and reused for every palette size tried.
///
/// Building the histogram is the expensive part of quantising; a fitting search that tries
/// 256, 128 and 64 colours on the same frames builds it once.
public struct ColorCensus: Sendable {
    let histogram: ColorHistogram
    /// For each value of a key's top 16 bits (red and green), where its keys start in the sorted
    /// list (65,537 entries, the last the list's end): a lookup searches only its bucket. A noisy
    /// video's census holds millions of colours, and remapping looked each pixel up across all of
    /// them (a third of a video fit's time).
    private let buckets: [Int32]

    /// Counts the colours of `images` (fully transparent pixels count as one colour).
    public init(_ images: [PixelBuffer]) {
        histogram = ColorHistogram(images)
        var starts = [Int32](repeating: 0, count: 65_537)
        let keys = histogram.keys
        var k = 0
        for bucket in 0...65_536 {
            while k < keys.count && Int(keys[k] >> 16) < bucket { k += 1 }
            starts[bucket] = Int32(k)
        }
        buckets = starts
    }

    /// Distinct visible colours (every fully transparent pixel counts as one colour).
    public var distinctColors: Int { histogram.keys.count }
    /// Whether some pixel is fully transparent.
    public var hasTransparent: Bool { histogram.hasTransparent }

    /// Calls `body` with a lookup of a key's position in the sorted key list (nil when absent) that
    /// holds the lists' storage for its whole run: one pixel loop, without a retain per pixel.
    func withPositionLookup<R>(_ body: ((UInt32) -> Int?) throws -> R) rethrows -> R {
        try histogram.keys.withUnsafeBufferPointer { keys in
            try buckets.withUnsafeBufferPointer { b in try body { Self.position(of: $0, keys: keys, buckets: b) } }
        }
    }

    @inline(__always)
    private static func position(of key: UInt32, keys: UnsafeBufferPointer<UInt32>, buckets: UnsafeBufferPointer<Int32>) -> Int? {
        let bucket = Int(key >> 16), end = Int(buckets[bucket + 1])
        var lo = Int(buckets[bucket]), hi = end
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < end && keys[lo] == key ? lo : nil
    }

    /// For every colour in the census, the index of its nearest entry in `palette` (computed in a
    /// fixed number of chunks, so the result does not depend on the core count).
    func nearestIndices(in palette: [RGBA]) -> [UInt8] {
        let search = NearestColorSearch(palette.map(PerceptualColor.init))
        let keys = histogram.keys
        var out = [UInt8](repeating: 0, count: keys.count)
        let chunks = 16
        out.withUnsafeMutableBufferPointer { slots in
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = keys.count * c / chunks, hi = keys.count * (c + 1) / chunks
                for i in lo..<hi { slots[i] = UInt8(search.nearest(PerceptualColor(RGBA(censusKey: keys[i])))) }
            }
            // A colour of the palette itself maps to its first entry: at most 256 lookups here, where
            // a hashed check of every census colour (millions in a noisy video) cost more.
            withPositionLookup { position in
                for (index, colour) in palette.enumerated().reversed() {
                    if let at = position(colour.censusKey) { slots[at] = UInt8(index) }
                }
            }
        }
        return out
    }
}
