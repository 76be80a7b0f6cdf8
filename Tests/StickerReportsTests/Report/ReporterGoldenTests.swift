import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Every format rendered from the one sample report, compared byte for byte with its golden file.
final class ReporterGoldenTests: XCTestCase {
    private func render(_ format: ReportFormat, context: ReportContext = ReportFixtures.context) -> String {
        ReportFormat.reporter(for: format).render(ReportFixtures.report, context: context)
    }

    func testTextGolden() throws {
        try Golden.assertMatches(render(.text), file: "report.txt", version: ReportFixtures.version)
    }

    func testColouredTextGolden() throws {
        var context = ReportFixtures.context
        context.useColor = true
        try Golden.assertMatches(render(.text, context: context), file: "report-color.txt",
                                 version: ReportFixtures.version)
    }

    func testJSONGolden() throws {
        try Golden.assertMatches(render(.json), file: "report.json", version: ReportFixtures.version)
    }

    func testSARIFGolden() throws {
        try Golden.assertMatches(render(.sarif), file: "report.sarif", version: ReportFixtures.version)
    }

    func testJUnitGolden() throws {
        try Golden.assertMatches(render(.junit), file: "report.junit.xml", version: ReportFixtures.version)
    }

    func testGitHubGolden() throws {
        try Golden.assertMatches(render(.github), file: "report.github.txt", version: ReportFixtures.version)
    }

    func testGitLabCodeQualityGolden() throws {
        try Golden.assertMatches(render(.gitlab), file: "report.gitlab.json", version: ReportFixtures.version)
    }

    func testXcodeGolden() throws {
        try Golden.assertMatches(render(.xcode), file: "report.xcode.txt", version: ReportFixtures.version)
    }

    /// A relative catalog path is made absolute against the working directory, `.` and `..` resolved.
    func testXcodeMakesRelativePathsAbsolute() {
        var report = ReportFixtures.report
        report.pack.path = "./Stickers/../Stickers/Party.xcstickers"
        let context = ReportContext(catalogRoot: report.pack.path, workingDirectory: "/Users/me/repo/")
        let lines = XcodeReporter().render(report, context: context).split(separator: "\n")
        XCTAssertEqual(lines.first, "/Users/me/repo/Stickers/Party.xcstickers:1:1: error: "
                       + "The 1024x1024 App Store icon slot is empty (Add a 1024x1024 PNG to the icon set.) [missing_marketing_icon]")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("/Users/me/repo/Stickers/Party.xcstickers") }, "\(lines)")
    }

    func testMarkdownGolden() throws {
        try Golden.assertMatches(render(.markdown), file: "report.md", version: ReportFixtures.version)
    }

    func testMarkdownWithABaselineGolden() throws {
        var report = ReportFixtures.report
        let baseline = Baseline(findings: [
            BaselineEntry(fingerprint: "0123456789abcdef", rule: "edge_halo", severity: .warning, sticker: "Halo",
                          file: "Stickers/Party.xcstickers/Halo.sticker/halo.png", frame: nil, message: "dark rim"),
        ])
        report = baseline.apply(to: report, root: ReportFixtures.catalogRoot, path: "stickerforge-baseline.json")
        report.summary.baseline?.baselined = 3  // as if three findings had matched
        let text = MarkdownReporter(limit: 4).render(report, context: ReportFixtures.context)
        try Golden.assertMatches(text, file: "report-baseline.md", version: ReportFixtures.version)
    }

    func testEveryFormatHasAReporterAndEndsWithOneNewline() {
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["text", "json", "sarif", "junit", "github", "gitlab", "markdown", "xcode"])
        for format in ReportFormat.allCases {
            let text = render(format)
            XCTAssertTrue(text.hasSuffix("\n"), "\(format)")
            XCTAssertFalse(text.hasSuffix("\n\n"), "\(format)")
        }
        XCTAssertTrue(ReportFormat.reporter(for: .sarif) is SARIFReporter)
        XCTAssertEqual(ReportFormat(rawValue: "html"), nil)
    }
}
