/// A frame's display time as the file states it: a fraction of a second, never rounded.
///
/// APNG stores `delay_num / delay_den` seconds (a zero denominator means 1/100 s); GIF stores
/// centiseconds (kept as `n / 100`). Keeping the fraction lets the assembler write back exactly
/// what was asked, and lets checks reason about the 10 ms rule without rounding errors.
public struct FrameDelay: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Numerator, in units of 1/denominator seconds.
    public var numerator: Int
    /// Denominator; never zero once constructed through `init`.
    public var denominator: Int

    /// A delay of `numerator/denominator` seconds. A zero denominator means 100, as in APNG.
    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator == 0 ? 100 : denominator
    }

    /// A delay of whole milliseconds.
    public static func milliseconds(_ ms: Int) -> FrameDelay { FrameDelay(numerator: ms, denominator: 1000) }
    /// A GIF delay in centiseconds.
    public static func centiseconds(_ cs: Int) -> FrameDelay { FrameDelay(numerator: cs, denominator: 100) }
    /// One frame at `fps` frames per second.
    public static func fps(_ fps: Int) -> FrameDelay { FrameDelay(numerator: 1, denominator: fps) }
    /// No delay.
    public static let zero = FrameDelay(numerator: 0, denominator: 100)

    /// Duration in milliseconds (may be fractional, e.g. 66.67 for 1/15 s).
    public var milliseconds: Double { Double(numerator) * 1000.0 / Double(denominator) }

    /// Whether both delays denote the same time (1/10 equals 10/100).
    public func isSameDuration(as other: FrameDelay) -> Bool {
        numerator * other.denominator == other.numerator * denominator
    }

    /// The sum of two delays as an exact fraction, reduced so that it fits APNG's 16-bit fields
    /// whenever an exact representation exists.
    public static func + (lhs: FrameDelay, rhs: FrameDelay) -> FrameDelay {
        let num = lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator
        let den = lhs.denominator * rhs.denominator
        return FrameDelay(numerator: num, denominator: den).reduced()
    }

    /// The same fraction in lowest terms.
    public func reduced() -> FrameDelay {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
        let g = gcd(numerator, denominator)
        guard g > 1 else { return self }
        return FrameDelay(numerator: numerator / g, denominator: denominator / g)
    }

    public var description: String { "\(numerator)/\(denominator) s" }
}
