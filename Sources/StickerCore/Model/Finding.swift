/// One problem found in a pack: data, never a printed line. Reporters turn it into text.
public struct Finding: Equatable, Hashable, Sendable, Codable {
    /// The stable snake_case rule id (SARIF ruleId, JUnit test name, config key).
    public var rule: String
    /// Severity after configuration.
    public var severity: Severity
    /// The sticker's name, nil for pack-level findings.
    public var sticker: String?
    /// The file concerned, relative to the catalog root, nil when none applies.
    public var file: String?
    /// Zero-based frame index when the finding concerns one frame.
    public var frame: Int?
    /// What was measured and the limit ("612,345 bytes, limit 500,000 bytes (112,345 over)").
    public var message: String
    /// What to do about it.
    public var hint: String

    /// A finding.
    public init(rule: String, severity: Severity, sticker: String?, file: String?, frame: Int? = nil,
                message: String, hint: String) {
        self.rule = rule; self.severity = severity; self.sticker = sticker; self.file = file
        self.frame = frame; self.message = message; self.hint = hint
    }

    // Encode `frame`, `sticker` and `file` as explicit nulls: the JSON report documents them as keys.
    private enum CodingKeys: String, CodingKey { case rule, severity, sticker, file, frame, message, hint }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule, forKey: .rule); try c.encode(severity, forKey: .severity)
        try c.encode(sticker, forKey: .sticker); try c.encode(file, forKey: .file)
        try c.encode(frame, forKey: .frame); try c.encode(message, forKey: .message)
        try c.encode(hint, forKey: .hint)
    }
}
