/// A strict RFC 8259 parser for Contents.json. Foundation's parsers on Linux accept trailing commas
/// (Xcode does not) and report errors as "around character 12"; this one says line, column and what
/// was expected, which is what someone fixing a hand-edited file needs.
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

    let bytes: [UInt8]
    var index = 0
    private var depth = 0
    private(set) var duplicates: [Duplicate] = []
    /// Nesting deeper than this is no Contents.json and would only risk the stack.
    private static let maxDepth = 64

    package init(_ bytes: [UInt8]) {
        // A UTF-8 byte order mark is tolerated, as Xcode's own reader does.
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Parses one document: a value followed only by whitespace.
    package mutating func parseDocument() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(describe(index)) after the end of the document") }
        return value
    }

    private mutating func parseValue() throws -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { try $0.parseObject() }
        case UInt8(ascii: "["): return try nested { try $0.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("expected a value, found \(describe(index))")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws -> JSONValue) throws -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        return try body(&self)
    }

    private mutating func parseObject() throws -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                if peek(UInt8(ascii: "}")) { throw failure("trailing comma before '}'") }
                throw failure("expected a key in double quotes, found \(describe(index))")
            }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after key \"\(key)\", found \(describe(index))") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if members[key] != nil {
                let (line, column) = position(of: keyStart)
                duplicates.append(Duplicate(key: key, line: line, column: column))
            }
            members[key] = value
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
            throw failure("expected ',' or '}' after the value of \"\(key)\", found \(describe(index))")
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw failure("trailing comma before ']'") }
            items.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; return .array(items) }
            throw failure("expected ',' or ']' after a list item, found \(describe(index))")
        }
    }

    private mutating func expectWord(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw failure("expected a value, found \(describe(index))") }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "the end of the file" }
        let byte = bytes[at]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    func failure(_ message: String) -> Failure { failureAt(index, message) }

    func failureAt(_ offset: Int, _ message: String) -> Failure {
        let (line, column) = position(of: offset)
        return Failure(line: line, column: column, message: message)
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
