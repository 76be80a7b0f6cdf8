/// The one strict RFC 8259 reader behind every JSON document StickerForge reads: Contents.json
/// (StickerCore's `JSONParser`), Lottie's validation (`LottieValidator`) and Lottie's tree (`LottieJSON`).
///
/// It checks the grammar once, iteratively (a stack of the open containers, bounded by
/// `JSONRules.maxDepth`; no recursion, so hostile nesting costs no stack) and in one linear pass, and
/// tells a `JSONVisitor` what it reads: the callers keep what they need (a dictionary tree, an ordered
/// tree, a few top-level values) and word a `JSONSyntaxError` their own way. A UTF-8 byte order mark
/// is skipped, as Xcode and rlottie do; offsets count from the input's first byte.
package struct JSONReader {
    /// The input.
    package let bytes: [UInt8]
    /// Its rules.
    package let rules: JSONRules
    var index = 0

    private enum Expect { case value, item, itemOrClose, key, keyOrClose, colon, afterValue }
    private struct Open { var bracket: UInt8; var key: JSONToken? }
    private var stack: [Open] = []

    private init(bytes: [UInt8], rules: JSONRules) { self.bytes = bytes; self.rules = rules }

    /// Reads `bytes` (one value and whitespace around it), telling `visitor` as it goes.
    /// - Throws: `JSONSyntaxError` at the first byte that breaks the grammar or `rules`, or what the visitor throws.
    package static func read<Visitor: JSONVisitor>(_ bytes: [UInt8], rules: JSONRules, into visitor: inout Visitor) throws {
        var reader = JSONReader(bytes: bytes, rules: rules)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        try reader.run(&visitor)
    }

    /// Whether `byte` is JSON whitespace.
    package static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private mutating func run<Visitor: JSONVisitor>(_ visitor: inout Visitor) throws {
        var expect = Expect.value
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            if stack.isEmpty && expect == .afterValue {
                if index < bytes.count { throw failure(.trailingContent) }
                return
            }
            guard index < bytes.count else {
                switch expect {
                case .value, .item, .itemOrClose: throw failure(.expectedValue)
                case .key, .keyOrClose: throw failure(.expectedKey)
                case .colon: throw failure(.expectedColon(key: currentKey))
                case .afterValue: throw failure(.expectedCommaOrClose(key: stack[stack.count - 1].key))
                }
            }
            let byte = bytes[index]
            switch expect {
            case .value, .item, .itemOrClose:
                if byte == UInt8(ascii: "]") && expect != .value {
                    if expect == .item { throw failure(.trailingComma) }
                    try close(&visitor); expect = .afterValue; continue
                }
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard stack.count < rules.maxDepth else { throw failure(.tooDeep) }
                    stack.append(Open(bracket: byte, key: nil))
                    if byte == UInt8(ascii: "{") { try visitor.beginObject(at: index); expect = .keyOrClose } else {
                        try visitor.beginArray(at: index); expect = .itemOrClose
                    }
                    index += 1
                    continue
                case UInt8(ascii: "\""): try visitor.value(.string(try string()))
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try visitor.value(.number(try number()))
                case UInt8(ascii: "t"): try word("true"); try visitor.value(.bool(true))
                case UInt8(ascii: "f"): try word("false"); try visitor.value(.bool(false))
                case UInt8(ascii: "n"): try word("null"); try visitor.value(.null)
                default: throw failure(.expectedValue)
                }
                expect = .afterValue
            case .key, .keyOrClose:
                if byte == UInt8(ascii: "}") {
                    if expect == .key { throw failure(.trailingComma) }
                    try close(&visitor); expect = .afterValue; continue
                }
                guard byte == UInt8(ascii: "\"") else { throw failure(.expectedKey) }
                let key = try string()
                stack[stack.count - 1].key = key
                try visitor.key(key)
                expect = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw failure(.expectedColon(key: currentKey)) }
                index += 1
                expect = .value
            case .afterValue:
                let open = stack[stack.count - 1]
                if byte == UInt8(ascii: ",") { index += 1; expect = open.bracket == UInt8(ascii: "{") ? .key : .item; continue }
                if byte == open.bracket + 2 {   // '{' + 2 is '}', '[' + 2 is ']'
                    try close(&visitor); expect = .afterValue; continue
                }
                throw failure(.expectedCommaOrClose(key: open.key))
            }
        }
    }

    /// The key just read (a colon is expected only after one).
    private var currentKey: JSONToken { stack.last?.key ?? JSONToken(start: index, end: index) }

    private mutating func close<Visitor: JSONVisitor>(_ visitor: inout Visitor) throws {
        index += 1
        if stack.removeLast().bracket == UInt8(ascii: "{") { try visitor.endObject() } else { try visitor.endArray() }
    }

    func failure(_ kind: JSONSyntaxError.Kind) -> JSONSyntaxError { failure(kind, at: index) }

    func failure(_ kind: JSONSyntaxError.Kind, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(kind: kind, offset: offset, container: stack.last?.bracket)
    }
}
