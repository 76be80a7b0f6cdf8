/// Counts that gate CI: how many stickers, findings of each severity, and how many passed clean of errors.
public struct ReportSummary: Equatable, Sendable, Codable {
    public var stickers: Int
    public var errors: Int
    public var warnings: Int
    public var infos: Int
    /// Stickers with no error finding.
    public var passed: Int
    /// What a baseline left out (`check --baseline`); nil when no baseline was applied.
    public var baseline: BaselineSummary?
    /// A summary.
    public init(stickers: Int, errors: Int, warnings: Int, infos: Int, passed: Int, baseline: BaselineSummary? = nil) {
        self.stickers = stickers; self.errors = errors; self.warnings = warnings
        self.infos = infos; self.passed = passed; self.baseline = baseline
    }
}

/// One sticker in a report: where it came from, what was measured, what was found.
public struct StickerReport: Equatable, Sendable, Codable {
    /// Sticker name (folder name without extension, or file name without extension).
    public var name: String
    /// Its source files relative to the catalog root.
    public var files: [String]
    /// Measured facts; nil when the sticker could not be decoded.
    public var facts: StickerFacts?
    /// Findings for this sticker, worst first.
    public var findings: [Finding]
    /// The VoiceOver description, when the catalog gives one.
    public var accessibilityLabel: String?
    /// What `stickerforge fix` did to it; nil in a check report.
    public var fixes: [FixRecord]?
    /// Fixes `stickerforge fix` rolled back because they would add an error; nil in a check report.
    public var refusedFixes: [RefusedFix]?
    /// The source files `build --platform` made this sticker from, when the store's file is named
    /// otherwise (LINE's `01.png` from `sun.png`); nil elsewhere.
    public var builtFrom: [String]?
    /// A sticker entry.
    public init(name: String, files: [String], facts: StickerFacts?, findings: [Finding],
                accessibilityLabel: String? = nil) {
        self.name = name; self.files = files; self.facts = facts; self.findings = findings
        self.accessibilityLabel = accessibilityLabel
    }
}

/// The result of checking a pack: every reporter is a pure function of this value.
public struct CheckReport: Equatable, Sendable, Codable {
    /// The tool that made the report.
    public var tool: ToolInfo
    /// The pack as read.
    public var pack: PackInfo
    /// Counts.
    public var summary: ReportSummary
    /// Stickers in pack order.
    public var stickers: [StickerReport]
    /// All findings, pack-level ones included, in a deterministic order.
    public var findings: [Finding]
    /// What `stickerforge fix` did to the catalog as a whole (stickers unlisted, keys dropped);
    /// nil in a check report.
    public var fixes: [FixRecord]?
    /// A report.
    public init(tool: ToolInfo, pack: PackInfo, summary: ReportSummary, stickers: [StickerReport], findings: [Finding]) {
        self.tool = tool; self.pack = pack; self.summary = summary; self.stickers = stickers; self.findings = findings
    }
}

/// Name and version of the tool, for SARIF and JSON.
public struct ToolInfo: Equatable, Sendable, Codable {
    public var name: String
    public var version: String
    /// Tool identity.
    public init(name: String = "stickerforge", version: String) { self.name = name; self.version = version }
}

/// The pack a report describes.
public struct PackInfo: Equatable, Sendable, Codable {
    /// Pack name.
    public var name: String
    /// Grid size in force.
    public var gridSize: GridSize
    /// Catalog path as given on the command line.
    public var path: String
    /// Pack description.
    public init(name: String, gridSize: GridSize, path: String) {
        self.name = name; self.gridSize = gridSize; self.path = path
    }
}
