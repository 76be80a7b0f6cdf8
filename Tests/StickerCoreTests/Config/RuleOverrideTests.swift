import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class RuleOverrideTests: XCTestCase {
    func testParsesIdAndSeverity() throws {
        XCTAssertEqual(try RuleOverride(parsing: "file_too_large=warning"), RuleOverride(rule: "file_too_large", severity: .warning))
        XCTAssertEqual(try RuleOverride(parsing: " edge_halo = OFF "), RuleOverride(rule: "edge_halo", severity: .off))
    }

    func testMalformedValuesGetPreciseErrors() {
        let cases: [(String, RuleOverrideError, String)] = [
            ("file_too_large", .missingEquals(value: "file_too_large"),
             "'file_too_large' has no '=': expected id=severity, e.g. file_too_large=warning"),
            ("=error", .emptyRule(value: "=error"), "'=error' names no rule before '=': expected id=severity, e.g. file_too_large=warning"),
            ("File-Size=error", .invalidRule(value: "File-Size=error", rule: "File-Size"),
             "'File-Size=error': rule id 'File-Size' must be snake_case (a-z, 0-9, _)"),
            ("edge_halo=", .emptySeverity(value: "edge_halo="),
             "'edge_halo=' gives no severity after '=': use off, info, warning or error"),
            ("edge_halo=warn", .unknownSeverity(value: "edge_halo=warn", severity: "warn"),
             "'edge_halo=warn': unknown severity 'warn' (use off, info, warning or error)"),
        ]
        for (text, expected, message) in cases {
            XCTAssertThrowsError(try RuleOverride(parsing: text), text) { error in
                XCTAssertEqual(error as? RuleOverrideError, expected)
                XCTAssertEqual("\(error)", message)
            }
        }
    }
}
