import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class TextReporterTests: XCTestCase {
    func testSummarySentenceIsSingularAndPluralCorrectly() {
        XCTAssertEqual(ReportSummary(stickers: 12, errors: 3, warnings: 5, infos: 2, passed: 9).sentence,
                       "12 stickers: 3 errors, 5 warnings, 2 infos; 9 passed")
        XCTAssertEqual(ReportSummary(stickers: 1, errors: 1, warnings: 1, infos: 1, passed: 0).sentence,
                       "1 sticker: 1 error, 1 warning, 1 info; 0 passed")
        XCTAssertEqual(ReportSummary(stickers: 0, errors: 0, warnings: 0, infos: 0, passed: 0).sentence,
                       "0 stickers: 0 errors, 0 warnings, 0 infos; 0 passed")
    }

    func testStickersWithWorseFindingsComeFirstAndTiesKeepPackOrder() {
        let text = TextReporter().render(ReportFixtures.report, context: ReportFixtures.context)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("Pack:") || $0.hasPrefix("Sticker:") }
        XCTAssertEqual(headings, [
            "Pack: Party & Friends (Stickers/Party.xcstickers)",
            "Sticker: Wave (Wave.sticker/wave.png)",
            "Sticker: 猫 😺 (猫 😺.sticker/\"<a>&b,c:100%\".gif)",
            "Sticker: Broken (Broken.sticker/broken.png)",
            "Sticker: Dance Party (Dance Party.sticker)",
        ])
        XCTAssertFalse(text.contains("Clean"), "a sticker without findings is only counted")
        XCTAssertTrue(text.hasSuffix("\n\n5 stickers: 4 errors, 3 warnings, 2 infos; 2 passed\n"))
    }

    func testNoTrailingWhitespaceAndNoEscapesWithoutColour() {
        var report = ReportFixtures.report
        report.findings.append(Finding(rule: "r", severity: .info, sticker: "Clean", file: nil,
                                       message: "ends in spaces   \nand a tab\t", hint: "hint  "))
        let text = TextReporter().render(report, context: ReportFixtures.context)
        for line in text.split(separator: "\n") {
            XCTAssertFalse(line.hasSuffix(" ") || line.hasSuffix("\t"), "trailing whitespace: \(line)")
        }
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(text.contains("  info    r: ends in spaces\n          and a tab\n          hint: hint\n"))
    }

    func testColourWrapsSeverityOnlyWhenEnabled() {
        var context = ReportFixtures.context
        context.useColor = true
        let text = TextReporter().render(ReportFixtures.report, context: context)
        XCTAssertTrue(text.contains("  \u{1B}[1;31merror\u{1B}[0m   file_too_large: 612,345 bytes"))
        XCTAssertTrue(text.contains("  \u{1B}[33mwarning\u{1B}[0m frame_rate_high: 40 fps"))
        XCTAssertTrue(text.contains("  \u{1B}[36minfo\u{1B}[0m    prefer_png: No pixel is transparent"))
    }

    func testControlCharactersInMessagesAreShownNotSentToTheTerminal() {
        var report = ReportFixtures.report
        report.findings = [Finding(rule: "r", severity: .error, sticker: nil, file: "a\u{1B}[2J.png",
                                   message: "bell\u{7} cr\r", hint: "")]
        let text = TextReporter().render(report, context: ReportFixtures.context)
        XCTAssertFalse(text.contains("\u{1B}") || text.contains("\u{7}") || text.contains("\r"))
        XCTAssertTrue(text.contains("  error   r (a\\u{1B}[2J.png): bell\\u{7} cr\\u{D}\n"))
    }

    func testPackLevelFindingsComeFirstUnderThePackName() {
        let text = TextReporter().render(ReportFixtures.report, context: ReportFixtures.context)
        XCTAssertTrue(text.hasPrefix("""
            Pack: Party & Friends (Stickers/Party.xcstickers)
              error   missing_marketing_icon: The 1024x1024 App Store icon slot is empty
                      hint: Add a 1024x1024 PNG to the icon set.
              warning unknown_key (Contents.json): Unknown key "gird-size"
                      hint: Did you mean "grid-size"?

            """))
    }
}
