import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Line edits of `stickerforge.yml` that keep everything else byte for byte: dropping or renaming
/// a key (with its nested block) and adding labels. Keys are found by their dotted path.
struct ConfigTextEditor {
    /// The file's lines, without their newlines.
    private(set) var lines: [String]
    private let endsWithNewline: Bool

    init(_ text: String) {
        endsWithNewline = text.hasSuffix("\n")
        var split = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if endsWithNewline || text.isEmpty { split.removeLast() }   // an empty file has no lines
        lines = split
    }

    /// The text with the edits.
    var text: String { lines.joined(separator: "\n") + (endsWithNewline || !lines.isEmpty ? "\n" : "") }

    /// Drops the key at `path` ("thresholds.max_fps"), or renames its last component to `replacement`.
    /// Returns whether the key was found.
    mutating func dropOrRename(_ path: String, to replacement: String?) -> Bool {
        guard let index = line(of: path.split(separator: ".").map(String.init)) else { return false }
        let indent = Self.indent(lines[index])
        let key = String(path.split(separator: ".").last ?? "")
        if let replacement {
            let line = lines[index]
            let start = line.index(line.startIndex, offsetBy: indent)
            lines[index] = String(line[..<start]) + replacement + String(line[line.index(start, offsetBy: key.count)...])
            return true
        }
        var end = index + 1
        while end < lines.count, Self.isBlank(lines[end]) || Self.indent(lines[end]) > indent { end += 1 }
        lines.removeSubrange(index..<end)
        return true
    }

    /// Adds `labels.<name>: "label"`, creating the `labels:` block when there is none.
    mutating func addLabel(_ label: String, for name: String) {
        let entry = Self.quoted(name) + ": " + Self.quoted(label)
        if let block = line(of: ["labels"]) {
            var childIndent = 2
            if block + 1 < lines.count, !Self.isBlank(lines[block + 1]), Self.indent(lines[block + 1]) > 0 {
                childIndent = Self.indent(lines[block + 1])
            }
            lines.insert(String(repeating: " ", count: childIndent) + entry, at: block + 1)
        } else {
            lines += ["labels:", "  " + entry]
        }
    }

    /// The index of the line holding the key path, each component inside the previous one's block.
    private func line(of path: [String]) -> Int? {
        var from = 0, to = lines.count, parentIndent = -1
        var found: Int?
        for component in path {
            found = nil
            var i = from
            while i < to {
                let line = lines[i]
                let indent = Self.indent(line)
                if !Self.isBlank(line), indent > parentIndent, Self.key(of: line) == component {
                    found = i
                    break
                }
                i += 1
            }
            guard let at = found else { return nil }
            parentIndent = Self.indent(lines[at])
            from = at + 1
            var end = from
            while end < lines.count, Self.isBlank(lines[end]) || Self.indent(lines[end]) > parentIndent { end += 1 }
            to = end
        }
        return found
    }

    private static func key(of line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard let colon = trimmed.firstIndex(of: ":"), !trimmed.hasPrefix("#"), !trimmed.hasPrefix("-") else { return nil }
        var key = String(trimmed[..<colon])
        if key.count >= 2, key.first == "\"" || key.first == "'", key.last == key.first { key = String(key.dropFirst().dropLast()) }
        return key
    }

    private static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    private static func isBlank(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
