/// A Lottie document as a JSON tree that keeps what rlottie depends on: the order of object keys
/// (rlottie 0.1 reads a shape's or layer's `ty` before its other keys) and every number's text, so
/// a rewritten document differs from its source only where it was rewritten.
///
/// Read by the shared `JSONReader` (`LottieJSON+Parse.swift`), usually after `LottieValidator` accepted
/// the same bytes. (Contents.json's tree, `JSONValue` in StickerCore, keeps objects as dictionaries,
/// losing the key order rlottie needs.) Writing recurses per level, bounded by `LottieValidator.maxDepth`.
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
        case .string(let s): JSONString.append(s, to: &out, controls: .unicodeEscapes)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (i, v) in a.enumerated() { if i > 0 { out.append(UInt8(ascii: ",")) }; v.write(to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let m):
            out.append(UInt8(ascii: "{"))
            for (i, member) in m.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(member.key, to: &out, controls: .unicodeEscapes)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
