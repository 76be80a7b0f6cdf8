/// Whole-millisecond frame times for formats that store milliseconds (WebP's ANMF durations, WebM
/// block timestamps at a 1 ms TimecodeScale), rounded so that the loop time is kept.
///
/// Each frame starts at the exact running sum of the delays before it, rounded to the nearest
/// millisecond (halves up); its duration is the difference of two such starts. The rounding error
/// of one frame is thus carried into the next instead of piling up: every start, and the whole
/// loop, is within half a millisecond of the exact time. Three frames of 1/30 s become 33, 34 and
/// 33 ms (starts 0, 33, 67, 100), not 33 + 33 + 33 = 99 ms.
struct MillisecondTimeline: Equatable, Sendable {
    /// Start of each frame in milliseconds, then the end of the last one (count + 1 entries).
    let starts: [Int]

    /// The timeline of `delays`.
    /// - Throws: `CodecError.invalidInput` for a negative delay or a loop over `maxMilliseconds`.
    init(_ delays: [FrameDelay], maxMilliseconds: Int = Int(Int32.max)) throws {
        var starts = [0]
        starts.reserveCapacity(delays.count + 1)
        // The running sum is an exact reduced fraction while it fits 64 bits (always, for real
        // frame rates); past that, a Double sum in seconds (exact to far below a millisecond).
        var sum: (n: Int, d: Int)? = (0, 1)
        var seconds = 0.0
        for (index, delay) in delays.enumerated() {
            guard delay.numerator >= 0, delay.denominator > 0 else {
                throw CodecError.invalidInput("frame \(index + 1)'s delay \(delay) is negative")
            }
            seconds += Double(delay.numerator) / Double(delay.denominator)
            sum = sum.flatMap { Self.add($0, (delay.numerator, delay.denominator)) }
            let end: Int
            if let sum, case let (scaled, overflow) = sum.n.multipliedReportingOverflow(by: 2000), !overflow,
               sum.d <= Int.max / 2 {
                // round(n * 1000 / d) with halves up, in integers: floor((2000 n + d) / 2d).
                end = (scaled + sum.d) / (2 * sum.d)
            } else {
                guard seconds * 1000 < Double(maxMilliseconds) + 1 else {
                    throw CodecError.invalidInput("the frames last over \(maxMilliseconds) ms in all, more than can be stored")
                }
                end = Int((seconds * 1000).rounded(.toNearestOrAwayFromZero))
            }
            guard end <= maxMilliseconds else {
                throw CodecError.invalidInput("the frames last \(end) ms in all; at most \(maxMilliseconds) ms can be stored")
            }
            starts.append(end)
        }
        self.starts = starts
    }

    /// `a + b` reduced, or nil when a term overflows.
    private static func add(_ a: (n: Int, d: Int), _ b: (n: Int, d: Int)) -> (n: Int, d: Int)? {
        func gcd(_ x: Int, _ y: Int) -> Int { y == 0 ? x : gcd(y, x % y) }
        let g = gcd(a.d, b.d)
        let (d, o1) = (a.d / g).multipliedReportingOverflow(by: b.d)
        let (x, o2) = a.n.multipliedReportingOverflow(by: b.d / g)
        let (y, o3) = b.n.multipliedReportingOverflow(by: a.d / g)
        let (n, o4) = x.addingReportingOverflow(y)
        guard !(o1 || o2 || o3 || o4) else { return nil }
        let r = gcd(n, d)
        return (n / r, d / r)
    }

    /// Each frame's duration in whole milliseconds.
    var durations: [Int] { zip(starts, starts.dropFirst()).map { $1 - $0 } }
    /// The loop time in milliseconds.
    var total: Int { starts.last ?? 0 }
}
