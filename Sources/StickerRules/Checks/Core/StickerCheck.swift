import StickerCore

/// A rule that judges one sticker on its own (format, pixels, transparency, animation, colour).
///
/// Each rule is one small type that describes itself (docs/architecture.md, "A new check"): a stable id, a default
/// severity and in-memory examples that are documentation and tests at once.
public protocol StickerCheck: Sendable {
    /// The rule's id, name, summary, default severity, category and threshold.
    static var description: RuleDescription { get }
    /// Subjects that must and must not trigger the rule.
    static var examples: CheckExamples { get }
    /// The findings for one sticker; empty when the rule is `off` or finds nothing.
    func check(_ subject: StickerSubject, context: CheckContext) -> [Finding]
}

/// A rule that judges the pack as a whole (catalog structure, duplicates, icons).
public protocol PackCheck: Sendable {
    /// The rule's id, name, summary, default severity, category and threshold.
    static var description: RuleDescription { get }
    /// Packs that must and must not trigger the rule.
    static var examples: CheckExamples { get }
    /// The findings for the pack; empty when the rule is `off` or finds nothing.
    func check(_ pack: PackSubject, context: CheckContext) -> [Finding]
}

extension StickerCheck {
    /// The rule's description, reachable from an existential value.
    public var ruleDescription: RuleDescription { Self.description }
    /// The rule's examples, reachable from an existential value.
    public var ruleExamples: CheckExamples { Self.examples }
}

extension PackCheck {
    /// The rule's description, reachable from an existential value.
    public var ruleDescription: RuleDescription { Self.description }
    /// The rule's examples, reachable from an existential value.
    public var ruleExamples: CheckExamples { Self.examples }
}
