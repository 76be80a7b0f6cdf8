import StickerCore
import StickerEncoding
import StickerRules

/// GitLab Code Quality (a subset of the Code Climate issue format), for a job's
/// `artifacts:reports:codequality`: a JSON array with one object per finding in report order,
/// each with `description`, `check_name` (the rule id), `fingerprint`, `severity` and
/// `location.path` / `location.lines.begin`. Paths are relative to the repository (the catalog
/// display path joined with the file; a pack-level finding without a file names its catalog);
/// images have no lines, so `lines.begin` is always 1. Fingerprints are `LocatedFingerprint`s,
/// which are unique within a report and do not change with a finding's message.
public struct GitLabCodeQualityReporter: Reporter {
    /// A GitLab Code Quality reporter.
    public init() {}

    /// Renders the findings as a Code Quality JSON array (`[]` when there are none).
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        let root = context.catalogPath(for: report)
        let prints = LocatedFingerprint.fingerprints(for: report, root: root)
        let issues = zip(report.findings, prints).map { finding, print in
            Issue(description: Self.description(of: finding), checkName: finding.rule, fingerprint: print,
                  severity: Self.severity(finding.severity),
                  location: .init(path: LocatedFingerprint.location(of: finding, root: root), lines: .init(begin: 1)))
        }
        return ReportJSON.encode(issues)
    }

    /// GitLab's severity for ours: errors (which fail the gate) `critical`, warnings `minor`,
    /// infos `info`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "critical"
        case .warning: return "minor"
        case .info, .off: return "info"
        }
    }

    /// `STICKER: frame N: MESSAGE` on one line (GitLab shows the description as one line).
    static func description(of finding: Finding) -> String {
        var text = finding.message
        if let frame = finding.frame { text = "frame \(frame): " + text }
        if let sticker = finding.sticker { text = "\(sticker): " + text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private struct Issue: Encodable {
        var description: String
        var checkName: String
        var fingerprint: String
        var severity: String
        var location: Location
        private enum CodingKeys: String, CodingKey {
            case description, checkName = "check_name", fingerprint, severity, location
        }
    }

    private struct Location: Encodable {
        var path: String
        var lines: Lines
    }

    private struct Lines: Encodable { var begin: Int }
}
