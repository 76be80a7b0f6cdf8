/// Timing and loops for one sequence in `stickerforge.yml` (`sequences: {dance: {fps: 12}}`).
/// Give one of `fps`, `delays` or `duration`; when several are given the parser reports it and
/// `delays` wins over `duration`, which wins over `fps`.
public struct SequenceSettings: Equatable, Sendable {
    /// Frames per second.
    public var fps: Double?
    /// Delay of each frame in milliseconds, one per frame.
    public var delays: [Int]?
    /// Seconds for one whole cycle (Xcode `duration-type: fixed`).
    public var duration: Double?
    /// Total plays: 0 = forever, else how many times the animation plays.
    public var loops: Int?

    /// Settings; all nil means "use the pack defaults".
    public init(fps: Double? = nil, delays: [Int]? = nil, duration: Double? = nil, loops: Int? = nil) {
        self.fps = fps; self.delays = delays; self.duration = duration; self.loops = loops
    }

    /// The timing these settings give, nil when they give none.
    public var timing: SequenceTiming? {
        if let delays { return .perFrame(delays) }
        if let duration { return .fixed(seconds: duration) }
        if let fps { return .fps(fps) }
        return nil
    }

    /// Xcode `repetitions` for a number of plays. Xcode counts plays after the first and uses 0 for
    /// "forever", so `loops: 0` -> 0 and `loops: n` (n >= 2) -> n - 1. One single play cannot be
    /// written in Xcode's model; the parser rejects `loops: 1` and this returns 1 (two plays) for it.
    public static func repetitions(forLoops loops: Int) -> Int {
        loops <= 0 ? 0 : max(1, loops - 1)
    }
}
