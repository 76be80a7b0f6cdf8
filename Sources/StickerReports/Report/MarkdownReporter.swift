import StickerCore
import StickerEncoding
import StickerRules

/// Markdown for pull-request comments and `$GITHUB_STEP_SUMMARY`: a heading, a summary table, the
/// baseline's line when one was applied, then the findings grouped as the text report groups them
/// (pack-level first, then stickers worst first), one table per group. At most `limit` findings
/// are listed (GitHub caps comments at 65,536 characters and step summaries at 1 MiB); a last
/// line says how many more there are and where the full report is.
public struct MarkdownReporter: Reporter {
    /// Findings listed by default.
    public static let defaultLimit = 200

    /// Findings listed at most.
    public var limit: Int

    /// A Markdown reporter listing at most `limit` findings.
    public init(limit: Int = MarkdownReporter.defaultLimit) { self.limit = max(0, limit) }

    /// Renders the report as Markdown.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        let summary = report.summary
        let root = context.catalogPath(for: report)
        var lines = ["### stickerforge: \(MarkdownText.cell(report.pack.name))", ""]
        var header = ["Stickers", "Errors", "Warnings", "Infos", "Passed"]
        var values = [summary.stickers, summary.errors, summary.warnings, summary.infos, summary.passed]
        if let baseline = summary.baseline {
            header += ["Baselined", "Gone from baseline"]
            values += [baseline.baselined, baseline.gone.count]
        }
        lines += ["| " + header.joined(separator: " | ") + " |",
                  "|" + String(repeating: "---:|", count: header.count),
                  "| " + values.map { String($0) }.joined(separator: " | ") + " |"]
        if let sentence = summary.baselineSentence { lines += ["", MarkdownText.cell(sentence)] }
        let groups = FindingGroups(report)
        var listed = 0
        let all = (groups.pack.findings.isEmpty ? [] : [groups.pack]) + groups.stickersWorstFirst
        if all.isEmpty { lines += ["", "No findings."] }
        for group in all where listed < limit {
            let title = group.name.map { "Sticker: " + MarkdownText.cell($0) } ?? "Pack"
            let place = group.name == nil ? (root.isEmpty ? nil : root) : TextReporter.location(of: group.files)
            lines += ["", "#### \(title)" + (place.map { " (\(MarkdownText.cell($0)))" } ?? ""), "",
                      "| Severity | Rule | Frame | File | Message |", "|---|---|---:|---|---|"]
            for finding in group.findings where listed < limit {
                listed += 1
                var message = MarkdownText.cell(finding.message)
                if !finding.hint.isEmpty { message += "<br>*Hint:* " + MarkdownText.cell(finding.hint) }
                lines.append("| \(Self.badge(finding.severity)) | \(MarkdownText.cell(finding.rule)) | "
                             + "\(finding.frame.map(String.init) ?? "") | \(finding.file.map(MarkdownText.cell) ?? "") | \(message) |")
            }
        }
        let total = report.findings.count
        if listed < total {
            let place = context.fullReportHint.map { "; see the full report: " + MarkdownText.cell($0) } ?? ""
            lines += ["", "\(total - listed) more \(total - listed == 1 ? "finding" : "findings") not listed\(place)."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The severity with a symbol that reads at a glance in a rendered table.
    static func badge(_ severity: Severity) -> String {
        switch severity {
        case .error: return "❌ error"
        case .warning: return "⚠️ warning"
        case .info, .off: return "ℹ️ info"
        }
    }
}
