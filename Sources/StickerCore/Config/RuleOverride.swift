import Foundation

/// One `--rule id=severity` command-line override.
public struct RuleOverride: Equatable, Sendable {
    /// Rule id (snake_case).
    public var rule: String
    /// Severity to use for it.
    public var severity: Severity

    /// An override.
    public init(rule: String, severity: Severity) { self.rule = rule; self.severity = severity }

    /// Parses `id=severity` (`file_too_large=warning`); spaces around either side are ignored and the
    /// severity is case-insensitive.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw RuleOverrideError.missingEquals(value: text) }
        let rule = parts[0].trimmingCharacters(in: .whitespaces)
        let level = parts[1].trimmingCharacters(in: .whitespaces)
        guard !rule.isEmpty else { throw RuleOverrideError.emptyRule(value: text) }
        guard rule.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
            throw RuleOverrideError.invalidRule(value: text, rule: rule)
        }
        guard !level.isEmpty else { throw RuleOverrideError.emptySeverity(value: text) }
        guard let severity = Severity(rawValue: level.lowercased()) else {
            throw RuleOverrideError.unknownSeverity(value: text, severity: level)
        }
        self.init(rule: rule, severity: severity)
    }
}

/// Why a `--rule` value was rejected.
public enum RuleOverrideError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `=` in the value.
    case missingEquals(value: String)
    /// Nothing before `=`.
    case emptyRule(value: String)
    /// The rule id is not snake_case.
    case invalidRule(value: String, rule: String)
    /// Nothing after `=`.
    case emptySeverity(value: String)
    /// A severity other than off, info, warning or error.
    case unknownSeverity(value: String, severity: String)

    /// What is wrong and the expected form.
    public var description: String {
        let form = "expected id=severity, e.g. file_too_large=warning"
        switch self {
        case .missingEquals(let value):
            return "'\(value)' has no '=': \(form)"
        case .emptyRule(let value):
            return "'\(value)' names no rule before '=': \(form)"
        case .invalidRule(let value, let rule):
            return "'\(value)': rule id '\(rule)' must be snake_case (a-z, 0-9, _)"
        case .emptySeverity(let value):
            return "'\(value)' gives no severity after '=': use off, info, warning or error"
        case .unknownSeverity(let value, let severity):
            return "'\(value)': unknown severity '\(severity)' (use off, info, warning or error)"
        }
    }
}
