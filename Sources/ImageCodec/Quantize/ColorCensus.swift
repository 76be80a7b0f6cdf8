import Dispatch

/// The colours of a frame set, counted once and reused for every palette size tried.
///
/// Building the histogram is the expensive part of quantising; a fitting search that tries
/// 256, 128 and 64 colours on the same frames builds it once.
public struct ColorCensus: Sendable {
    let histogram: ColorHistogram

    /// Counts the colours of `images` (fully transparent pixels count as one colour).
    public init(_ images: [PixelBuffer]) { histogram = ColorHistogram(images) }

    /// Distinct visible colours (every fully transparent pixel counts as one colour).
    public var distinctColors: Int { histogram.keys.count }
    /// Whether some pixel is fully transparent.
    public var hasTransparent: Bool { histogram.hasTransparent }

    /// Position of `key` in the sorted key list, if present.
    func position(of key: UInt32) -> Int? {
        let keys = histogram.keys
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < keys.count && keys[lo] == key ? lo : nil
    }

    /// For every colour in the census, the index of its nearest entry in `palette` (computed in a
    /// fixed number of chunks, so the result does not depend on the core count).
    func nearestIndices(in palette: [RGBA]) -> [UInt8] {
        let search = NearestColorSearch(palette.map(PerceptualColor.init))
        let keys = histogram.keys
        let exact = Dictionary(palette.enumerated().map { ($1.censusKey, $0) }, uniquingKeysWith: { a, _ in a })
        var out = [UInt8](repeating: 0, count: keys.count)
        let chunks = 16
        out.withUnsafeMutableBufferPointer { slots in
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = keys.count * c / chunks, hi = keys.count * (c + 1) / chunks
                for i in lo..<hi {
                    if let hit = exact[keys[i]] { slots[i] = UInt8(hit); continue }
                    slots[i] = UInt8(search.nearest(PerceptualColor(RGBA(censusKey: keys[i]))))
                }
            }
        }
        return out
    }
}
