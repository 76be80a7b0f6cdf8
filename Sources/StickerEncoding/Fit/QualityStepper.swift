import Foundation
import StickerCore

/// Finds the highest whole quality whose file fits a byte target in fewer encodes than bisection.
///
/// `low` fits (or is the floor) and `high` is over (or one past the top). Each probe goes where the
/// file size, on a log scale, meets the target: interpolated between the sizes at `low` and `high`;
/// while nothing over has a size yet, extrapolated from `low` along the line through the two
/// highest fitting sizes known, or at a typical growth (`growthPerQuality`) when `low`'s is the only
/// one. After two probes in a row on the same side the end they left in place weighs half as much
/// (the Illinois rule of regula falsi), and after four the next halves the range, so a size curve
/// the interpolation misjudges costs at most about twice bisection's probes. The
/// answer is bisection's on any size curve that grows with quality: the highest fitting quality
/// below the lowest one over. With `within` set, the search also stops at a fitting quality whose
/// size leaves less than that fraction of the target unused: a quality or two more would buy
/// little for a probe (on the 90-frame benchmark animation, one encode of 45 or 90 frames).
///
/// ```swift
/// var stepper = QualityStepper(low: 0, high: 101, target: 512_000)
/// while let q = stepper.next(known: sizes) {      // sizes: quality -> bytes encoded so far
///     sizes[q] = encode(q).count
///     stepper.record(q, fits: sizes[q]! <= 512_000)
/// }
/// stepper.low   // the quality to write
/// ```
struct QualityStepper: Equatable {
    /// The highest quality known to fit.
    private(set) var low: Int
    /// The lowest quality known to be over (or one past the top).
    private(set) var high: Int
    /// The byte target.
    let target: Double
    /// A fitting size at least `target * (1 - within)` ends the search (0: only `high - low == 1` does).
    let within: Double
    private var run = 0, lastFit: Bool?

    /// Natural log of the size growth per quality step used while only one size is known: lossy
    /// WebP doubles about every 35 steps at low and middle qualities (a 512 px, 81-frame video at
    /// method 4: 494,058 B at 0, 882,478 B at 25, 1,380,526 B at 50).
    static let growthPerQuality = 0.02
    /// Interpolated probes in a row on one side after which the range is halved instead.
    static let runBeforeHalving = 4

    init(low: Int, high: Int, target: Double, within: Double = 0) {
        self.low = low; self.high = high; self.target = target; self.within = within
    }

    /// The next quality to try, or nil when `low` is the answer. `known` holds the sizes encoded so
    /// far by quality (at least `low`'s for an informed guess; without it, the middle).
    func next(known: [Int: Int]) -> Int? {
        guard high - low > 1 else { return nil }
        let middle = (low + high) / 2
        guard let lowBytes = known[low], lowBytes > 0, target > 0 else { return middle }
        guard within <= 0 || Double(lowBytes) < target * (1 - within) else { return nil }
        let steps: Double
        if let highBytes = known[high], highBytes > lowBytes {
            guard run < Self.runBeforeHalving else { return middle }
            // Log sizes over the target at both ends; after probes in a row on one side, the end
            // they left in place counts half as much for each probe past the first (the Illinois
            // rule), so the next probe crosses over instead of creeping up on it.
            var (below, above) = (log(Double(lowBytes) / target), log(Double(highBytes) / target))
            if run >= 2 {
                let weight = pow(0.5, Double(run - 1))
                if lastFit == false { below *= weight } else { above *= weight }
            }
            steps = -below / (above - below) * Double(high - low)
        } else {
            let growth: Double   // log size per quality step
            if let below = known.filter({ $0.key < low && $0.value > 0 && $0.value < lowBytes }).max(by: { $0.key < $1.key }) {
                growth = log(Double(lowBytes) / Double(below.value)) / Double(low - below.key)
            } else {
                growth = Self.growthPerQuality
            }
            steps = log(target / Double(lowBytes)) / growth
        }
        guard steps.isFinite else { return middle }
        let guess = (Double(low) + steps).rounded()
        return Int(min(Double(high - 1), max(Double(low + 1), guess)))
    }

    /// Notes the outcome of trying `quality`.
    mutating func record(_ quality: Int, fits: Bool) {
        if fits { low = max(low, quality) } else { high = min(high, quality) }
        run = lastFit == fits ? run + 1 : 1
        lastFit = fits
    }
}
