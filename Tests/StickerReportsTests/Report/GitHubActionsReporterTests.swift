import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class GitHubActionsReporterTests: XCTestCase {
    private func report(errors: Int, warnings: Int = 0, infos: Int = 0) -> CheckReport {
        var report = ReportFixtures.report
        func make(_ n: Int, _ severity: Severity) -> [Finding] {
            (0..<n).map { Finding(rule: "r\($0)", severity: severity, sticker: "S", file: "s\($0).png",
                                  message: "m\($0)", hint: "") }
        }
        report.findings = make(errors, .error) + make(warnings, .warning) + make(infos, .info)
        return report
    }

    func testTwentyFiveErrorsGiveTenAnnotationsAndOneSummaryLine() {
        let lines = GitHubActionsReporter().render(report(errors: 25), context: ReportFixtures.context)
            .split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 12, "10 annotations, the summary line, and the empty string after the final newline")
        XCTAssertEqual(lines[0], "::error file=Stickers/Party.xcstickers/s0.png,title=r0::S: m0")
        XCTAssertEqual(lines[9], "::error file=Stickers/Party.xcstickers/s9.png,title=r9::S: m9")
        XCTAssertEqual(lines[10], "15 errors more not shown as annotations (GitHub shows 10 of each kind per step); "
                       + "see the full report: reports/stickerforge.sarif")
        XCTAssertEqual(lines[11], "")
    }

    func testTheCapIsPerKind() {
        let text = GitHubActionsReporter().render(report(errors: 3, warnings: 12, infos: 11),
                                                  context: ReportContext(catalogRoot: "."))
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }.count, 3)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::warning ") }.count, 10)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::notice ") }.count, 10)
        XCTAssertEqual(lines.last, "2 warnings, 1 notice more not shown as annotations "
                       + "(GitHub shows 10 of each kind per step); see the full report")
        XCTAssertTrue(text.contains("::notice file=s0.png,title=r0::S: m0\n"), "a \".\" root adds no prefix")
    }

    func testNothingToReportIsEmpty() {
        XCTAssertEqual(GitHubActionsReporter().render(report(errors: 0), context: ReportFixtures.context), "")
    }

    func testEscapingKeepsAFileNameFromBreakingOut() {
        XCTAssertEqual(GitHubActionsReporter.escapeData("100% a\r\nb::c,d"), "100%25 a%0D%0Ab::c,d")
        XCTAssertEqual(GitHubActionsReporter.escapeProperty("a,title=x::y%\n"), "a%2Ctitle=x%3A%3Ay%25%0A")
        var report = ReportFixtures.report
        report.findings = [Finding(rule: "r", severity: .warning, sticker: nil, file: "x,title=evil::boom\n.png",
                                   message: "two\nlines", hint: "")]
        XCTAssertEqual(GitHubActionsReporter().render(report, context: ReportFixtures.context),
                       "::warning file=Stickers/Party.xcstickers/x%2Ctitle=evil%3A%3Aboom%0A.png,title=r::two%0Alines\n")
    }
}
