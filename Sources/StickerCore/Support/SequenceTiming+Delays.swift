import ImageCodec

extension SequenceTiming {
    /// The exact delay of each of `frameCount` frames.
    ///
    /// `fps(15)` gives 1/15 s each; a fractional rate is kept as an exact fraction of milliseconds;
    /// `fixed(seconds:)` spreads one cycle evenly (2 s over 24 frames = 1/12 s each); `perFrame`
    /// repeats its last value when it lists fewer delays than frames.
    public func delays(frameCount: Int) -> [FrameDelay] {
        guard frameCount > 0 else { return [] }
        switch self {
        case .fps(let fps):
            guard fps > 0 else { return Array(repeating: .zero, count: frameCount) }
            if fps == fps.rounded() {
                return Array(repeating: FrameDelay(numerator: 1, denominator: Int(fps)), count: frameCount)
            }
            // 12.5 fps -> 1000/12500 s = 2/25 s: scale by 1000 to keep three decimals exactly.
            let scaled = Int((fps * 1000).rounded())
            return Array(repeating: FrameDelay(numerator: 1000, denominator: scaled).reduced(), count: frameCount)
        case .fixed(let seconds):
            let ms = Int((max(0, seconds) * 1000).rounded())
            return Array(repeating: FrameDelay(numerator: ms, denominator: 1000 * frameCount).reduced(),
                         count: frameCount)
        case .perFrame(let list):
            guard let last = list.last else { return Array(repeating: .zero, count: frameCount) }
            return (0..<frameCount).map { .milliseconds($0 < list.count ? list[$0] : last).reduced() }
        }
    }
}
