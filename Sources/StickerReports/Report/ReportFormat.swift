import StickerCore
import StickerEncoding
import StickerRules

/// The formats `stickerforge check --format` accepts. The argument parser validates the name, so an
/// unknown format is a usage error. Adding a format means adding a case here: the exhaustive
/// switches below then name every place that needs a decision.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Grouped, worst-first text for people at a terminal.
    case text
    /// The documented JSON report (docs/report-formats.md), a public contract.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
    case sarif
    /// JUnit XML for CI test dashboards: one test case per sticker.
    case junit
    /// GitHub Actions workflow commands (`::error file=...::...`), capped per step.
    case github
    /// GitLab Code Quality JSON for `artifacts:reports:codequality`.
    case gitlab
    /// Markdown for pull-request comments and `$GITHUB_STEP_SUMMARY`.
    case markdown
    /// Xcode diagnostics (`PATH:1:1: error: ...`) for a Run Script build phase.
    case xcode

    /// The reporter that renders this format.
    public static func reporter(for format: ReportFormat) -> any Reporter {
        switch format {
        case .text: return TextReporter()
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter()
        case .junit: return JUnitReporter()
        case .github: return GitHubActionsReporter()
        case .gitlab: return GitLabCodeQualityReporter()
        case .markdown: return MarkdownReporter()
        case .xcode: return XcodeReporter()
        }
    }

    /// The reporter that renders this format.
    public var reporter: any Reporter { Self.reporter(for: self) }

    /// The usual file extension (no dot) for a report written to a file.
    public var fileExtension: String {
        switch self {
        case .text: return "txt"
        case .json: return "json"
        case .sarif: return "sarif"
        case .junit: return "xml"
        case .github: return "txt"
        case .gitlab: return "json"
        case .markdown: return "md"
        case .xcode: return "txt"
        }
    }
}
