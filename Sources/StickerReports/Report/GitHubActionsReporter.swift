import StickerCore
import StickerEncoding
import StickerRules

/// GitHub Actions workflow commands: `::error file=PATH,title=RULE::message`, `::warning`,
/// `::notice` (for infos). GitHub shows at most 10 annotations of each kind per step, so at most
/// `limit` of each are written, in report order, and one plain line then says how many were left
/// out and where the full report is. Paths are the catalog display path joined with the file,
/// relative to the repository as GitHub expects.
public struct GitHubActionsReporter: Reporter {
    /// Annotations per kind that GitHub displays per step.
    public static let defaultLimit = 10

    /// Annotations written per kind.
    public var limit: Int

    /// A reporter writing at most `limit` annotations of each kind.
    public init(limit: Int = GitHubActionsReporter.defaultLimit) { self.limit = max(0, limit) }

    /// Renders the findings as workflow commands, one per line.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        var written: [Severity: Int] = [:]
        var omitted: [Severity: Int] = [:]
        var lines: [String] = []
        for finding in report.findings where finding.severity != .off {
            guard written[finding.severity, default: 0] < limit else {
                omitted[finding.severity, default: 0] += 1
                continue
            }
            written[finding.severity, default: 0] += 1
            lines.append(command(for: finding, report: report, context: context))
        }
        if !omitted.isEmpty {
            let parts = [(Severity.error, "error"), (.warning, "warning"), (.info, "notice")]
                .compactMap { severity, noun in omitted[severity].map { ReportSummary.count($0, noun) } }
            let place = context.fullReportHint.map { "see the full report: \(Self.plain($0))" }
                ?? "see the full report"
            lines.append("\(parts.joined(separator: ", ")) more not shown as annotations "
                         + "(GitHub shows \(limit) of each kind per step); \(place)")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private func command(for finding: Finding, report: CheckReport, context: ReportContext) -> String {
        let name: String
        switch finding.severity {
        case .error: name = "error"
        case .warning: name = "warning"
        case .info, .off: name = "notice"
        }
        var properties: [String] = []
        if let file = finding.file {
            properties.append("file=" + Self.escapeProperty(context.repositoryPath(of: file, in: report)))
        }
        properties.append("title=" + Self.escapeProperty(finding.rule))
        var message = finding.message
        if let frame = finding.frame { message = "frame \(frame): " + message }
        if let sticker = finding.sticker { message = "\(sticker): " + message }
        if !finding.hint.isEmpty { message += "\nHint: " + finding.hint }
        return "::\(name) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    /// Message escaping GitHub's runner undoes: `%`, CR and LF. Other control characters (an ESC
    /// in a file name would restyle or rewrite the CI log) are written as `%XX` too, left encoded.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "%" || Self.isControl(scalar) {
                out += String(format: "%%%02X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 control characters and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Property escaping: the data escapes plus `:` and `,`, which end a property or the list.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    /// The cap line is plain output, so a hint must not start a workflow command or break the line.
    static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }
}
