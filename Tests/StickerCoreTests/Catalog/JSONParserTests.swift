import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        var parser = JSONParser(Array(text.utf8))
        return try parser.parseDocument()
    }

    private func failure(_ text: String) -> String? { failure(Array(text.utf8)) }

    private func failure(_ bytes: [UInt8]) -> String? {
        var parser = JSONParser(bytes)
        do { _ = try parser.parseDocument(); return nil } catch let f as JSONParser.Failure { return f.text } catch {
            return "\(error)"
        }
    }

    func testParsesXcodeShapes() throws {
        XCTAssertEqual(try parse("{\n  \"a\" : [1, -2.5e1, true, false, null],\n  \"b\" : \"x\\u00e9\\n\\ud83d\\ude00\"\n}\n"),
                       .object(["a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null]),
                                "b": .string("x\u{e9}\n\u{1F600}")]))
    }

    func testErrorsSayWhereAndWhat() {
        XCTAssertEqual(failure("[1, 2,]"), "line 1, column 7: trailing comma before ']'")
        XCTAssertEqual(failure("{\n  \"a\" : tru\n}"), "line 2, column 9: expected a value, found 't'")
        XCTAssertEqual(failure("{\"a\" 1}"), "line 1, column 6: expected ':' after key \"a\", found '1'")
        XCTAssertEqual(failure("{'a': 1}"), "line 1, column 2: expected a key in double quotes, found '''")
        XCTAssertEqual(failure("{\"é\": 01}"), "line 1, column 7: a number may not start with 0")
        XCTAssertEqual(failure("\"abc"), "line 1, column 1: string never closed: missing '\"'")
        XCTAssertEqual(failure("{} x"), "line 1, column 4: unexpected 'x' after the end of the document")
        XCTAssertEqual(failure(""), "line 1, column 1: unexpected end of file, expected a value")
        XCTAssertEqual(failure(String(repeating: "[", count: 100)), "line 1, column 65: nesting deeper than 64 levels")
    }

    func testErrorPositionsAreLinesAndCharactersAfterAByteOrderMark() {
        // The mark is not counted, a line starts after each newline, and "é" (two bytes) is one column.
        XCTAssertEqual(failure("\u{FEFF}{\n  \"é\" : [1,\n    \"a\\qb\"]}"), "line 3, column 7: unknown escape '\\q'")
        XCTAssertEqual(failure("{\n \"k\": \"\\u12G4\"}"), "line 2, column 10: expected four hex digits after \\u")
        XCTAssertEqual(failure("{\"k\":\n  \"x\\ud800y\"}"), "line 2, column 11: \\u escape names a lone surrogate")
        XCTAssertEqual(failure(#"{"a": "\ud800\u0041"}"#), "line 1, column 20: \\u escape names a lone surrogate")
        XCTAssertEqual(failure(#"{"a": 1e999}"#), "line 1, column 7: number out of range")
        XCTAssertEqual(failure("{\"a\": \"tab\there\"}"), "line 1, column 11: control character in a string (a line break inside quotes?)")
        XCTAssertEqual(failure(#"{"a": "\"#), "line 1, column 9: unexpected end of file in an escape")
        XCTAssertEqual(failure(#"{"a": 1.}"#), "line 1, column 7: a number needs digits after '.'")
        XCTAssertEqual(failure(#"{"a": [1 2]}"#), "line 1, column 10: expected ',' or ']' after a list item, found '2'")
        XCTAssertEqual(failure(#"{"a": {"b": 1 "#), "line 1, column 15: expected ',' or '}' after the value of \"b\", found the end of the file")
        XCTAssertEqual(failure(Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8)), "line 1, column 7: string is not valid UTF-8")
    }

    func testDuplicateKeysAreRecorded() throws {
        var parser = JSONParser(Array("{\"a\": 1,\n \"a\": 2}".utf8))
        XCTAssertEqual(try parser.parseDocument(), .object(["a": .number(2)]))
        XCTAssertEqual(parser.duplicates, [JSONParser.Duplicate(key: "a", line: 2, column: 2)])
    }

    func testSuggestionsByEditDistance() {
        XCTAssertEqual(KeySuggestion.nearest(to: "grid-space", among: ["grid-size"]), "grid-size")
        XCTAssertEqual(KeySuggestion.nearest(to: "repetions", among: ["duration", "repetitions"]), "repetitions")
        XCTAssertEqual(KeySuggestion.nearest(to: "iPad", among: ["iphone", "ipad"]), "ipad")
        XCTAssertNil(KeySuggestion.nearest(to: "colour", among: ["filename", "idiom"]))
    }
}
