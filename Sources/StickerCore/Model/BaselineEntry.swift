
/// One accepted finding in a baseline. `fingerprint` is what matches; the other fields say what it
/// was, for people reviewing the baseline and for the report's list of gone entries.
public struct BaselineEntry: Equatable, Sendable, Codable {
    /// `LocatedFingerprint` of the finding (with its `:N` suffix when it has one).
    public var fingerprint: String
    /// Rule id.
    public var rule: String
    /// Severity when it was recorded.
    public var severity: Severity
    /// Sticker name; nil for a pack-level finding.
    public var sticker: String?
    /// Where it is, relative to the working directory (a pack-level finding without a file: its catalog).
    public var file: String
    /// Zero-based frame, when the finding is about one frame.
    public var frame: Int?
    /// The message when it was recorded (not used for matching).
    public var message: String

    /// An entry.
    public init(fingerprint: String, rule: String, severity: Severity, sticker: String?, file: String,
                frame: Int?, message: String) {
        self.fingerprint = fingerprint; self.rule = rule; self.severity = severity; self.sticker = sticker
        self.file = file; self.frame = frame; self.message = message
    }

    /// The entry for `finding` of a report rooted at `root`.
    package init(finding: Finding, fingerprint: String, root: String) {
        self.init(fingerprint: fingerprint, rule: finding.rule, severity: finding.severity, sticker: finding.sticker,
                  file: LocatedFingerprint.location(of: finding, root: root), frame: finding.frame,
                  message: finding.message)
    }

    // `sticker` and `frame` as explicit nulls, like the JSON report's findings.
    private enum CodingKeys: String, CodingKey { case fingerprint, rule, severity, sticker, file, frame, message }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fingerprint, forKey: .fingerprint); try c.encode(rule, forKey: .rule)
        try c.encode(severity, forKey: .severity); try c.encode(sticker, forKey: .sticker)
        try c.encode(file, forKey: .file); try c.encode(frame, forKey: .frame); try c.encode(message, forKey: .message)
    }

    /// Whether the entry's file is `path` or lies under it (`.` holds everything relative).
    package func isInside(_ path: String) -> Bool {
        path == "." || path.isEmpty || file == path || file.hasPrefix(path.hasSuffix("/") ? path : path + "/")
    }

    /// The baseline's order: file, rule, sticker, frame, fingerprint.
    package static func precedes(_ a: BaselineEntry, _ b: BaselineEntry) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.sticker != b.sticker { return (a.sticker ?? "") < (b.sticker ?? "") }
        if a.frame != b.frame { return (a.frame ?? -1) < (b.frame ?? -1) }
        return a.fingerprint < b.fingerprint
    }
}
