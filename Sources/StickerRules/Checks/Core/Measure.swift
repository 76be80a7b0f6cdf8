import StickerCore

/// Comparisons of measured durations and rates against limits. Delays are exact fractions, but
/// their sums in milliseconds are floating point (12 frames of 1/30 s add up to 399.99999... ms);
/// a relative tolerance keeps a value that equals its limit from being reported as over it.
enum Measure {
    static let tolerance = 1e-9

    /// Whether `value` is above `limit` by more than rounding noise.
    static func exceeds(_ value: Double, _ limit: Double) -> Bool {
        value > limit + abs(limit) * tolerance + tolerance
    }

    /// Whether `value` is at or below `limit`, rounding noise included.
    static func atMost(_ value: Double, _ limit: Double) -> Bool { !exceeds(value, limit) }
}
