import StickerCore

/// What a rule example feeds the rule: one sticker, or a whole pack.
public enum CheckExampleInput: Sendable {
    /// A sticker, for `StickerCheck`s.
    case sticker(StickerSubject)
    /// A pack, for `PackCheck`s.
    case pack(PackSubject)
}

/// One example of a rule: documentation of what it means, and a test case.
public struct CheckExample: Sendable {
    /// What the example shows, in a few words ("JPEG photo").
    public var note: String
    /// The input.
    public var input: CheckExampleInput
    /// The grid size the example is judged under.
    public var gridSize: GridSize
    /// The severity its findings have when a rule raises this case above its default
    /// (`icon_not_opaque` in an App Store slot); nil = the rule's default.
    public var severity: Severity?
    /// The store the example is judged for.
    public var platform: PlatformRules = .imessage

    /// A sticker example.
    public init(_ note: String, _ subject: StickerSubject, gridSize: GridSize = .large, severity: Severity? = nil,
                platform: PlatformRules = .imessage) {
        self.note = note; self.input = .sticker(subject); self.gridSize = gridSize; self.severity = severity
        self.platform = platform
    }

    /// A pack example.
    public init(_ note: String, pack: PackSubject, gridSize: GridSize = .large, severity: Severity? = nil,
                platform: PlatformRules = .imessage) {
        self.note = note; self.input = .pack(pack); self.gridSize = gridSize; self.severity = severity
        self.platform = platform
    }

    /// The context the example is judged in: default configuration for `platform`, under `gridSize`.
    public var context: CheckContext {
        var configuration = CheckConfiguration()
        configuration.platform = platform
        return CheckContext(configuration: configuration, gridSize: gridSize)
    }
}

/// Examples that must trigger a rule at least once, and examples that must not trigger it.
public struct CheckExamples: Sendable {
    /// Each must yield at least one finding of the rule at its default severity (or the example's).
    public var triggering: [CheckExample]
    /// Each must yield no finding of the rule.
    public var nonTriggering: [CheckExample]

    /// A set of examples.
    public init(triggering: [CheckExample], nonTriggering: [CheckExample]) {
        self.triggering = triggering; self.nonTriggering = nonTriggering
    }
}
