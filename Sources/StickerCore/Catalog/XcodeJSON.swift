import ImageCodec

/// A JSON value for Xcode's `Contents.json` files.
public indirect enum XcodeJSON: Equatable, Sendable {
    case string(String)
    case int(Int)
    /// A number that may be fractional (a `fixed` duration); whole values print without a fraction.
    case number(Double)
    case bool(Bool)
    case array([XcodeJSON])
    case object([String: XcodeJSON])
    /// `null`, kept when a hand-written Contents.json is edited.
    case null
}

/// Writes JSON the way Xcode writes `Contents.json`, so a generated catalog shows no diff when Xcode
/// touches it: keys sorted by their UTF-8 bytes, two-space indent, `"key" : value` with a space on
/// both sides of the colon, one value per line, and a trailing newline. (`JSONSerialization` puts
/// no space before the colon on Linux and escapes slashes, so it cannot be used.)
public enum XcodeJSONWriter {
    /// The whole document, ending in a newline.
    public static func render(_ value: XcodeJSON) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    /// The document as UTF-8 bytes.
    public static func bytes(_ value: XcodeJSON) -> [UInt8] { Array(render(value).utf8) }

    private static func write(_ value: XcodeJSON, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent), inner = String(repeating: " ", count: indent + 2)
        switch value {
        case .string(let s): out += JSONString.quoted(s, controls: .shortForms)
        case .int(let i): out += String(i)
        case .number(let d): out += number(d)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            // Xcode leaves an empty line inside an empty array.
            if items.isEmpty { out += "[\n\n\(pad)]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                write(item, indent: indent + 2, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += pad + "]"
        case .object(let members):
            if members.isEmpty { out += "{\n\n\(pad)}"; return }
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, key) in keys.enumerated() {
                out += inner + JSONString.quoted(key, controls: .shortForms) + " : "
                // Keys come from `members.keys`, so the lookup cannot miss.
                write(members[key] ?? .object([:]), indent: indent + 2, into: &out)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += pad + "}"
        }
    }

    private static func number(_ d: Double) -> String {
        if d.isFinite && d == d.rounded() && abs(d) < 1e15 { return String(Int(d)) }
        return d.isFinite ? "\(d)" : "0"
    }
}
