import StickerCore
import StickerEncoding
import StickerRules

/// JUnit XML for CI dashboards: one `<testsuite>` for the pack, one `<testcase>` per sticker in
/// pack order plus one named `(pack)` for pack-level findings. Each error finding is a
/// `<failure type="rule" message="...">`; warnings and infos go to the test case's
/// `<system-out>`, so they are visible without failing the build. `failures` counts failed test
/// cases. No timestamps or durations, so the same report gives the same bytes.
public struct JUnitReporter: Reporter {
    /// The test case name that holds pack-level findings.
    public static let packTestName = "(pack)"

    /// A JUnit reporter.
    public init() {}

    /// Renders the report as JUnit XML.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        let groups = FindingGroups(report)
        let cases = [groups.pack] + groups.stickers
        let failed = cases.filter { $0.findings.contains { $0.severity == .error } }.count
        let pack = MarkupText.xmlAttribute(report.pack.name)
        let counts = "tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(MarkupText.xmlAttribute(report.tool.name))\" \(counts)>",
            "  <testsuite name=\"\(pack)\" \(counts) skipped=\"0\">",
            "    <properties>",
            property("tool.version", report.tool.version),
            property("catalog", context.catalogPath(for: report)),
            property("gridSize", report.pack.gridSize.rawValue),
            "    </properties>",
        ]
        for group in cases {
            lines += testCase(group, pack: pack)
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func property(_ name: String, _ value: String) -> String {
        "      <property name=\"\(MarkupText.xmlAttribute(name))\" value=\"\(MarkupText.xmlAttribute(value))\"/>"
    }

    private func testCase(_ group: FindingGroups.Group, pack: String) -> [String] {
        let name = MarkupText.xmlAttribute(group.name ?? Self.packTestName)
        let open = "    <testcase classname=\"\(pack)\" name=\"\(name)\""
        let failures = group.findings.filter { $0.severity == .error }
        let notes = group.findings.filter { $0.severity != .error }
        if failures.isEmpty && notes.isEmpty { return [open + "/>"] }
        var lines = [open + ">"]
        for finding in failures {
            lines.append("      <failure type=\"\(MarkupText.xmlAttribute(finding.rule))\" "
                         + "message=\"\(MarkupText.xmlAttribute(finding.message))\">"
                         + MarkupText.xmlContent(details(finding)) + "</failure>")
        }
        if !notes.isEmpty {
            let text = notes.map { "\($0.severity.rawValue): \(details($0))" }.joined(separator: "\n")
            lines.append("      <system-out>" + MarkupText.xmlContent(text) + "</system-out>")
        }
        lines.append("    </testcase>")
        return lines
    }

    /// `rule [frame N] (file): message`, then the hint on its own line.
    private func details(_ finding: Finding) -> String {
        var head = finding.rule
        if let frame = finding.frame { head += " [frame \(frame)]" }
        if let file = finding.file { head += " (\(file))" }
        let text = "\(head): \(finding.message)"
        return finding.hint.isEmpty ? text : "\(text)\nhint: \(finding.hint)"
    }
}
