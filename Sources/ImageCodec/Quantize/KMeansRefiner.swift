import Dispatch

/// Lloyd iterations on weighted points: assign each point to its nearest centroid, move each
/// centroid to the weighted mean of its points. Work is split into a fixed number of chunks
/// (never the core count) and chunk sums are added in chunk order, so results are identical on
/// any machine.
enum KMeansRefiner {
    private static let chunks = 16

    /// `centroids` after up to `iterations` rounds (stops early when nothing moves).
    static func refine(_ centroids: [PerceptualColor], points: [PerceptualColor], weights: [Float],
                       iterations: Int) -> [PerceptualColor] {
        var current = centroids
        guard !current.isEmpty, !points.isEmpty else { return current }
        let zero = PerceptualColor(l: 0, a: 0, b: 0, alpha: 0)
        for _ in 0..<iterations {
            let search = NearestColorSearch(current)
            let k = current.count
            var partial = [([PerceptualColor], [Float])](repeating: ([], []), count: chunks)
            partial.withUnsafeMutableBufferPointer { slots in
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    var sums = [PerceptualColor](repeating: zero, count: k)
                    var w = [Float](repeating: 0, count: k)
                    let lo = points.count * c / chunks, hi = points.count * (c + 1) / chunks
                    for i in lo..<hi {
                        let j = search.nearest(points[i])
                        sums[j] = sums[j] + points[i] * weights[i]
                        w[j] += weights[i]
                    }
                    slots[c] = (sums, w)
                }
            }
            var moved = false
            var next = current
            for j in 0..<k {
                var s = zero, w: Float = 0
                for c in 0..<chunks { s = s + partial[c].0[j]; w += partial[c].1[j] }
                guard w > 0 else { continue }
                let m = s * (1 / w)
                if m.distanceSquared(to: current[j]) > 1e-10 { moved = true }
                next[j] = m
            }
            current = next
            if !moved { break }
        }
        return current
    }
}
