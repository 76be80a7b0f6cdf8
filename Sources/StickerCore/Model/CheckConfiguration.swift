import ImageCodec

/// The thresholds that are ours rather than Apple's; documented per rule and configurable.
public struct CheckThresholds: Equatable, Sendable, Codable {
    /// `frame_rate_high` above this many frames per second.
    public var maxFPS: Double = 30
    /// `loop_too_long` above this many milliseconds per loop.
    public var maxLoopMilliseconds: Double = 5000
    /// `animation_memory` above this many bytes of decoded RGBA frames.
    public var maxAnimationBytes: Int = 64 << 20
    /// `short_frame_delay` at or below this many milliseconds.
    public var shortDelayMilliseconds: Double = 10
    /// `accessibility_label_too_long` above this many characters.
    public var maxLabelCharacters: Int = 150
    /// `edge_halo`: share of edge pixels (0-1) that must carry a matte before the rule fires.
    public var haloEdgeShare: Double = 0.10
    /// `excess_padding`: fires when the content's bounding box leaves more than this share of the
    /// shorter side empty on both sides together.
    public var maxPaddingShare: Double = 0.25
    /// Defaults as documented.
    public init() {}
}

/// Everything a check run needs besides the pack: limits, thresholds and severity overrides.
/// Built from defaults, then `stickerforge.yml`, then command-line flags (later wins).
public struct CheckConfiguration: Equatable, Sendable {
    /// `file_too_large` above this many bytes.
    public var maxBytes: Int = PlatformRules.iMessageMaxBytes
    /// Grid size that overrides the catalog's, when set.
    public var gridSizeOverride: GridSize?
    /// Severity per rule id, overriding the rule's default.
    public var severities: [String: Severity] = [:]
    /// Our own thresholds.
    public var thresholds = CheckThresholds()
    /// Decoder limits.
    public var decodeLimits = DecodeLimits.default
    /// Treat warnings as failures for the exit code.
    public var strict = false
    /// The output is an app for App Store upload (`build --xcode-project`): rules whose findings App
    /// Store Connect rejects raise those findings to errors (`severity(for:atLeast:)`).
    public var appStoreUpload = false
    /// The store the pack is judged for (`check --platform`); iMessage unless given.
    public var platform: PlatformRules = .imessage

    /// Defaults.
    public init() {}

    /// The severity in force for a rule.
    public func severity(for rule: RuleDescription) -> Severity {
        severities[rule.id] ?? (applies(rule) ? rule.defaultSeverity : .off)
    }

    /// Whether `rule` says something about the platform judged: a rule its table lists as inapplicable
    /// is off unless configured.
    public func applies(_ rule: RuleDescription) -> Bool { !platform.inapplicableRules.contains(rule.id) }

    /// The severity in force for a finding that deserves at least `floor` in this run (an App Store
    /// blocker under `appStoreUpload`): a severity the user set for the rule still wins, `off` included;
    /// otherwise the rule's default, raised to `floor`.
    public func severity(for rule: RuleDescription, atLeast floor: Severity?) -> Severity {
        if let configured = severities[rule.id] { return configured }
        guard applies(rule) else { return .off }
        guard let floor else { return rule.defaultSeverity }
        return max(rule.defaultSeverity, floor)
    }
}
