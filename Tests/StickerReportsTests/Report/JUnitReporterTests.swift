import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class JUnitReporterTests: XCTestCase {
    func testCountsAndStructureParse() throws {
        let text = JUnitReporter().render(ReportFixtures.report, context: ReportFixtures.context)
        let document = try XMLDocument(xmlString: text, options: [])
        let suite = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, "Party & Friends")
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "6")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "4")
        let cases = suite.elements(forName: "testcase")
        XCTAssertEqual(cases.compactMap { $0.attribute(forName: "name")?.stringValue },
                       ["(pack)", "Wave", "Dance Party", "猫 😺", "Clean", "Broken"])
        let cat = cases[3]
        let failure = try XCTUnwrap(cat.elements(forName: "failure").first)
        XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "pixel_size_too_large")
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue,
                       "800x800 pixels, limit 408x408\nMessages scales \"<it>\" & 100% of it down")
        XCTAssertEqual(cat.elements(forName: "system-out").first?.stringValue,
                       "info: prefer_png (\(ReportFixtures.oddFile)): GIF has 1-bit transparency\nhint: Convert to APNG.")
        XCTAssertTrue(cases[2].elements(forName: "failure").isEmpty, "warnings are not failures")
        XCTAssertEqual(cases[4].childCount, 0)
    }

    func testControlCharactersAreReplacedSoTheXMLStaysWellFormed() throws {
        var report = ReportFixtures.report
        let nasty = "esc\u{1B}[31m nul\u{0} bell\u{7} vt\u{B} ff\u{C} del\u{7F} cr\r tab\t nonchar\u{FFFE}"
        report.findings = [Finding(rule: "r\u{1}", severity: .error, sticker: "Wave", file: "w\u{2}.png",
                                   message: nasty, hint: nasty)]
        let text = JUnitReporter().render(report, context: ReportFixtures.context)
        for forbidden in ["\u{0}", "\u{1}", "\u{2}", "\u{7}", "\u{B}", "\u{C}", "\u{1B}", "\u{FFFE}"] {
            XCTAssertFalse(text.contains(forbidden), "raw U+\(String(forbidden.unicodeScalars.first!.value, radix: 16))")
        }
        XCTAssertTrue(text.contains(
            "message=\"esc\u{FFFD}[31m nul\u{FFFD} bell\u{FFFD} vt\u{FFFD} ff\u{FFFD} del\u{7F} cr&#13; tab&#9; nonchar\u{FFFD}\""))
        let document = try XMLDocument(xmlString: text, options: [])
        let failure = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first?
            .elements(forName: "testcase")[1].elements(forName: "failure").first)
        XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "r\u{FFFD}")
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue,
                       "esc\u{FFFD}[31m nul\u{FFFD} bell\u{FFFD} vt\u{FFFD} ff\u{FFFD} del\u{7F} cr\r tab\t nonchar\u{FFFD}")
    }
}
