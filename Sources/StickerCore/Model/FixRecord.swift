import ImageCodec

/// What one fix did to one sticker: the JSON report's `fixes[]` entry.
public struct FixRecord: Equatable, Hashable, Sendable, Codable {
    /// The rule whose finding it repaired.
    public var rule: String
    /// The action taken (a fix's `FixDescription.action`).
    public var action: String
    /// What was done, with figures ("640x640 -> 408x408 px (scale 0.6375)").
    public var details: String
    /// A record.
    public init(rule: String, action: String, details: String) {
        self.rule = rule; self.action = action; self.details = details
    }
}
