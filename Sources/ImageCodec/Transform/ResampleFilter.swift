import Foundation

/// The reconstruction kernel a `Resampler` uses.
public enum ResampleFilter: String, Sendable, Codable, CaseIterable {
    /// Windowed sinc with three lobes: the sharpest choice, with slight ringing at hard edges.
    case lanczos3
    /// Mitchell-Netravali (B = C = 1/3): softer, almost no ringing.
    case mitchell

    /// How far the kernel reaches, in source pixels at scale 1.
    public var support: Double {
        switch self {
        case .lanczos3: return 3
        case .mitchell: return 2
        }
    }

    /// The kernel's weight at distance `x` (in kernel units).
    public func weight(_ x: Double) -> Double {
        let ax = abs(x)
        switch self {
        case .lanczos3:
            if ax < 1e-12 { return 1 }
            if ax >= 3 { return 0 }
            let px = Double.pi * ax
            return 3 * sin(px) * sin(px / 3) / (px * px)
        case .mitchell:
            // B = C = 1/3, written out with both coefficients folded in (Mitchell & Netravali 1988).
            let b = 1.0 / 3, c = 1.0 / 3
            if ax < 1 {
                return ((12 - 9 * b - 6 * c) * ax * ax * ax + (-18 + 12 * b + 6 * c) * ax * ax + (6 - 2 * b)) / 6
            }
            if ax < 2 {
                return ((-b - 6 * c) * ax * ax * ax + (6 * b + 30 * c) * ax * ax
                        + (-12 * b - 48 * c) * ax + (8 * b + 24 * c)) / 6
            }
            return 0
        }
    }
}

/// The taps of one output pixel along one axis: the first source index and its normalised weights.
struct ResampleTaps: Sendable {
    var first: Int
    var weights: [Float]

    /// Taps for every output index when `sourceCount` pixels map onto `targetCount`.
    ///
    /// Pixel centres are aligned (output x + 0.5 maps to source (x + 0.5) * scale); when
    /// shrinking, the kernel widens by the scale so every source pixel contributes. Taps that
    /// fall outside the image are dropped and the rest renormalised, so edges neither darken
    /// nor fade (a uniform image stays exactly uniform).
    static func table(sourceCount: Int, targetCount: Int, filter: ResampleFilter) -> [ResampleTaps] {
        let scale = Double(sourceCount) / Double(targetCount)
        let stretch = max(1, scale)
        let radius = filter.support * stretch
        return (0..<targetCount).map { x in
            let centre = (Double(x) + 0.5) * scale
            let lo = max(0, Int((centre - radius).rounded(.down)))
            let hi = min(sourceCount - 1, Int((centre + radius).rounded(.up)))
            var raw: [Double] = []
            raw.reserveCapacity(max(0, hi - lo + 1))
            for s in lo...max(lo, hi) {
                raw.append(filter.weight((Double(s) + 0.5 - centre) / stretch))
            }
            let sum = raw.reduce(0, +)
            // A sum near zero cannot happen for these kernels over a non-empty range; fall back to
            // the nearest pixel rather than divide by it.
            guard abs(sum) > 1e-9 else {
                let nearest = min(sourceCount - 1, max(0, Int(centre)))
                return ResampleTaps(first: nearest, weights: [1])
            }
            return ResampleTaps(first: lo, weights: raw.map { Float($0 / sum) })
        }
    }
}
