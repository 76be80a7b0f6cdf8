/// Finds the nearest palette entry to a point, fast: entries are sorted by premultiplied lightness
/// and the search walks outwards from the query's lightness, stopping on each side as soon as the
/// lightness gap alone exceeds the best distance found. Ties go to the lower palette index, so the
/// answer never depends on the walk order.
struct NearestColorSearch: Sendable {
    private let sorted: [PerceptualColor]
    private let originalIndex: [Int]

    /// A search over `palette` (indices returned are positions in `palette`).
    init(_ palette: [PerceptualColor]) {
        let order = palette.indices.sorted { (palette[$0].l, $0) < (palette[$1].l, $1) }
        sorted = order.map { palette[$0] }
        originalIndex = order
    }

    /// Index in the original palette of the entry nearest to `q`.
    func nearest(_ q: PerceptualColor) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid].l < q.l { lo = mid + 1 } else { hi = mid }
        }
        var best = Float.infinity, bestIndex = Int.max
        func consider(_ i: Int) {
            let d = sorted[i].distanceSquared(to: q)
            let index = originalIndex[i]
            if d < best || (d == best && index < bestIndex) { best = d; bestIndex = index }
        }
        var up = lo, down = lo - 1
        while up < sorted.count || down >= 0 {
            if up < sorted.count {
                let gap = sorted[up].l - q.l
                if gap * gap > best { up = sorted.count } else { consider(up); up += 1 }
            }
            if down >= 0 {
                let gap = q.l - sorted[down].l
                if gap * gap > best { down = -1 } else { consider(down); down -= 1 }
            }
        }
        return bestIndex == Int.max ? 0 : bestIndex
    }
}
