/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
public indirect enum OpenStepValue: Equatable, Sendable {
    case string(String)
    case array([OpenStepValue])
    case dictionary([String: OpenStepValue])

    /// The string, or nil.
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// The items, or nil.
    public var array: [OpenStepValue]? { if case .array(let a) = self { return a }; return nil }
    /// The members, or nil.
    public var dictionary: [String: OpenStepValue]? { if case .dictionary(let d) = self { return d }; return nil }
    /// `dictionary?[key]`.
    public subscript(key: String) -> OpenStepValue? { dictionary?[key] }
}

/// Why a text is not an old-style property list; `offset` counts UTF-8 bytes.
public struct OpenStepPlistError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "byte \(offset): \(reason)" }
}

/// A small, independent reader for old-style property lists, written from the format's grammar so
/// tests can check the pbxproj writer without trusting it: `{ key = value; }`, `( a, b, )` with an
/// optional trailing comma, bare strings, quoted strings with `\"`, `\\`, `\n`, `\t`, `\r`, `\Uxxxx`
/// and octal escapes, `//` and `/* */` comments. A key given twice is an error (two objects with one
/// id would be a broken project), as is anything after the top-level value.
public struct OpenStepPlistReader {
    private let bytes: [UInt8]
    private var index = 0

    /// Parses `text`.
    public static func parse(_ text: String) throws -> OpenStepValue {
        var reader = OpenStepPlistReader(bytes: Array(text.utf8))
        let value = try reader.value()
        try reader.skipTrivia()
        guard reader.index == reader.bytes.count else { throw reader.fail("text after the top-level value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ reason: String) -> OpenStepPlistError { OpenStepPlistError(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipTrivia() throws {
        while let c = current {
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { index += 1; continue }
            if c == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while let d = current, d != 0x0A { index += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < bytes.count else { throw fail("unterminated comment") }
                index += 2
                continue
            }
            return
        }
    }

    private mutating func expect(_ char: Character) throws {
        try skipTrivia()
        guard current == char.asciiValue else { throw fail("expected '\(char)'") }
        index += 1
    }

    private mutating func value() throws -> OpenStepValue {
        try skipTrivia()
        switch current {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: OpenStepValue] = [:]
            while true {
                try skipTrivia()
                if current == UInt8(ascii: "}") { index += 1; return .dictionary(members) }
                let keyAt = index
                guard case .string(let key) = try value() else { throw fail("a dictionary key must be a string") }
                guard members[key] == nil else { throw OpenStepPlistError(offset: keyAt, reason: "key \(key) appears twice") }
                try expect("=")
                members[key] = try value()
                try expect(";")
            }
        case UInt8(ascii: "("):
            index += 1
            var items: [OpenStepValue] = []
            while true {
                try skipTrivia()
                if current == UInt8(ascii: ")") { index += 1; return .array(items) }
                items.append(try value())
                try skipTrivia()
                if current == UInt8(ascii: ",") { index += 1; continue }
                guard current == UInt8(ascii: ")") else { throw fail("expected ',' or ')'") }
            }
        case UInt8(ascii: "\""):
            return .string(try quoted())
        case let c? where Self.isBare(c):
            let start = index
            while let d = current, Self.isBare(d) { index += 1 }
            return .string(String(decoding: bytes[start..<index], as: UTF8.self))
        default:
            throw fail(current == nil ? "unexpected end of text" : "unexpected character")
        }
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || "_$/:.-".utf8.contains(c)
    }

    private mutating func quoted() throws -> String {
        index += 1
        var out: [UInt8] = []
        while let c = current {
            index += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard let e = current else { break }
            index += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "U"):
                guard index + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v) else { throw fail("bad \\U escape") }
                index += 4
                out += Array(String(Character(scalar)).utf8)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = UInt32(e - 0x30)
                for _ in 0..<2 {
                    guard let d = current, d >= 0x30, d <= 0x37 else { break }
                    v = v * 8 + UInt32(d - 0x30); index += 1
                }
                out.append(UInt8(truncatingIfNeeded: v))
            default: out.append(e)   // \" and \\ and any other escaped character stand for themselves
            }
        }
        throw fail("unterminated quoted string")
    }
}
