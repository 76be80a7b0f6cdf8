/// A fix the guard rolled back for one sticker (docs/fix.md): its result had an error finding the
/// source did not have, so the sticker keeps what it had before that fix. The JSON report's
/// `stickers[].refusedFixes[]` entry.
public struct RefusedFix: Equatable, Hashable, Sendable, Codable {
    /// The rule whose finding it would have repaired.
    public var rule: String
    /// The fix's action.
    public var action: String
    /// What it would have done, with figures (its record's details).
    public var details: String
    /// The error findings its result had and the source did not.
    public var findings: [Finding]

    /// A refusal of what `record` describes, because of `findings`.
    public init(_ record: FixRecord, findings: [Finding]) {
        self.rule = record.rule; self.action = record.action; self.details = record.details; self.findings = findings
    }

    /// One line for people: what it would have done and the error it would have added.
    public var sentence: String {
        let errors = findings.map { "\($0.rule) (\($0.message))" }
        return "\(rule) \(action) rolled back (\(details)): its result has the error\(errors.count == 1 ? "" : "s") "
            + "\(NumberText.list(errors)), which the source does not have"
    }
}
