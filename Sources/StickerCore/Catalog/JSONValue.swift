/// A Contents.json value, typed just enough to check keys and read values.
package enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    var string: String? { if case .string(let s) = self { return s }; return nil }
    var number: Double? { if case .number(let n) = self { return n }; return nil }

    /// The number when it is a whole number that fits an Int.
    var integer: Int? {
        guard let n = number, n.rounded() == n, abs(n) < 1e15 else { return nil }
        return Int(n)
    }

    /// How the value reads in a message: what was found where something else was expected.
    var shortDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "a list"
        case .string(let s): return "the string '\(s)'"
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? "the number \(Int(n))" : "the number \(n)"
        case .bool(let b): return "\(b)"
        case .null: return "null"
        }
    }
}
