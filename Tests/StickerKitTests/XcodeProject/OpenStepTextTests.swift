import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Old-style plist quoting as Xcode does it, read back by the independent reader.
final class OpenStepTextTests: XCTestCase {
    func testBareAndQuotedForms() {
        XCTAssertEqual(OpenStepText.quoted("Stickers.xcstickers"), "Stickers.xcstickers")
        XCTAssertEqual(OpenStepText.quoted("Party/Info.plist"), "Party/Info.plist")
        XCTAssertEqual(OpenStepText.quoted("$(TARGET_NAME)"), "\"$(TARGET_NAME)\"")
        XCTAssertEqual(OpenStepText.quoted("wrapper.app-extension"), "\"wrapper.app-extension\"")
        XCTAssertEqual(OpenStepText.quoted(""), "\"\"")
        XCTAssertEqual(OpenStepText.quoted("a//b"), "\"a//b\"", "a bare // would start a comment")
        XCTAssertEqual(OpenStepText.quoted("<group>"), "\"<group>\"")
        XCTAssertEqual(OpenStepText.quoted("say \"hi\" \\o/"), "\"say \\\"hi\\\" \\\\o/\"")
        XCTAssertEqual(OpenStepText.quoted("a\nb\tc\u{1}"), "\"a\\nb\\tc\\U0001\"")
        XCTAssertEqual(OpenStepText.quoted("Café ☕️"), "\"Café ☕️\"")
        XCTAssertEqual(OpenStepText.comment("a */ b"), "a * / b")
    }

    func testEveryQuotedFormReadsBackToTheOriginal() throws {
        let samples = ["plain", "with space", "quote \" and backslash \\", "new\nline\ttab\rreturn", "bell\u{7}del\u{7F}",
                       "Ünïcödé 🦄", "", "a//b", "1,2", "-", "$", "trailing\\"]
        for sample in samples {
            let text = "{ k = \(OpenStepText.quoted(sample)); }"
            XCTAssertEqual(try OpenStepPlistReader.parse(text)["k"], .string(sample), text)
        }
    }

    func testTheReaderRejectsBrokenText() {
        for bad in ["{ a = b; a = c; }", "{ a = \"open; }", "{ a = b }", "( a b )", "{ a = b; } x", "/* open"] {
            XCTAssertThrowsError(try OpenStepPlistReader.parse(bad), bad)
        }
        XCTAssertEqual(try OpenStepPlistReader.parse("// c\n{ a = (x, \"y\", ); /* c */ b = {}; }"),
                       .dictionary(["a": .array([.string("x"), .string("y")]), "b": .dictionary([:])]))
    }
}
