/// Suggests the key probably meant for a misspelt one (`grid-space` -> `grid-size`,
/// `repetions` -> `repetitions`, `iPhone` -> `iphone`), by edit distance.
enum KeySuggestion {
    /// The nearest known key, or nil when none is close enough to be a plausible typo.
    static func nearest(to key: String, among known: [String]) -> String? {
        let lowered = key.lowercased()
        if let sameButCase = known.first(where: { $0.lowercased() == lowered }) { return sameButCase }
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lowered, candidate.lowercased())
            // A third of the longer word, at least 2: catches swapped or dropped letters without
            // pairing unrelated short keys.
            let limit = max(2, max(key.count, candidate.count) / 3)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.key
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
