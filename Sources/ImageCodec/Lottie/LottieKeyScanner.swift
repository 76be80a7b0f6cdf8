/// Finds which of Lottie's seven required top-level keys a JSON object names, in one bounded pass.
///
/// Used by `FormatSniffer`: it reads no value, allocates nothing and tracks depth with a counter
/// (no recursion), so a 64 MiB file or a million nested brackets cost one linear scan, which stops as
/// soon as all seven keys have been seen. It does not validate JSON; `LottieValidator` does that
/// before anything is rendered.
enum LottieKeyScanner {
    /// The keys every Lottie animation has at the top level (Bodymovin's export always writes them).
    static let requiredKeys = ["v", "fr", "ip", "op", "w", "h", "layers"]

    /// What one scan saw.
    struct Result: Equatable {
        /// One bit per entry of `requiredKeys`, set when the key appears at the top level.
        var found: UInt8 = 0
        /// Whether the top-level object closed inside the buffer (false: the buffer is a prefix).
        var closed = false
        /// Whether the bytes start with `{` (after whitespace and a UTF-8 byte order mark).
        var isObject = false

        /// All seven keys are present.
        var hasAllKeys: Bool { found == 0x7F }
        /// The six scalar keys are present (`layers` may lie past the end of a prefix).
        var hasScalarKeys: Bool { found & 0x3F == 0x3F }
    }

    /// Scans the top level of the object the bytes start with.
    static func scan(_ b: UnsafeBufferPointer<UInt8>) -> Result {
        var result = Result()
        var i = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        while i < b.count, isSpace(b[i]) { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return result }
        result.isObject = true
        i += 1
        var depth = 1
        var expectKey = true
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "\""):
                let start = i + 1
                i = skipString(b, from: start)
                if depth == 1 && expectKey {
                    if let index = keyIndex(b, start, min(i, b.count) - 1) { result.found |= 1 << index }
                    if result.hasAllKeys { return result }
                    expectKey = false
                }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { result.closed = true; return result }
            case UInt8(ascii: ","): if depth == 1 { expectKey = true }
            default: break
            }
            i += 1
        }
        return result
    }

    /// The index just past the string's closing quote (or the buffer's end).
    private static func skipString(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i < b.count {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "\"") { return i + 1 }
            i += 1
        }
        return b.count
    }

    /// The index in `requiredKeys` of the key between `start` and `end` (exclusive), if it is one.
    private static func keyIndex(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let length = end - start
        guard length >= 1, length <= 6 else { return nil }
        for (index, key) in requiredKeys.enumerated() where key.utf8.count == length {
            if key.utf8.enumerated().allSatisfy({ b[start + $0.offset] == $0.element }) { return index }
        }
        return nil
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}
