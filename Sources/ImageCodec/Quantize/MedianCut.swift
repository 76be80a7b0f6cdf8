/// Initial palette by median cut: repeatedly split the box with the largest weighted squared error
/// along its widest-spread axis at the weighted median, then take each box's weighted mean.
///
/// Splitting by error rather than by pixel count gives busy regions of colour space more entries
/// and flat ones fewer, which is the better start for k-means.
enum MedianCut {
    private struct Box {
        var members: [Int]
        var error: Float
        var axis: Int
    }

    /// Up to `count` centroids of `points` weighted by `weights`.
    static func centroids(_ points: [PerceptualColor], weights: [Float], count: Int) -> [PerceptualColor] {
        guard !points.isEmpty, count > 0 else { return [] }
        var boxes = [makeBox(Array(points.indices), points, weights)]
        while boxes.count < count {
            guard let pick = boxes.indices.filter({ boxes[$0].members.count > 1 && boxes[$0].error > 0 })
                .max(by: { (boxes[$0].error, -$0) < (boxes[$1].error, -$1) }) else { break }
            let box = boxes[pick]
            let axis = box.axis
            let ordered = box.members.sorted { (points[$0].axis(axis), $0) < (points[$1].axis(axis), $1) }
            let total = ordered.reduce(Float(0)) { $0 + weights[$1] }
            var running: Float = 0, cut = 1
            for (n, m) in ordered.enumerated() {
                running += weights[m]
                if running >= total / 2 { cut = max(1, min(ordered.count - 1, n + 1)); break }
            }
            boxes[pick] = makeBox(Array(ordered[..<cut]), points, weights)
            boxes.append(makeBox(Array(ordered[cut...]), points, weights))
        }
        return boxes.map { mean($0.members, points, weights) }
    }

    private static func mean(_ members: [Int], _ points: [PerceptualColor], _ weights: [Float]) -> PerceptualColor {
        var sum = PerceptualColor(l: 0, a: 0, b: 0, alpha: 0), w: Float = 0
        for m in members { sum = sum + points[m] * weights[m]; w += weights[m] }
        return w > 0 ? sum * (1 / w) : sum
    }

    private static func makeBox(_ members: [Int], _ points: [PerceptualColor], _ weights: [Float]) -> Box {
        let c = mean(members, points, weights)
        var spread = [Float](repeating: 0, count: 4)
        for m in members {
            let d = points[m] - c
            let w = weights[m]
            spread[0] += w * d.l * d.l; spread[1] += w * d.a * d.a
            spread[2] += w * d.b * d.b; spread[3] += w * d.alpha * d.alpha
        }
        var axis = 0
        for i in 1..<4 where spread[i] > spread[axis] { axis = i }
        return Box(members: members, error: spread.reduce(0, +), axis: axis)
    }
}
