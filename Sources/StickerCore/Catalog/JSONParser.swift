import ImageCodec

/// The strict reader of Contents.json: ImageCodec's `JSONReader` (RFC 8259; Foundation's parsers on
/// Linux accept trailing commas, which Xcode does not, and report errors as "around character 12")
/// under Xcode's rules (valid UTF-8, finite numbers, 64 levels), with errors that say line, column and
/// what was expected, which is what someone fixing a hand-edited file needs.
package struct JSONParser {
    /// A parse failure at a position.
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
        /// "line 3, column 5: expected ..."
        var text: String { "line \(line), column \(column): \(message)" }
    }

    /// A repeated key, which parses (the last value wins) but is reported.
    struct Duplicate: Equatable {
        var key: String
        var line: Int
        var column: Int
    }

    /// The input, a UTF-8 byte order mark left out (Xcode's own reader tolerates one): positions count from here.
    let bytes: [UInt8]
    private let input: [UInt8]
    private(set) var duplicates: [Duplicate] = []
    /// Nesting deeper than this is no Contents.json and would only risk the stack.
    private static let rules = JSONRules(maxDepth: 64, validatesText: true, requiresFiniteNumbers: true)

    package init(_ bytes: [UInt8]) {
        input = bytes
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Parses one document: a value followed only by whitespace.
    package mutating func parseDocument() throws -> JSONValue {
        var builder = JSONValueBuilder(bytes: input)
        do { try JSONReader.read(input, rules: Self.rules, into: &builder) } catch let error as JSONSyntaxError {
            throw failure(error)
        }
        let skipped = input.count - bytes.count
        duplicates = builder.duplicates.map { duplicate in
            let (line, column) = position(of: duplicate.offset - skipped)
            return Duplicate(key: duplicate.key, line: line, column: column)
        }
        return builder.root ?? .null
    }

    /// The message and position of a syntax error.
    private func failure(_ error: JSONSyntaxError) -> Failure {
        let at = error.offset - (input.count - bytes.count)
        func key(_ token: JSONToken) -> String { JSONReader.text(of: token, in: input) }
        let message: String
        switch error.kind {
        case .expectedValue:
            message = at < bytes.count ? "expected a value, found \(describe(at))" : "unexpected end of file, expected a value"
        case .trailingComma: message = "trailing comma before '\(Character(Unicode.Scalar(bytes[at])))'"
        case .expectedKey: message = "expected a key in double quotes, found \(describe(at))"
        case .expectedColon(let token): message = "expected ':' after key \"\(key(token))\", found \(describe(at))"
        case .expectedCommaOrClose(let token?):
            message = "expected ',' or '}' after the value of \"\(key(token))\", found \(describe(at))"
        case .expectedCommaOrClose(nil): message = "expected ',' or ']' after a list item, found \(describe(at))"
        case .tooDeep: message = "nesting deeper than \(Self.rules.maxDepth) levels"
        case .controlCharacter: message = "control character in a string (a line break inside quotes?)"
        case .invalidUTF8: message = "string is not valid UTF-8"
        case .unclosedString: message = "string never closed: missing '\"'"
        case .endInEscape: message = "unexpected end of file in an escape"
        case .unknownEscape: message = "unknown escape '\\\(Character(Unicode.Scalar(bytes[at + 1])))'"
        case .badUnicodeEscape: return failure(at: at + 2, "expected four hex digits after \\u")
        case .loneSurrogate: message = "\\u escape names a lone surrogate"
        case .numberWithoutDigits: message = "a number needs digits"
        case .leadingZero: message = "a number may not start with 0"
        case .noFractionDigits: message = "a number needs digits after '.'"
        case .noExponentDigits: message = "a number needs digits in its exponent"
        case .numberOutOfRange: message = "number out of range"
        case .trailingContent: message = "unexpected \(describe(at)) after the end of the document"
        }
        return failure(at: at, message)
    }

    private func failure(at offset: Int, _ message: String) -> Failure {
        let (line, column) = position(of: offset)
        return Failure(line: line, column: column, message: message)
    }

    private func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "the end of the file" }
        let byte = bytes[at]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// One-based line and column (in characters) of a byte offset.
    private func position(of offset: Int) -> (Int, Int) {
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        // Count UTF-8 lead bytes only, so a column is a character position, not a byte count.
        let column = bytes[lineStart..<min(offset, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }
}
