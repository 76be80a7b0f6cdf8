/// A frame delay in APNG's two 16-bit fields.
struct DelayFraction: Equatable, Sendable {
    /// delay_num.
    let numerator: UInt16
    /// delay_den (never 0 here: 0 would mean 100).
    let denominator: UInt16
    /// Whether the fields state the delay exactly.
    let isExact: Bool

    /// The fields for `delay`: the reduced fraction when both terms fit 16 bits (always exact);
    /// otherwise the nearest fraction with terms <= 65535 (smallest denominator on ties), and
    /// 65535/1 s for anything longer than that.
    /// - Throws: `CodecError.invalidInput` for a negative delay.
    init(_ delay: FrameDelay) throws {
        guard delay.numerator >= 0, delay.denominator > 0 else {
            throw CodecError.invalidInput("frame delay \(delay) is negative or has a zero denominator")
        }
        let r = delay.reduced()
        let limit = Int(UInt16.max)
        if r.numerator <= limit && r.denominator <= limit {
            numerator = UInt16(r.numerator); denominator = UInt16(r.denominator); isExact = true
            return
        }
        isExact = false
        if Double(r.numerator) >= Double(limit) * Double(r.denominator) {
            numerator = UInt16.max; denominator = 1
            return
        }
        // Nearest num/den: for each denominator the best numerator is a rounding; errors are
        // compared exactly as |num * r.den - r.num * den| / (den * r.den) by cross-multiplying.
        var best = (num: 0, den: 1), bestError = (n: Double.infinity, d: 1.0)
        for den in 1...limit {
            let num = min(limit, Int((Double(r.numerator) * Double(den) / Double(r.denominator)).rounded()))
            let errorN = abs(Double(num) * Double(r.denominator) - Double(r.numerator) * Double(den))
            let errorD = Double(den)
            if errorN * bestError.d < bestError.n * errorD { best = (num, den); bestError = (errorN, errorD) }
        }
        numerator = UInt16(best.num); denominator = UInt16(best.den)
    }
}
