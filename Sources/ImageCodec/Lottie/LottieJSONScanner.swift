/// A strict, iterative JSON syntax check (RFC 8259) that keeps only the top-level object's values
/// for the keys Lottie requires. No recursion: nesting is a byte stack bounded by `maxDepth`.
struct LottieJSONScanner {
    /// A top-level value, as much of it as the validator needs.
    enum TopValue: Equatable {
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

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    private var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) { self.bytes = bytes; self.maxDepth = maxDepth }

    private enum State { case value, valueOrClose, key, keyOrClose, colon, afterValue }

    /// Scans the whole input; returns the required keys' top-level values.
    mutating func scan() throws -> [String: TopValue] {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < bytes.count else { throw CodecError.truncated("Lottie: the JSON is empty") }
        guard bytes[i] == UInt8(ascii: "{") else {
            throw CodecError.malformed("Lottie: the JSON is not an object (starts with \(describe(bytes[i])))")
        }
        var stack: [UInt8] = []
        var state = State.value
        var top: [String: TopValue] = [:]
        var currentKey: String?        // a required key whose top-level value comes next
        var topArrayIndex: Int?        // stack depth of the top-level array being counted
        var topArrayCount = 0
        while true {
            skipSpace()
            guard i < bytes.count else {
                if stack.isEmpty && state == .afterValue { return top }
                throw CodecError.truncated("Lottie: the JSON ends at byte \(i) inside \(stack.isEmpty ? "a value" : "an unclosed \(stack.last == UInt8(ascii: "{") ? "object" : "array")")")
            }
            if stack.isEmpty && state == .afterValue {
                throw CodecError.malformed("Lottie: unexpected \(describe(bytes[i])) at byte \(i) after the top-level object")
            }
            let c = bytes[i]
            switch state {
            case .value, .valueOrClose:
                if state == .valueOrClose && c == UInt8(ascii: "]") { i += 1; try close(&stack, &state, &topArrayIndex, &top, &currentKey, topArrayCount); continue }
                if stack.count == 2, topArrayIndex == 2 { topArrayCount += 1 }
                let atTop = stack.count == 1
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard stack.count < maxDepth else {
                        throw CodecError.malformed("Lottie: nesting deeper than \(maxDepth) levels at byte \(i)")
                    }
                    stack.append(c); i += 1
                    if c == UInt8(ascii: "{") {
                        state = .keyOrClose
                        if atTop, let key = currentKey { top[key] = .object; currentKey = nil }
                    } else {
                        state = .valueOrClose
                        if atTop, currentKey != nil { topArrayIndex = stack.count; topArrayCount = 0 }
                    }
                    continue
                case UInt8(ascii: "\""):
                    let text = try string(keep: atTop && currentKey != nil)
                    if atTop, let key = currentKey { top[key] = .string(text ?? ""); currentKey = nil }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let value = try number()
                    if atTop, let key = currentKey { top[key] = .number(value); currentKey = nil }
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let isNull = try literal()
                    if atTop, let key = currentKey { top[key] = isNull ? .null : .bool; currentKey = nil }
                default:
                    throw CodecError.malformed("Lottie: expected a value at byte \(i), found \(describe(c))")
                }
                state = .afterValue
            case .key, .keyOrClose:
                if state == .keyOrClose && c == UInt8(ascii: "}") { i += 1; try close(&stack, &state, &topArrayIndex, &top, &currentKey, topArrayCount); continue }
                guard c == UInt8(ascii: "\"") else {
                    throw CodecError.malformed("Lottie: expected a key string at byte \(i), found \(describe(c))")
                }
                let key = try string(keep: stack.count == 1) ?? ""
                if stack.count == 1 && LottieKeyScanner.requiredKeys.contains(key) {
                    guard top[key] == nil else { throw CodecError.malformed("Lottie: the top-level key `\(key)` appears twice") }
                    currentKey = key
                }
                state = .colon
            case .colon:
                guard c == UInt8(ascii: ":") else { throw CodecError.malformed("Lottie: expected ':' at byte \(i), found \(describe(c))") }
                i += 1; state = .value
            case .afterValue:
                let open = stack.last
                if c == UInt8(ascii: ",") { i += 1; state = open == UInt8(ascii: "{") ? .key : .value; continue }
                if (c == UInt8(ascii: "}") && open == UInt8(ascii: "{")) || (c == UInt8(ascii: "]") && open == UInt8(ascii: "[")) {
                    i += 1; try close(&stack, &state, &topArrayIndex, &top, &currentKey, topArrayCount); continue
                }
                throw CodecError.malformed("Lottie: expected ',' or a closing bracket at byte \(i), found \(describe(c))")
            }
        }
    }

    /// Pops a container; a top-level array's value is recorded with its element count.
    private func close(_ stack: inout [UInt8], _ state: inout State, _ topArrayIndex: inout Int?,
                       _ top: inout [String: TopValue], _ currentKey: inout String?, _ count: Int) throws {
        if topArrayIndex == stack.count, let key = currentKey { top[key] = .array(count); currentKey = nil; topArrayIndex = nil }
        stack.removeLast()
        state = .afterValue
    }

    private mutating func skipSpace() {
        while i < bytes.count, LottieKeyScanner.isSpace(bytes[i]) { i += 1 }
    }

    /// Reads a string starting at its opening quote; returns its text when `keep` (keys and short
    /// top-level values), else nil. Escapes are checked; control characters are refused.
    private mutating func string(keep: Bool) throws -> String? {
        let start = i
        i += 1
        var raw: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return keep ? String(decoding: raw, as: UTF8.self) : nil
            }
            guard c >= 0x20 else { throw CodecError.malformed("Lottie: a control character inside the string at byte \(start)") }
            if c == UInt8(ascii: "\\") {
                guard i + 1 < bytes.count else { break }
                let e = bytes[i + 1]
                if e == UInt8(ascii: "u") {
                    guard i + 5 < bytes.count, (2...5).allSatisfy({ isHex(bytes[i + $0]) }) else {
                        throw CodecError.malformed("Lottie: a bad \\u escape at byte \(i)")
                    }
                    i += 6; continue
                }
                guard Array("\"\\/bfnrt".utf8).contains(e) else { throw CodecError.malformed("Lottie: a bad escape at byte \(i)") }
                if keep && raw.count < 64 { raw.append(e == UInt8(ascii: "\"") || e == UInt8(ascii: "\\") || e == UInt8(ascii: "/") ? e : c) }
                i += 2; continue
            }
            if keep && raw.count < 64 { raw.append(c) }
            i += 1
        }
        throw CodecError.truncated("Lottie: the string at byte \(start) is not closed")
    }

    /// Reads a number by JSON's grammar and returns its value.
    private mutating func number() throws -> Double {
        let start = i
        func digits() -> Int { let s = i; while i < bytes.count, isDigit(bytes[i]) { i += 1 }; return i - s }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw CodecError.malformed("Lottie: a bad number at byte \(start)") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { _ = digits() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw CodecError.malformed("Lottie: a bad number at byte \(start)") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw CodecError.malformed("Lottie: a bad number at byte \(start)") }
        }
        // Only top-level values are used, and a sane one is short; a longer one reads as out of range.
        guard i - start <= 64 else { return .nan }
        return Double(String(decoding: bytes[start..<i], as: UTF8.self)) ?? .nan
    }

    /// Reads `true`, `false` or `null`; returns whether it was `null`.
    private mutating func literal() throws -> Bool {
        for word in ["true", "false", "null"] {
            let w = Array(word.utf8)
            if i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w { i += w.count; return word == "null" }
        }
        throw CodecError.malformed("Lottie: expected a value at byte \(i), found \(describe(bytes[i]))")
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f")) }
    private func describe(_ c: UInt8) -> String {
        let hex = String(c, radix: 16, uppercase: true)
        return c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }
}
