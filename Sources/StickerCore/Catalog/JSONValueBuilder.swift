import ImageCodec

/// Builds a `JSONValue` from what `JSONReader` reads, with a stack of open containers (no
/// recursion), and notes every repeated key (the last value wins, as in Xcode).
struct JSONValueBuilder: JSONVisitor {
    /// A repeated key and the byte offset of its second (or later) appearance.
    struct Duplicate { var key: String; var offset: Int }

    let bytes: [UInt8]
    private(set) var root: JSONValue?
    private(set) var duplicates: [Duplicate] = []
    private var open: [(members: [String: JSONValue]?, items: [JSONValue], key: String, keyOffset: Int)] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func beginObject(at offset: Int) { open.append(([:], [], "", 0)) }
    mutating func beginArray(at offset: Int) { open.append((nil, [], "", 0)) }

    mutating func key(_ key: JSONToken) {
        open[open.count - 1].key = JSONReader.text(of: key, in: bytes)
        open[open.count - 1].keyOffset = key.start
    }

    mutating func endObject() { add(.object(open.removeLast().members ?? [:])) }
    mutating func endArray() { add(.array(open.removeLast().items)) }

    mutating func value(_ scalar: JSONScalar) {
        switch scalar {
        case .string(let token): add(.string(JSONReader.text(of: token, in: bytes)))
        // The reader checked the grammar and that the number is finite.
        case .number(let range): add(.number(Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan))
        case .bool(let b): add(.bool(b))
        case .null: add(.null)
        }
    }

    private mutating func add(_ value: JSONValue) {
        guard !open.isEmpty else { root = value; return }
        let last = open.count - 1
        guard open[last].members != nil else { open[last].items.append(value); return }
        let key = open[last].key
        if open[last].members?.updateValue(value, forKey: key) != nil {
            duplicates.append(Duplicate(key: key, offset: open[last].keyOffset))
        }
    }
}
