import StickerCore

/// What a check may consult besides its subject: the configuration and the grid size in force.
/// Passed in, never global, so checks stay pure and can run on any core.
public struct CheckContext: Sendable {
    /// Limits, thresholds and severity overrides.
    public var configuration: CheckConfiguration
    /// The pack's grid size after any configuration override.
    public var gridSize: GridSize

    /// A context; `gridSize` should already include `configuration.gridSizeOverride`.
    public init(configuration: CheckConfiguration = CheckConfiguration(), gridSize: GridSize) {
        self.configuration = configuration
        self.gridSize = gridSize
    }

    /// The store the pack is judged for.
    public var platform: PlatformRules { configuration.platform }

    /// The thresholds in force.
    public var thresholds: CheckThresholds { configuration.thresholds }

    /// A finding for `rule` at the configured severity, or nil when the rule is `off`. `atLeast`
    /// raises the rule's default for this one finding (see `CheckConfiguration.severity(for:atLeast:)`).
    public func finding(_ rule: RuleDescription, sticker: String?, file: String?, frame: Int? = nil,
                        message: String, hint: String, atLeast floor: Severity? = nil) -> Finding? {
        let severity = configuration.severity(for: rule, atLeast: floor)
        guard severity != .off else { return nil }
        return Finding(rule: rule.id, severity: severity, sticker: sticker, file: file, frame: frame,
                       message: message, hint: hint)
    }

    /// Whether `rule` is switched off, so a check can skip expensive work.
    public func isOff(_ rule: RuleDescription) -> Bool { configuration.severity(for: rule) == .off }
}
