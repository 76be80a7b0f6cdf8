/// The top-level values `LottieValidator` judges, read by the shared strict `JSONReader` in one pass
/// that builds no tree: it keeps only the values of the required keys, so a 64 MiB animation costs
/// the reader's container stack (at most `LottieValidator.maxDepth` entries) and these few values.
struct LottieTopLevel: JSONVisitor {
    /// A top-level value, as much of it as the validator needs.
    enum Value: Equatable {
        case number(Double), string(String), bool, null
        /// An array and its element count; an object.
        case array(Int), object

        var kindName: String {
            switch self {
            case .number: return "a number"
            case .string: return "a string"
            case .bool: return "a boolean"
            case .null: return "null"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// The required keys' values.
    private(set) var values: [String: Value] = [:]
    private let bytes: [UInt8]
    private var depth = 0
    private var currentKey: String?     // a required key whose top-level value comes next
    private var countedArray = false    // that value is an array whose elements are being counted
    private var count = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads the whole input; returns the required keys' top-level values.
    /// - Throws: `CodecError.malformed` or `.truncated` naming the byte offset.
    static func scan(_ bytes: [UInt8]) throws -> [String: Value] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, JSONReader.isSpace(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw CodecError.truncated("Lottie: the JSON is empty") }
        guard bytes[start] == UInt8(ascii: "{") else {
            throw CodecError.malformed("Lottie: the JSON is not an object (starts with \(describe(bytes[start])))")
        }
        var scan = LottieTopLevel(bytes: bytes)
        do { try JSONReader.read(bytes, rules: LottieJSON.rules, into: &scan) } catch let error as JSONSyntaxError {
            throw message(error, in: bytes)
        }
        return scan.values
    }

    mutating func beginObject(at offset: Int) { opened(.object) }
    mutating func beginArray(at offset: Int) { opened(nil) }

    /// A container opens: a required key's object is recorded, its array counted until it closes.
    private mutating func opened(_ object: Value?) {
        if depth == 2 && countedArray { count += 1 }
        if depth == 1, let key = currentKey {
            if let object { values[key] = object; currentKey = nil } else { countedArray = true; count = 0 }
        }
        depth += 1
    }

    mutating func endObject() { depth -= 1 }

    mutating func endArray() {
        depth -= 1
        if depth == 1 && countedArray, let key = currentKey { values[key] = .array(count); currentKey = nil; countedArray = false }
    }

    mutating func key(_ key: JSONToken) throws {
        guard depth == 1 else { return }
        let text = Self.rawText(key, in: bytes)
        guard LottieKeyScanner.requiredKeys.contains(text) else { return }
        guard values[text] == nil else { throw CodecError.malformed("Lottie: the top-level key `\(text)` appears twice") }
        currentKey = text
    }

    mutating func value(_ scalar: JSONScalar) {
        if depth == 2 && countedArray { count += 1 }
        guard depth == 1, let key = currentKey else { return }
        switch scalar {
        case .string(let token): values[key] = .string(Self.rawText(token, in: bytes))
        case .number(let range):
            // Only top-level values are used, and a sane one is short; a longer one reads as out of range.
            values[key] = .number(range.count > 64 ? .nan : Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan)
        case .bool: values[key] = .bool
        case .null: values[key] = .null
        }
        currentKey = nil
    }

    /// A string's first 64 bytes as written, quotes and `\u` escapes left out and other escapes kept
    /// as their backslash (or the quote, backslash or slash they stand for): the key text
    /// `LottieKeyScanner` (the sniffer) compares, so a key counts for both or for neither.
    private static func rawText(_ token: JSONToken, in bytes: [UInt8]) -> String {
        var raw: [UInt8] = []
        var index = token.start + 1
        while index < token.end - 1, raw.count < 64 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                let code = bytes[index + 1]
                if code == UInt8(ascii: "u") { index += 6; continue }
                raw.append(code == UInt8(ascii: "\"") || code == UInt8(ascii: "\\") || code == UInt8(ascii: "/") ? code : byte)
                index += 2
                continue
            }
            raw.append(byte)
            index += 1
        }
        return String(decoding: raw, as: UTF8.self)
    }

    /// The validator's words for a syntax error, by byte offset.
    private static func message(_ error: JSONSyntaxError, in bytes: [UInt8]) -> CodecError {
        let at = error.offset
        if at == bytes.count {
            switch error.kind {
            case .expectedValue, .expectedKey, .expectedColon, .expectedCommaOrClose:
                let inside = error.container.map { $0 == UInt8(ascii: "{") ? "an unclosed object" : "an unclosed array" } ?? "a value"
                return .truncated("Lottie: the JSON ends at byte \(at) inside \(inside)")
            default: break
            }
        }
        let found = at < bytes.count ? describe(bytes[at]) : "the end"
        switch error.kind {
        case .expectedValue: return .malformed("Lottie: expected a value at byte \(at), found \(found)")
        case .trailingComma where error.container == UInt8(ascii: "["):
            return .malformed("Lottie: expected a value at byte \(at), found \(found)")
        case .trailingComma, .expectedKey: return .malformed("Lottie: expected a key string at byte \(at), found \(found)")
        case .expectedColon: return .malformed("Lottie: expected ':' at byte \(at), found \(found)")
        case .expectedCommaOrClose: return .malformed("Lottie: expected ',' or a closing bracket at byte \(at), found \(found)")
        case .leadingZero:
            // The validator reads "0" as the whole number, so the digit after it is the error.
            let next = at + (bytes[at] == UInt8(ascii: "-") ? 2 : 1)
            return .malformed("Lottie: expected ',' or a closing bracket at byte \(next), found \(describe(bytes[next]))")
        case .tooDeep: return .malformed("Lottie: nesting deeper than \(LottieValidator.maxDepth) levels at byte \(at)")
        case .controlCharacter(let string): return .malformed("Lottie: a control character inside the string at byte \(string)")
        case .unclosedString: return .truncated("Lottie: the string at byte \(at) is not closed")
        case .endInEscape(let string): return .truncated("Lottie: the string at byte \(string) is not closed")
        case .unknownEscape: return .malformed("Lottie: a bad escape at byte \(at)")
        case .badUnicodeEscape: return .malformed("Lottie: a bad \\u escape at byte \(at)")
        case .numberWithoutDigits, .noFractionDigits, .noExponentDigits, .numberOutOfRange:
            return .malformed("Lottie: a bad number at byte \(at)")
        case .trailingContent: return .malformed("Lottie: unexpected \(found) at byte \(at) after the top-level object")
        case .invalidUTF8, .loneSurrogate: return .malformed("Lottie: bad text in the string at byte \(at)")   // not under Lottie's rules
        }
    }

    private static func describe(_ c: UInt8) -> String {
        let hex = String(c, radix: 16, uppercase: true)
        return c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }
}
