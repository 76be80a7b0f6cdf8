import StickerCore
import StickerEncoding
import StickerRules

/// The report for people: findings grouped by sticker, worst stickers first, each finding on one
/// line with its hint indented below, and a one-line summary at the end.
///
/// ```
/// Pack: Party (Stickers/Party.xcstickers)
///   error   missing_icon: The 1024x1024 marketing slot is empty
///           hint: Add a 1024x1024 PNG to the icon set.
///
/// Sticker: Wave (Wave.sticker)
///   warning frame_rate_high [frame 3] (Wave.sticker/3.png): 40 fps, limit 30 fps
///           hint: Drop every other frame.
///
/// 12 stickers: 3 errors, 5 warnings, 2 infos; 9 passed
/// ```
public struct TextReporter: Reporter {
    /// A text reporter.
    public init() {}

    /// Width of the severity column: the longest name, "warning".
    private static let severityWidth = 7
    /// Where message continuation lines and hints start, under the rule id.
    private static let indent = String(repeating: " ", count: 2 + severityWidth + 1)

    /// Renders the report; colour only when `context.useColor`.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        let style = TerminalStyle(enabled: context.useColor)
        let groups = FindingGroups(report)
        var blocks: [[String]] = []
        if !groups.pack.findings.isEmpty {
            let root = context.catalogPath(for: report)
            let where_ = root.isEmpty ? "" : " (\(Self.visible(root)))"
            blocks.append([style.bold("Pack: \(Self.visible(report.pack.name))") + where_]
                          + groups.pack.findings.flatMap { lines(for: $0, shownFile: nil, style: style) })
        }
        for group in groups.stickersWorstFirst {
            let location = Self.location(of: group.files)
            let where_ = location.map { " (\(Self.visible($0)))" } ?? ""
            blocks.append([style.bold("Sticker: \(Self.visible(group.name ?? ""))") + where_]
                          + group.findings.flatMap { lines(for: $0, shownFile: location, style: style) })
        }
        blocks.append([report.summary.sentence] + (report.summary.baselineSentence.map { [Self.visible($0)] } ?? []))
        let text = blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
        return Self.trimmingTrailingWhitespace(text) + "\n"
    }

    /// One finding: the severity, rule, frame, file (unless the heading names it) and message,
    /// then the message's further lines and the hint, indented under the rule id.
    private func lines(for finding: Finding, shownFile: String?, style: TerminalStyle) -> [String] {
        let name = finding.severity.rawValue
        let padding = String(repeating: " ", count: max(1, Self.severityWidth + 1 - name.count))
        var head = finding.rule
        if let frame = finding.frame { head += " [frame \(frame)]" }
        if let file = finding.file, file != shownFile { head += " (\(Self.visible(file)))" }
        let message = Self.visible(finding.message).split(separator: "\n", omittingEmptySubsequences: false)
        var out = ["  " + style.severity(finding.severity, name) + padding + head + ": " + (message.first ?? "")]
        out += message.dropFirst().map { Self.indent + $0 }
        let hint = Self.visible(finding.hint).split(separator: "\n", omittingEmptySubsequences: false)
        if let first = hint.first, !(hint.count == 1 && first.isEmpty) {
            out.append(Self.indent + style.dim("hint: " + first))
            out += hint.dropFirst().map { Self.indent + "      " + $0 }
        }
        return out
    }

    /// What a sticker heading names: its one file, or the folder all its files share.
    package static func location(of files: [String]) -> String? {
        guard let first = files.first else { return nil }
        if files.count == 1 { return first }
        var common = first.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for file in files.dropFirst() {
            let parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            common = common.prefix(zip(common, parts).prefix { $0 == $1 }.count)
        }
        return common.isEmpty ? nil : common.joined(separator: "/")
    }

    /// Control characters other than newline and tab shown as `\u{1B}`, so a file name or message
    /// cannot move the cursor or change the terminal's colours.
    package static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A || v == 0x09 || !(v < 0x20 || (0x7F...0x9F).contains(v)) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// Drops spaces and tabs at line ends: they are invisible noise in terminals and diffs.
    package static func trimmingTrailingWhitespace(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                var line = line
                while let last = line.last, last == " " || last == "\t" { line.removeLast() }
                return line
            }
            .joined(separator: "\n")
    }
}
