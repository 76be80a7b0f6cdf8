extension LottieJSON {
    /// How Lottie JSON is read: strict grammar, at most `LottieValidator.maxDepth` levels, numbers
    /// kept as written, text that is not UTF-8 read as rlottie reads it (U+FFFD in its place).
    static let rules = JSONRules(maxDepth: LottieValidator.maxDepth, validatesText: false, requiresFiniteNumbers: false)

    /// Parses Lottie JSON (usually validated already).
    /// - Throws: `CodecError.malformed` at the first byte that is not JSON.
    static func parse(_ bytes: [UInt8]) throws -> LottieJSON {
        var builder = TreeBuilder(bytes: bytes)
        do { try JSONReader.read(bytes, rules: rules, into: &builder) } catch let error as JSONSyntaxError {
            throw CodecError.malformed("Lottie: not JSON at byte \(error.offset)")
        }
        return builder.root ?? .null
    }

    /// Builds the tree with a stack of open containers (no recursion).
    private struct TreeBuilder: JSONVisitor {
        let bytes: [UInt8]
        var root: LottieJSON?
        private var open: [(members: [Member], elements: [LottieJSON], key: String?, isObject: Bool)] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func beginObject(at offset: Int) { open.append(([], [], nil, true)) }
        mutating func beginArray(at offset: Int) { open.append(([], [], nil, false)) }
        mutating func key(_ key: JSONToken) { open[open.count - 1].key = JSONReader.text(of: key, in: bytes) }
        mutating func endObject() { add(.object(open.removeLast().members)) }
        mutating func endArray() { add(.array(open.removeLast().elements)) }

        mutating func value(_ scalar: JSONScalar) {
            switch scalar {
            case .string(let token): add(.string(JSONReader.text(of: token, in: bytes)))
            case .number(let range): add(.number(String(decoding: bytes[range], as: UTF8.self)))
            case .bool(let b): add(.bool(b))
            case .null: add(.null)
            }
        }

        private mutating func add(_ value: LottieJSON) {
            guard !open.isEmpty else { root = value; return }
            let last = open.count - 1
            if open[last].isObject {
                open[last].members.append(Member(key: open[last].key ?? "", value: value))
            } else {
                open[last].elements.append(value)
            }
        }
    }
}
