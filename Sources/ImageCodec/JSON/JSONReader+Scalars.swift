/// Strings, numbers and words by the RFC 8259 grammar, and the text of a string.
extension JSONReader {
    /// Reads the string whose opening quote is at `index`.
    mutating func string() throws -> JSONToken {
        let start = index
        index += 1
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try checkUTF8(run..<index, string: start)
                index += 1
                return JSONToken(start: start, end: index)
            }
            if byte < 0x20 { throw failure(.controlCharacter(string: start)) }
            if byte == UInt8(ascii: "\\") {
                try checkUTF8(run..<index, string: start)
                try escape(string: start)
                run = index
                continue
            }
            index += 1
        }
        throw failure(.unclosedString, at: start)
    }

    /// Under `validatesText`, a run of unescaped bytes must be UTF-8. (Checked where a run ends, at
    /// an escape or the closing quote, so a control character inside the run is reported first.)
    private func checkUTF8(_ run: Range<Int>, string start: Int) throws {
        guard rules.validatesText, bytes[run].contains(where: { $0 >= 0x80 }) else { return }
        var iterator = bytes[run].makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return
            case .error: throw failure(.invalidUTF8, at: start)
            }
        }
    }

    private mutating func escape(string start: Int) throws {
        let backslash = index
        index += 1
        guard index < bytes.count else { throw failure(.endInEscape(string: start)) }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let unit = try hex4(backslash: backslash)
            guard rules.validatesText, (0xD800..<0xE000).contains(unit) else { return }
            if unit < 0xDC00, bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                let second = index
                index += 2
                if (0xDC00..<0xE000).contains(try hex4(backslash: second)) { return }
            }
            throw failure(.loneSurrogate)
        default:
            throw failure(.unknownEscape, at: backslash)
        }
    }

    /// The four hex digits at `index`, the `\u` escape's backslash being at `backslash`.
    private mutating func hex4(backslash: Int) throws -> UInt32 {
        guard index + 4 <= bytes.count, let value = Self.hexValue(bytes[index..<index + 4]) else {
            throw failure(.badUnicodeEscape, at: backslash)
        }
        index += 4
        return value
    }

    /// The value of hex digits (no sign, unlike `UInt32(_:radix:)`), nil when one is not a hex digit.
    static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Reads the number starting at `index`; returns the range of its text.
    mutating func number() throws -> Range<Int> {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        if integerDigits == 0 { throw failure(.numberWithoutDigits, at: start) }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw failure(.leadingZero, at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw failure(.noFractionDigits, at: start) }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw failure(.noExponentDigits, at: start) }
        }
        if rules.requiresFiniteNumbers {
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                throw failure(.numberOutOfRange, at: start)
            }
        }
        return start..<index
    }

    /// Reads `true`, `false` or `null`, whose first letter is at `index`.
    mutating func word(_ word: StaticString) throws {
        guard word.withUTF8Buffer({ bytes[index...].starts(with: $0) }) else { throw failure(.expectedValue) }
        index += word.utf8CodeUnitCount
    }

    /// The text of a string the reader accepted: escapes decoded; under lenient rules, bytes that are
    /// not UTF-8 and halves of surrogate pairs become U+FFFD.
    package static func text(of token: JSONToken, in bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = token.start + 1
        let end = token.end - 1
        out.reserveCapacity(end - index)
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); index += 1; continue }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(bytes[index..<index + 4]) ?? 0xFFFD
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= end,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                   let low = hexValue(bytes[index + 2..<index + 6]), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(code)   // '"', '\\' and '/' stand for themselves
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
