import StickerCore
import StickerEncoding
import StickerRules

/// SARIF 2.1.0 for GitHub code scanning: one run, the rules that ran, one result per finding.
///
/// Locations name files relative to the `CATALOGROOT` base (declared in `originalUriBaseIds`
/// relative to `SRCROOT`, the repository root), percent-encoded, and carry no region because
/// the artifacts are images. `partialFingerprints["stickerforge/v1"]` identifies a finding by
/// rule, file, frame and sticker, never by its message, so an alert survives a reworded message
/// or a changed measurement (see `fingerprint(for:)` and docs/report-formats.md).
public struct SARIFReporter: Reporter {
    /// The uriBaseId every result location is relative to.
    public static let catalogRootBaseId = "CATALOGROOT"
    /// The `partialFingerprints` key; bump the suffix if the fingerprint input ever changes.
    public static let fingerprintKey = "stickerforge/v1"

    /// A SARIF reporter.
    public init() {}

    /// Renders the report as a SARIF 2.1.0 log.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        let rules = Self.rules(for: report, context: context)
        let ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) },
                                   uniquingKeysWith: { first, _ in first })
        var seen: [String: Int] = [:]
        let results = report.findings.map { finding -> SARIFLog.Result in
            let base = Self.fingerprint(for: finding)
            let n = seen[base, default: 0]
            seen[base] = n + 1
            let uri = finding.file.map(URIPath.encode) ?? "."
            let text = finding.hint.isEmpty ? finding.message : "\(finding.message)\nHint: \(finding.hint)"
            return SARIFLog.Result(
                ruleId: finding.rule, ruleIndex: ruleIndex[finding.rule] ?? -1,
                level: Self.level(finding.severity), message: .init(text: text),
                locations: [.init(physicalLocation: .init(artifactLocation: .init(
                    uri: uri, uriBaseId: Self.catalogRootBaseId, description: nil)))],
                // Two findings alike in every identifying field stay apart by their order.
                partialFingerprints: [Self.fingerprintKey: n == 0 ? base : "\(base):\(n + 1)"],
                properties: finding.sticker == nil && finding.frame == nil
                    ? nil : .init(sticker: finding.sticker, frame: finding.frame))
        }
        let run = SARIFLog.Run(
            tool: .init(driver: .init(name: report.tool.name, version: report.tool.version,
                                      informationUri: nil, rules: rules)),
            originalUriBaseIds: [Self.catalogRootBaseId: Self.catalogRoot(context.catalogPath(for: report))],
            results: results)
        return ReportJSON.encode(SARIFLog(runs: [run]))
    }

    /// The stable identity of a finding: FNV-1a 64 (hex) of the UTF-8 text
    /// `rule U+001F file U+001F frame U+001F sticker`, absent values as empty strings and the frame
    /// in decimal. The message and hint are deliberately left out.
    public static func fingerprint(for finding: Finding) -> String { finding.stableFingerprint }

    /// SARIF's level for a severity: `info` is SARIF's `note`.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        case .off: return "none"
        }
    }

    /// The rules that ran, each once, then any rule a finding names that the context lacks, so
    /// every result's `ruleIndex` points at its rule.
    static func rules(for report: CheckReport, context: ReportContext) -> [SARIFLog.Rule] {
        var ids = Set<String>()
        var rules: [SARIFLog.Rule] = []
        for rule in context.rules where ids.insert(rule.id).inserted {
            let full = rule.threshold.map { "\(rule.summary) (default threshold: \($0))" } ?? rule.summary
            rules.append(.init(id: rule.id, name: rule.name, shortDescription: .init(text: rule.name),
                               fullDescription: .init(text: full),
                               defaultConfiguration: .init(level: level(rule.defaultSeverity)),
                               helpUri: nil, properties: .init(tags: [rule.category.rawValue])))
        }
        for finding in report.findings where ids.insert(finding.rule).inserted {
            rules.append(.init(id: finding.rule, name: finding.rule, shortDescription: .init(text: finding.rule),
                               fullDescription: nil, defaultConfiguration: .init(level: level(finding.severity)),
                               helpUri: nil, properties: nil))
        }
        return rules
    }

    /// Where `CATALOGROOT` points: the catalog path relative to `SRCROOT` (the repository root),
    /// or a `file:` URI when the path is absolute. SARIF wants base URIs to end in `/`.
    static func catalogRoot(_ path: String) -> SARIFLog.ArtifactLocation {
        let description = SARIFLog.Text(text: "The sticker catalog root; file locations are relative to it.")
        if path.hasPrefix("/") {
            let encoded = URIPath.encode(path)
            return .init(uri: "file://" + encoded + (encoded.hasSuffix("/") ? "" : "/"),
                         uriBaseId: nil, description: description)
        }
        let relative = (path.isEmpty || path == ".") ? "./" : URIPath.encode(path) + "/"
        return .init(uri: relative, uriBaseId: "SRCROOT", description: description)
    }
}
