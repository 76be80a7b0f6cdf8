/// A Lottie document as a JSON tree that keeps what rlottie depends on: the order of object keys
/// (rlottie 0.1 reads a shape's or layer's `ty` before its other keys) and every number's text, so
/// a rewritten document differs from its source only where it was rewritten.
///
/// (StickerKit's `JSONParser` lives above ImageCodec and keeps objects as dictionaries, losing the
/// key order rlottie needs.) Parsed only after `LottieValidator` accepted the bytes (strict JSON, at most
/// `LottieValidator.maxDepth` levels), so the recursion here is bounded; a malformed input still
/// throws rather than traps.
indirect enum LottieJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written in the source (or by `LottieJSON.number(_:)`).
    case number(String)
    case string(String)
    case array([LottieJSON])
    case object([Member])

    /// One object member; objects keep their members in source order.
    struct Member: Equatable, Sendable {
        var key: String
        var value: LottieJSON
    }

    /// A number written as JSON: integers without a fraction, others in Swift's shortest form.
    static func number(_ value: Double) -> LottieJSON {
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        return .number("\(value)")
    }

    /// The number's value, nil for anything else.
    var double: Double? { if case .number(let text) = self { return Double(text) } else { return nil } }

    /// The members of an object, nil for anything else.
    var members: [Member]? { if case .object(let m) = self { return m } else { return nil } }

    /// The elements of an array, nil for anything else.
    var elements: [LottieJSON]? { if case .array(let a) = self { return a } else { return nil } }

    /// An object's value for `key`; nil when absent or not an object.
    subscript(key: String) -> LottieJSON? {
        get { members?.first { $0.key == key }?.value }
        set {
            guard case .object(var m) = self else { return }
            if let i = m.firstIndex(where: { $0.key == key }) {
                if let newValue { m[i].value = newValue } else { m.remove(at: i) }
            } else if let newValue {
                m.append(Member(key: key, value: newValue))
            }
            self = .object(m)
        }
    }

    /// The document as compact JSON bytes.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() { if i > 0 { out.append(UInt8(ascii: ",")) }; v.write(to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let m):
            out.append(UInt8(ascii: "{"))
            for (i, member) in m.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), c]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), c]
            case 0..<0x20: out += Array(String(format6(c)).utf8)
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func format6(_ c: UInt8) -> String {
        let hex = Array("0123456789abcdef")
        return "\\u00" + String(hex[Int(c >> 4)]) + String(hex[Int(c & 15)])
    }
}

extension LottieJSON {
    /// Parses validated Lottie JSON.
    /// - Throws: `CodecError.malformed` at the first byte that is not JSON.
    static func parse(_ bytes: [UInt8]) throws -> LottieJSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.failure() }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func failure() -> CodecError { .malformed("Lottie: not JSON at byte \(index)") }

        mutating func skipSpace() { while index < bytes.count, LottieKeyScanner.isSpace(bytes[index]) { index += 1 } }

        mutating func value(depth: Int) throws -> LottieJSON {
            guard index < bytes.count, depth <= LottieValidator.maxDepth else { throw failure() }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure() }
                    index += 1
                    skipSpace()
                    members.append(Member(key: key, value: try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw failure() }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { index -= 1; throw failure() }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [LottieJSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw failure() }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { index -= 1; throw failure() }
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default:
                let start = index
                while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard index > start, Double(text) != nil else { index = start; throw failure() }
                return .number(text)
            }
        }

        static func isNumberByte(_ c: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
        }

        mutating func word(_ w: String) throws {
            let u = Array(w.utf8)
            guard bytes.count - index >= u.count, Array(bytes[index..<index + u.count]) == u else { throw failure() }
            index += u.count
        }

        mutating func string() throws -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure() }
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let c = bytes[index]
                index += 1
                if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard c == UInt8(ascii: "\\") else { out.append(c); continue }
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard bytes.count - index >= 4, let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { throw failure() }
                    index += 4
                    var scalar = unit
                    // A surrogate pair spells one scalar; a lone surrogate becomes U+FFFD.
                    if (0xD800..<0xDC00).contains(unit), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                       bytes[index + 1] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16),
                       (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                default: out.append(e)
                }
            }
            throw failure()
        }
    }
}
