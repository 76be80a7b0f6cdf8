import ImageCodec
import Foundation
import Yams

/// Typed readers for YAML values: each reports a precise problem at the value's position and
/// returns nil, so parsing goes on.
extension ConfigParser {
    /// The pairs of a mapping with string keys, reporting non-string and repeated keys.
    mutating func entries(of mapping: Node.Mapping, path: String,
                          sticker: String? = nil) -> [(key: String, keyNode: Node, value: Node)] {
        var seen = Set<String>()
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                invalid(keyNode, path.isEmpty ? "(key)" : path, "has a key that is not a plain name", sticker: sticker)
                continue
            }
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            if !seen.insert(key).inserted {
                invalid(keyNode, keyPath, "appears twice; the last value is used", sticker: sticker)
                result.removeAll { $0.key == key }
            }
            result.append((key, keyNode, value))
        }
        return result
    }

    mutating func mapping(_ node: Node, _ key: String, sticker: String? = nil) -> Node.Mapping? {
        if let mapping = node.mapping { return mapping }
        if isNull(node) { return nil }
        invalid(node, key, "must be a mapping, found \(describe(node))", sticker: sticker)
        return nil
    }

    mutating func text(_ node: Node, _ key: String, allowEmpty: Bool, sticker: String? = nil) -> String? {
        guard let scalar = node.scalar else {
            invalid(node, key, "must be text, found \(describe(node))", sticker: sticker)
            return nil
        }
        if !allowEmpty && (scalar.string.isEmpty || isNull(node)) {
            invalid(node, key, "must not be empty", sticker: sticker)
            return nil
        }
        return scalar.string
    }

    mutating func choice<T: RawRepresentable>(_ node: Node, _ key: String, _ cases: [T]) -> T?
    where T.RawValue == String {
        let names = cases.map(\.rawValue)
        let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        guard let string = node.scalar?.string, let value = T(rawValue: string) else {
            invalid(node, key, "must be \(list), found \(describe(node))")
            return nil
        }
        return value
    }

    mutating func names(_ node: Node, _ key: String) -> [String] {
        guard let sequence = node.sequence else {
            if !isNull(node) { invalid(node, key, "must be a list of sticker names, found \(describe(node))") }
            return []
        }
        var result: [String] = []
        for item in sequence {
            guard let name = item.scalar?.string, !name.isEmpty else {
                invalid(item, key, "must list sticker names, found \(describe(item))")
                continue
            }
            if result.contains(name) {
                invalid(item, key, "lists '\(name)' twice; the first place is used")
                continue
            }
            result.append(name)
        }
        return result
    }

    mutating func number(_ node: Node, _ key: String, above minimum: Double, sticker: String? = nil) -> Double? {
        guard let value = plainScalar(node).flatMap({ Double($0) }), value.isFinite else {
            invalid(node, key, "must be a number, found \(describe(node))", sticker: sticker)
            return nil
        }
        guard value > minimum else {
            invalid(node, key, "must be greater than \(format(minimum)), found \(format(value))", sticker: sticker)
            return nil
        }
        return value
    }

    /// A number in 0...1.
    mutating func fraction(_ node: Node, _ key: String) -> Double? {
        guard let value = plainScalar(node).flatMap({ Double($0) }), value.isFinite else {
            invalid(node, key, "must be a number between 0 and 1, found \(describe(node))")
            return nil
        }
        guard (0...1).contains(value) else {
            invalid(node, key, "must be between 0 and 1, found \(format(value))")
            return nil
        }
        return value
    }

    mutating func integer(_ node: Node, _ key: String, atLeast minimum: Int, sticker: String? = nil) -> Int? {
        guard let value = plainScalar(node).flatMap({ Int($0.replacingOccurrences(of: "_", with: "")) }) else {
            invalid(node, key, "must be a whole number, found \(describe(node))", sticker: sticker)
            return nil
        }
        guard value >= minimum else {
            invalid(node, key, "must be at least \(minimum), found \(value)", sticker: sticker)
            return nil
        }
        return value
    }

    /// Total plays; 1 cannot be expressed in Xcode's `repetitions` (0 means forever), so it is refused.
    mutating func loops(_ node: Node, _ key: String, sticker: String?) -> Int? {
        guard let value = integer(node, key, atLeast: 0, sticker: sticker) else { return nil }
        if value == 1 {
            invalid(node, key, "is 1, which Xcode cannot express (its repetitions 0 means forever); "
                    + "use 0 for forever or 2 or more plays", sticker: sticker)
            return nil
        }
        return value
    }

    mutating func share(_ node: Node, _ key: String) -> Double? {
        guard let value = number(node, key, above: -1) else { return nil }
        guard value <= 1 else {
            invalid(node, key, "must be a share between 0 and 1, found \(format(value))")
            return nil
        }
        return value
    }

    mutating func delays(_ node: Node, _ key: String, sticker: String) -> [Int]? {
        guard let sequence = node.sequence, sequence.count > 0 else {
            invalid(node, key, "must be a list of frame delays in milliseconds, found \(describe(node))", sticker: sticker)
            return nil
        }
        var values: [Int] = []
        for item in sequence {
            guard let delay = integer(item, key, atLeast: 1, sticker: sticker) else { return nil }
            values.append(delay)
        }
        return values
    }

    mutating func flag(_ node: Node, _ key: String) -> Bool? {
        switch plainScalar(node)?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            invalid(node, key, "must be true or false, found \(describe(node))")
            return nil
        }
    }

    /// A path inside the folder: never absolute, never climbing out with `..`.
    mutating func iconPath(_ node: Node, _ key: String) -> String? {
        guard let path = text(node, key, allowEmpty: false) else { return nil }
        if let reason = CatalogFileSystem.unsafeNameReason(path, allowSubfolders: true) {
            invalid(node, key, "is unsafe: \(reason)")
            return nil
        }
        return path
    }

    /// An opaque colour written `'#RRGGBB'` (quoted: YAML reads an unquoted `#` as a comment).
    mutating func colour(_ node: Node, _ key: String) -> RGBA? {
        guard let text = text(node, key, allowEmpty: false) else { return nil }
        guard let colour = IconStyle.colour(hex: text) else {
            invalid(node, key, "must be a colour '#RRGGBB' (six hex digits, quoted), found \(describe(node))")
            return nil
        }
        return colour
    }

    /// How a value reads in a message.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// The text of an unquoted scalar: quoted "15" is a string in YAML, not a number.
    private func plainScalar(_ node: Node) -> String? {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return nil }
        return scalar.string
    }

    private func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    private func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
