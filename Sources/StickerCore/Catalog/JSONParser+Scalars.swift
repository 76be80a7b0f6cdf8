/// Strings and numbers, by the RFC 8259 grammar.
extension JSONParser {
    mutating func parseString() throws -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) throws {
            var iterator = bytes[run..<end].makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return
                case .error: throw failureAt(start, "string is not valid UTF-8")
                }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in a string (a line break inside quotes?)") }
            if byte == UInt8(ascii: "\\") {
                try flush(index)
                scalars.append(try parseEscape())
                run = index
                continue
            }
            index += 1
        }
        throw failureAt(start, "string never closed: missing '\"'")
    }

    mutating func parseEscape() throws -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw failure("unexpected end of file in an escape") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high), bytes[index...].starts(with: [0x5C, 0x75]) {
                index += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low),
                   let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) { return scalar }
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("\\u escape names a lone surrogate") }
            return scalar
        default:
            throw failureAt(index - 2, "unknown escape '\\\(Character(Unicode.Scalar(code)))'")
        }
    }

    mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("expected four hex digits after \\u")
        }
        index += 4
        return value
    }

    mutating func parseNumber() throws -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        let intStart = index
        let intDigits = digits()
        if intDigits == 0 { throw failureAt(start, "a number needs digits") }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") { throw failureAt(start, "a number may not start with 0") }
        if peek(UInt8(ascii: ".")) {
            index += 1
            if digits() == 0 { throw failureAt(start, "a number needs digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            if digits() == 0 { throw failureAt(start, "a number needs digits in its exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw failureAt(start, "number out of range")
        }
        return value
    }
}
