/// Groups rules in reports and documentation.
public enum RuleCategory: String, Sendable, Codable, CaseIterable {
    case format, size, pixels, transparency, animation, color, catalog
}

/// How a rule describes itself: a stable id, a default severity, a summary and a default hint.
public struct RuleDescription: Sendable, Equatable {
    /// Stable snake_case id; a public contract.
    public let id: String
    /// Short human name ("File too large").
    public let name: String
    /// One line: what the rule finds and why it matters.
    public let summary: String
    /// Severity when no configuration says otherwise.
    public let defaultSeverity: Severity
    /// Category for grouping.
    public let category: RuleCategory
    /// The threshold the rule uses by default, in words ("500,000 bytes"), when it has one.
    public let threshold: String?

    /// A rule description.
    public init(id: String, name: String, summary: String, defaultSeverity: Severity,
                category: RuleCategory, threshold: String? = nil) {
        self.id = id; self.name = name; self.summary = summary
        self.defaultSeverity = defaultSeverity; self.category = category; self.threshold = threshold
    }
}
