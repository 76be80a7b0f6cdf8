import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class JSONReporterTests: XCTestCase {
    func testRoundTripGivesBackTheSameReport() throws {
        let text = JSONReporter().render(ReportFixtures.report, context: ReportFixtures.context)
        XCTAssertEqual(try JSONReporter.decode(text), ReportFixtures.report)
    }

    func testAbsentValuesAreNullNotMissing() throws {
        let text = JSONReporter().render(ReportFixtures.report, context: ReportFixtures.context)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["reportVersion", "tool", "pack", "summary", "stickers", "findings"])
        let stickers = try XCTUnwrap(object["stickers"] as? [[String: Any]])
        XCTAssertTrue(stickers[4]["facts"] is NSNull, "Broken has no facts")
        XCTAssertTrue((stickers[0]["facts"] as? [String: Any])?["fps"] is NSNull, "a still has no fps")
        let first = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(first.keys), ["rule", "severity", "sticker", "file", "frame", "message", "hint"])
        XCTAssertTrue(first["sticker"] is NSNull && first["file"] is NSNull && first["frame"] is NSNull)
        XCTAssertFalse(text.contains("\\/"), "slashes are not escaped")
    }

    func testTheModelsOwnEncodingAlsoDecodes() throws {
        let data = try JSONEncoder().encode(ReportFixtures.report)
        XCTAssertEqual(try JSONReporter.decode(String(decoding: data, as: UTF8.self)), ReportFixtures.report)
    }

    func testDecodeErrorsNameTheKey() {
        let text = JSONReporter().render(ReportFixtures.report, context: ReportFixtures.context)
            .replacingOccurrences(of: "\"passed\" : 2", with: "\"passed\" : \"two\"")
        XCTAssertThrowsError(try JSONReporter.decode(text)) { error in
            guard case JSONReportError.invalid(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "summary.passed")
        }
        XCTAssertThrowsError(try JSONReporter.decode("{\"reportVersion\": 2}")) { error in
            XCTAssertEqual(error as? JSONReportError, .unsupportedVersion(found: 2, supported: 1))
        }
        XCTAssertThrowsError(try JSONReporter.decode("not json"))
    }
}
