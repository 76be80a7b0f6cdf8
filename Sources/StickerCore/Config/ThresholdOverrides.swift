/// The `thresholds:` section of `stickerforge.yml`: each value given replaces the default in
/// `CheckThresholds`; keys are the snake_case field names (`max_fps`, `max_loop_milliseconds`, ...).
public struct ThresholdOverrides: Equatable, Sendable {
    /// `max_fps`.
    public var maxFPS: Double?
    /// `max_loop_milliseconds`.
    public var maxLoopMilliseconds: Double?
    /// `max_animation_bytes`.
    public var maxAnimationBytes: Int?
    /// `short_delay_milliseconds`.
    public var shortDelayMilliseconds: Double?
    /// `max_label_characters`.
    public var maxLabelCharacters: Int?
    /// `halo_edge_share` (0-1).
    public var haloEdgeShare: Double?
    /// `max_padding_share` (0-1).
    public var maxPaddingShare: Double?

    /// No overrides.
    public init() {}

    /// Every key the section accepts.
    public static let keys = ["max_fps", "max_loop_milliseconds", "max_animation_bytes", "short_delay_milliseconds",
                              "max_label_characters", "halo_edge_share", "max_padding_share"]

    /// Replaces the thresholds that are set.
    public func apply(to thresholds: inout CheckThresholds) {
        if let maxFPS { thresholds.maxFPS = maxFPS }
        if let maxLoopMilliseconds { thresholds.maxLoopMilliseconds = maxLoopMilliseconds }
        if let maxAnimationBytes { thresholds.maxAnimationBytes = maxAnimationBytes }
        if let shortDelayMilliseconds { thresholds.shortDelayMilliseconds = shortDelayMilliseconds }
        if let maxLabelCharacters { thresholds.maxLabelCharacters = maxLabelCharacters }
        if let haloEdgeShare { thresholds.haloEdgeShare = haloEdgeShare }
        if let maxPaddingShare { thresholds.maxPaddingShare = maxPaddingShare }
    }
}
