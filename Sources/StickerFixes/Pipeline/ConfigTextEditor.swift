import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Line edits of `stickerforge.yml` that keep everything else byte for byte (comments, key order,
/// anchors and aliases, flow style): dropping or renaming a key (with its nested block) and adding
/// labels. Keys are found by their dotted path. An edit it cannot make safely on the lines (tabs,
/// several documents, a key inside flow style, a block whose anchor is used elsewhere, a labels
/// value it does not understand) throws a reason instead, and the text stays as it was.
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
    /// - Throws: the reason (a `String` for `ConfigEditRefusal`) when the key is not on a line of its
    ///   own or the edit would break something the file relies on.
    mutating func dropOrRename(_ path: String, to replacement: String?) throws(ConfigTextEditor.Refusal) {
        try checkWholeFile()
        let components = path.split(separator: ".").map(String.init)
        guard let index = line(of: components) else {
            throw Refusal("it is not on a line of its own (it is inside flow style { } or [ ], or in a form fix does not "
                          + "edit); \(replacement.map { "rename it to '\($0)'" } ?? "remove it") by hand")
        }
        let scan = ConfigLineScan(lines)
        if scan.flowDepth(before: index) > 0 {
            throw Refusal("it is inside flow style ({ } or [ ] over several lines); \(replacement.map { "rename it to '\($0)'" } ?? "remove it") by hand")
        }
        let end = blockEnd(after: index)
        if replacement == nil, let use = scan.anchorUsedOutside(index..<end) {
            throw Refusal("it defines the anchor &\(use.anchor), which line \(use.line + 1) uses (*\(use.anchor)); replace "
                          + "each *\(use.anchor) with the settings it stands for, then remove '\(components.last ?? path)'")
        }
        guard let replacement else {
            lines.removeSubrange(index..<end)
            return
        }
        let line = lines[index]
        let start = line.index(line.startIndex, offsetBy: Self.indent(line))
        guard let colon = line[start...].firstIndex(of: ":") else { throw Refusal("its line has no ':'") }
        let raw = line[start..<colon]
        let quote = raw.first.flatMap { $0 == "\"" || $0 == "'" ? String($0) : nil } ?? ""
        lines[index] = String(line[..<start]) + quote + replacement + quote + String(line[colon...])
    }

    /// Adds `labels.<name>: "label"`: a line in the `labels:` block (at its entries' indentation),
    /// an entry in a one-line flow mapping `labels: {...}`, or a new block at the end.
    mutating func addLabel(_ label: String, for name: String) throws(ConfigTextEditor.Refusal) {
        try checkWholeFile()
        let entry = Self.quoted(name) + ": " + Self.quoted(label)
        guard let block = line(of: ["labels"]) else {
            lines += ["labels:", "  " + entry]
            return
        }
        let scan = ConfigLineScan(lines)
        if scan.flowDepth(before: block) > 0 {
            throw Refusal("'labels' is inside flow style over several lines; add \(entry) to it by hand")
        }
        switch scan.value(of: lines[block]) {
        case .none:
            let indent = Self.indent(lines[block])
            let child = lines[(block + 1)...].first { !Self.isBlank($0) && Self.indent($0) > indent }
            let childIndent = child.map(Self.indent) ?? indent + 2
            lines.insert(String(repeating: " ", count: childIndent) + entry, at: block + 1)
        case .flowMapping(let at, let isEmpty):
            let line = lines[block]
            lines[block] = String(line[..<at]) + (isEmpty ? entry : ", " + entry) + String(line[at...])
        case .other:
            throw Refusal("the 'labels:' line holds more than a block or a one-line { } mapping (an anchor, an alias, "
                          + "a tag or flow style over several lines); add \(entry) under labels by hand")
        }
    }

    /// A reason the text cannot be edited safely.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Tabs in indentation and several documents make the line structure unreliable.
    private func checkWholeFile() throws(ConfigTextEditor.Refusal) {
        if let tab = lines.firstIndex(where: { $0.prefix { $0 == " " || $0 == "\t" }.contains("\t") }) {
            throw Refusal("line \(tab + 1) is indented with a tab, which fix does not edit; indent with spaces")
        }
        var content = false
        for (i, line) in lines.enumerated() {
            let marker = line.hasPrefix("---") || line.hasPrefix("...")
            if marker, line.count == 3 || line.dropFirst(3).first == " " {
                if content || line.hasPrefix("...") {
                    throw Refusal("line \(i + 1) starts another YAML document, which fix does not edit; keep one document")
                }
            } else if !Self.isBlank(line) && !line.hasPrefix("%") {
                content = true
            }
        }
    }

    /// The index of the line holding the key path, each component an entry of the previous one's block.
    private func line(of path: [String]) -> Int? {
        var from = 0, to = lines.count, parentIndent = -1
        var found: Int?
        for component in path {
            found = nil
            // Only the block's own entries (at its first entry's indentation), not keys nested deeper.
            guard let first = lines[from..<to].first(where: { !Self.isBlank($0) && Self.indent($0) > parentIndent }) else {
                return nil
            }
            let entryIndent = Self.indent(first)
            found = (from..<to).first { i in
                !Self.isBlank(lines[i]) && Self.indent(lines[i]) == entryIndent && Self.key(of: lines[i]) == component
            }
            guard let at = found else { return nil }
            parentIndent = Self.indent(lines[at])
            from = at + 1
            to = blockEnd(after: at)
        }
        return found
    }

    /// The end (exclusive) of the block of the key at `index`: its last more-indented line, so the
    /// comments and blank lines that follow it stay with the next key.
    private func blockEnd(after index: Int) -> Int {
        let indent = Self.indent(lines[index])
        var end = index + 1
        var i = index + 1
        while i < lines.count, Self.isBlank(lines[i]) || Self.indent(lines[i]) > indent {
            if !Self.isBlank(lines[i]) { end = i + 1 }
            i += 1
        }
        return end
    }

    private static func key(of line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        guard let colon = trimmed.firstIndex(of: ":"), !trimmed.hasPrefix("#"), !trimmed.hasPrefix("-") else { return nil }
        var key = String(trimmed[..<colon])
        if key.count >= 2, key.first == "\"" || key.first == "'", key.last == key.first { key = String(key.dropFirst().dropLast()) }
        return key
    }

    static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    static func isBlank(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
