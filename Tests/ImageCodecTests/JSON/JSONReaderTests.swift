import ImageCodec
import XCTest

/// The one strict JSON reader: what it tells a visitor, where it says a document breaks, and the
/// rules that tell Contents.json (strict text, finite numbers) from Lottie (text as rlottie reads it).
final class JSONReaderTests: XCTestCase {
    private static let strict = JSONRules(maxDepth: 4, validatesText: true, requiresFiniteNumbers: true)
    private static let lenient = JSONRules(maxDepth: 4, validatesText: false, requiresFiniteNumbers: false)

    /// Writes down every event, strings decoded.
    private struct Recorder: JSONVisitor {
        let bytes: [UInt8]
        var events: [String] = []
        mutating func beginObject(at offset: Int) { events.append("{@\(offset)") }
        mutating func key(_ key: JSONToken) { events.append("key \(JSONReader.text(of: key, in: bytes))@\(key.start)") }
        mutating func endObject() { events.append("}") }
        mutating func beginArray(at offset: Int) { events.append("[@\(offset)") }
        mutating func endArray() { events.append("]") }
        mutating func value(_ scalar: JSONScalar) {
            switch scalar {
            case .string(let token): events.append("string \(JSONReader.text(of: token, in: bytes))")
            case .number(let range): events.append("number " + String(decoding: bytes[range], as: UTF8.self))
            case .bool(let b): events.append("\(b)")
            case .null: events.append("null")
            }
        }
    }

    private func events(_ text: String, _ rules: JSONRules = strict) throws -> [String] {
        let bytes = Array(text.utf8)
        var recorder = Recorder(bytes: bytes)
        try JSONReader.read(bytes, rules: rules, into: &recorder)
        return recorder.events
    }

    private func error(_ bytes: [UInt8], _ rules: JSONRules = strict) -> JSONSyntaxError? {
        var recorder = Recorder(bytes: bytes)
        do { try JSONReader.read(bytes, rules: rules, into: &recorder); return nil } catch { return error as? JSONSyntaxError }
    }

    private func error(_ text: String, _ rules: JSONRules = strict) -> JSONSyntaxError? { error(Array(text.utf8), rules) }

    func testEventsInDocumentOrderWithNumbersAsWritten() throws {
        XCTAssertEqual(try events(#" {"b": [1.50, -0, 2E+3], "a": {"x\u00e9\n": "\ud83d\ude00"}, "c": null, "d": true} "#),
                       ["{@1", "key b@2", "[@7", "number 1.50", "number -0", "number 2E+3", "]", "key a@25", "{@30",
                        "key x\u{e9}\n@31", "string \u{1F600}", "}", "key c@61", "null", "key d@72", "true", "}"])
        XCTAssertEqual(try events("\u{FEFF}[]"), ["[@3", "]"])
        XCTAssertEqual(try events(#""\"\\\/\b\f\r\t""#), ["string \"\\/\u{8}\u{C}\r\t"])
    }

    func testErrorsSayWhatAndTheByte() {
        XCTAssertEqual(error("[1, 2,]"), JSONSyntaxError(kind: .trailingComma, offset: 6, container: UInt8(ascii: "[")))
        XCTAssertEqual(error(#"{"a": 1,}"#), JSONSyntaxError(kind: .trailingComma, offset: 8, container: UInt8(ascii: "{")))
        XCTAssertEqual(error(#"{"ab" 1}"#), JSONSyntaxError(kind: .expectedColon(key: JSONToken(start: 1, end: 5)), offset: 6,
                                                          container: UInt8(ascii: "{")))
        XCTAssertEqual(error(#"{"a": 1"#), JSONSyntaxError(kind: .expectedCommaOrClose(key: JSONToken(start: 1, end: 4)), offset: 7,
                                                         container: UInt8(ascii: "{")))
        XCTAssertEqual(error("[[[[[1]]]]]"), JSONSyntaxError(kind: .tooDeep, offset: 4, container: UInt8(ascii: "[")))
        XCTAssertNil(error("[[[[1]]]]"))
        XCTAssertEqual(error("-01")?.kind, .leadingZero)
        XCTAssertEqual(error("tru")?.kind, .expectedValue)
        XCTAssertEqual(error(#""a\u+041""#), JSONSyntaxError(kind: .badUnicodeEscape, offset: 2, container: nil))
        XCTAssertEqual(error(#""abc"#), JSONSyntaxError(kind: .unclosedString, offset: 0, container: nil))
        XCTAssertEqual(error("\"a\u{1}\""), JSONSyntaxError(kind: .controlCharacter(string: 0), offset: 2, container: nil))
        XCTAssertEqual(error("{} x"), JSONSyntaxError(kind: .trailingContent, offset: 3, container: nil))
        XCTAssertEqual(error(""), JSONSyntaxError(kind: .expectedValue, offset: 0, container: nil))
        // Offsets count the byte order mark.
        XCTAssertEqual(error("\u{FEFF}{]")?.offset, 4)
    }

    func testRulesTellStrictTextAndNumbersFromLenient() throws {
        let loneSurrogate = #"["\ud800x"]"#, badUTF8: [UInt8] = [0x22, 0x61, 0xC3, 0x22], huge = "[1e999]"
        XCTAssertEqual(error(loneSurrogate), JSONSyntaxError(kind: .loneSurrogate, offset: 8, container: UInt8(ascii: "[")))
        XCTAssertEqual(error(badUTF8), JSONSyntaxError(kind: .invalidUTF8, offset: 0, container: nil))
        XCTAssertEqual(error(huge), JSONSyntaxError(kind: .numberOutOfRange, offset: 1, container: UInt8(ascii: "[")))
        XCTAssertEqual(try events(loneSurrogate, Self.lenient), ["[@0", "string \u{FFFD}x", "]"])
        XCTAssertNil(error(badUTF8, Self.lenient))
        XCTAssertEqual(try events(huge, Self.lenient), ["[@0", "number 1e999", "]"])
    }

    func testVisitorErrorsEndTheRead() {
        struct Refuser: JSONVisitor {
            struct Refused: Error {}
            mutating func beginObject(at offset: Int) {}
            mutating func key(_ key: JSONToken) throws { throw Refused() }
            mutating func endObject() {}
            mutating func beginArray(at offset: Int) {}
            mutating func endArray() {}
            mutating func value(_ scalar: JSONScalar) {}
        }
        var refuser = Refuser()
        XCTAssertThrowsError(try JSONReader.read(Array(#"{"a": x}"#.utf8), rules: Self.strict, into: &refuser)) { error in
            XCTAssertTrue(error is Refuser.Refused, "\(error)")
        }
    }

    func testOneStringEscaperForBothStyles() {
        XCTAssertEqual(JSONString.quoted("a\"b\\c/\u{1}\n\r\t\u{1F}é😺", controls: .shortForms), #""a\"b\\c/\u0001\n\r\t\u001fé😺""#)
        XCTAssertEqual(JSONString.quoted("a\"b\\c/\u{1}\n\r\t\u{1F}é😺", controls: .unicodeEscapes),
                       #""a\"b\\c/\u0001\u000a\u000d\u0009\u001fé😺""#)
        // What the escaper writes, the reader reads back.
        for controls in [JSONString.Controls.shortForms, .unicodeEscapes] {
            let text = "x\u{0}\u{7F}\"\\\u{2028}\n"
            XCTAssertEqual(try events(JSONString.quoted(text, controls: controls)), ["string \(text)"])
        }
    }
}
