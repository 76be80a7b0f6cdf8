/// How long each shown WebM frame lasts, from its block timestamps.
///
/// Frame i lasts until frame i+1's timestamp (a browser's `<video>` shows it that long). The last
/// frame has no successor, so its duration comes, in order, from: its BlockDuration; the track's
/// DefaultDuration; the Video FrameRate element (1/fps); the gap before it (the previous frame's
/// duration); and for a one-frame file with none of these, zero (a still). Durations are exact
/// fractions of a second (ticks x TimecodeScale nanoseconds, reduced) when they are whole
/// microseconds, as every millisecond TimecodeScale gives; other values are rounded to the nearest
/// microsecond, and each is capped at 65,535 s (APNG's longest), so that sums of delays stay exact
/// integers.
enum WebMFrameTiming {
    /// One shown frame's timing inputs.
    struct Stamp: Equatable {
        /// Block timestamp in ticks.
        var timestamp: Int64
        /// BlockDuration in ticks, nil when absent.
        var duration: Int64?
    }

    /// The delays of `stamps`, in order.
    /// - Throws: `.malformed` when timestamps go backwards or a duration overflows.
    static func delays(_ stamps: [Stamp], timecodeScale: Int64, defaultDuration: Int64?,
                       frameRate: Double?) throws -> [FrameDelay] {
        var delays: [FrameDelay] = []
        delays.reserveCapacity(stamps.count)
        for (i, pair) in zip(stamps, stamps.dropFirst()).enumerated() {
            let (gap, overflow) = pair.1.timestamp.subtractingReportingOverflow(pair.0.timestamp)
            guard !overflow, gap >= 0 else {
                throw CodecError.malformed("WebM frame \(i + 2) has timestamp \(pair.1.timestamp), "
                                           + "before frame \(i + 1)'s \(pair.0.timestamp) (ticks)")
            }
            delays.append(try delay(ticks: gap, scale: timecodeScale, frame: i + 1))
        }
        guard let last = stamps.last else { return delays }
        if let ticks = last.duration {
            delays.append(try delay(ticks: ticks, scale: timecodeScale, frame: stamps.count))
        } else if let nanoseconds = defaultDuration {
            delays.append(fraction(nanoseconds: nanoseconds))
        } else if let fps = frameRate, fps >= 0.001, fps <= 1_000_000 {
            delays.append(fraction(nanoseconds: Int64((1e9 / fps).rounded())))
        } else {
            delays.append(delays.last ?? .zero)
        }
        return delays
    }

    /// `ticks` x `scale` nanoseconds as a reduced fraction of a second.
    private static func delay(ticks: Int64, scale: Int64, frame: Int) throws -> FrameDelay {
        let (nanoseconds, overflow) = ticks.multipliedReportingOverflow(by: scale)
        guard !overflow, nanoseconds >= 0 else {
            throw CodecError.malformed("WebM frame \(frame)'s duration (\(ticks) ticks of \(scale) ns) is out of range")
        }
        return fraction(nanoseconds: nanoseconds)
    }

    /// Nanoseconds as a reduced fraction of a second, by the rounding and cap above.
    static func fraction(nanoseconds: Int64) -> FrameDelay {
        let capped = Int(min(max(nanoseconds, 0), 65_535 * 1_000_000_000))
        if capped % 1000 == 0 { return FrameDelay(numerator: capped, denominator: 1_000_000_000).reduced() }
        return FrameDelay(numerator: (capped + 500) / 1000, denominator: 1_000_000).reduced()
    }
}
