import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Reads, edits and writes one Contents.json in a catalog being repaired. Written the way Xcode
/// writes it (`XcodeJSONWriter`), and only when an edit changed it, so untouched files keep their
/// exact bytes.
struct ContentsEditor {
    /// Absolute path of the file.
    let path: String
    /// The document's top-level object.
    var object: [String: XcodeJSON]
    private let original: [String: XcodeJSON]

    /// Loads `path`. - Throws: `FixError.codec` when it cannot be read or parsed.
    init(path: String) throws {
        self.path = path
        do {
            var parser = JSONParser(try FileIO.read(path))
            guard case .object(let members) = Self.convert(try parser.parseDocument()) else {
                throw FixError.codec(file: path, reason: "the top level is not an object")
            }
            object = members
        } catch let error as FixError { throw error } catch {
            throw FixError.codec(file: path, reason: "cannot be read as JSON (\(error))")
        }
        original = object
    }

    /// Writes the file when it changed.
    func save() throws {
        guard object != original else { return }
        try FileIO.writeAtomically(XcodeJSONWriter.bytes(.object(object)), to: path)
    }

    /// The array under `key` as objects.
    func list(_ key: String) -> [[String: XcodeJSON]] {
        guard case .array(let items)? = object[key] else { return [] }
        return items.compactMap { if case .object(let o) = $0 { return o }; return nil }
    }

    /// Replaces the array under `key`.
    mutating func setList(_ key: String, _ items: [[String: XcodeJSON]]) {
        object[key] = .array(items.map { .object($0) })
    }

    /// The `properties` object.
    var properties: [String: XcodeJSON] {
        get { if case .object(let p)? = object["properties"] { return p }; return [:] }
        set { object["properties"] = .object(newValue) }
    }

    /// Removes `key` wherever it appears, or renames it to `replacement` where that key is not
    /// already present. Returns how many places changed.
    mutating func dropOrRename(_ key: String, to replacement: String?) -> Int {
        var count = 0
        object = Self.edit(object, key: key, replacement: replacement, count: &count)
        return count
    }

    private static func edit(_ members: [String: XcodeJSON], key: String, replacement: String?, count: inout Int) -> [String: XcodeJSON] {
        var out: [String: XcodeJSON] = [:]
        for (k, v) in members {
            let value = edit(v, key: key, replacement: replacement, count: &count)
            if k == key {
                count += 1
                if let replacement, members[replacement] == nil { out[replacement] = value }
            } else {
                out[k] = value
            }
        }
        return out
    }

    private static func edit(_ value: XcodeJSON, key: String, replacement: String?, count: inout Int) -> XcodeJSON {
        switch value {
        case .object(let o): return .object(edit(o, key: key, replacement: replacement, count: &count))
        case .array(let a): return .array(a.map { edit($0, key: key, replacement: replacement, count: &count) })
        default: return value
        }
    }

    static func convert(_ value: JSONValue) -> XcodeJSON {
        switch value {
        case .object(let o): return .object(o.mapValues(convert))
        case .array(let a): return .array(a.map(convert))
        case .string(let s): return .string(s)
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? .int(Int(n)) : .number(n)
        case .bool(let b): return .bool(b)
        case .null: return .null
        }
    }
}
