import Foundation
import StickerCore
import Yams

/// The guard of `fix`'s edits of `stickerforge.yml` (issue 40: fix never makes a configuration
/// worse). After an edit the text is parsed again and compared with what the edit means: the
/// source's tree with exactly that key dropped or renamed, or the source's settings plus exactly
/// that label. Any other difference (a lost setting, a new problem, a syntax error such as an alias
/// whose anchor went with the key) refuses the edit, and the caller keeps the old bytes.
struct ConfigEditGuard {
    /// What an edit is meant to do.
    enum Change {
        /// Drop the key at the path (its value and nested block with it).
        case drop(path: [String])
        /// Rename the last component of the path.
        case rename(path: [String], to: String)
        /// Add `labels.<sticker>: label`.
        case addLabel(sticker: String, label: String)
    }

    /// The file's name in problems, as the catalog reader names it.
    let file: String
    /// The limits the source was read with.
    var limits = ConfigLimits.standard

    /// nil when `edited` gives exactly what `change` means for `source`; otherwise why not.
    func verify(source: String, edited: String, change: Change) -> String? {
        let before = PackConfig.parse(source, file: file, limits: limits)
        // The problems must stay the source's, less the unknown key a drop or rename repairs.
        var wanted = before.problems.map(Self.positionFree)
        let expected: PackConfig
        switch change {
        case .addLabel(let sticker, let label):
            expected = before.config.labelled(sticker, label)
        case .drop(let path), .rename(let path, _):
            let key = path.joined(separator: ".")
            guard let repaired = wanted.firstIndex(where: { if case .unknownKey(_, key, _, _) = $0 { return true }; return false }) else {
                return "'\(key)' is not an unknown key of the file"
            }
            wanted.remove(at: repaired)
            let root: Node?
            do {
                guard ConfigPreScan.scan(source, limits: limits) == nil else { return "the file is past a configuration limit" }
                root = try ConfigComposer.compose(source, stackBytes: limits.composeStackBytes)
            } catch {
                return "the file is not valid YAML (\(error))"
            }
            var newName: String?
            if case .rename(_, let to) = change { newName = to }
            guard let root, let meant = Self.edit(root, path[...], renamingTo: newName) else {
                return "the key is not where the edit expected it"
            }
            expected = PackConfig.parse(root: meant, file: file).config
        }
        let actual = PackConfig.parse(edited, file: file, limits: limits)
        let got = actual.problems.map(Self.positionFree)
        if let new = Self.subtracting(wanted, from: got).first, let shown = actual.problems.first(where: { Self.positionFree($0) == new }) {
            return "the edited file would have a problem the source does not have (\(Self.text(shown)))"
        }
        if let lost = Self.subtracting(got, from: wanted).first {
            return "the edited file would lose a problem the edit does not mean to solve (\(Self.text(lost)))"
        }
        let meantConfig = Self.positionFree(expected), gotConfig = Self.positionFree(actual.config)
        if meantConfig != gotConfig {
            let changed = Self.differences(meantConfig, gotConfig)
            return "the edited file would change settings the edit does not mean to change ("
                + (changed.isEmpty ? "settings" : changed.joined(separator: ", ")) + ")"
        }
        return nil
    }

    /// A problem as the check report words it.
    static func text(_ problem: CatalogProblem) -> String {
        switch problem {
        case .invalid(_, let reason, _): return reason
        case .unknownKey(_, let key, let suggestion, _): return ConfigError.unknownKeyText(key, suggestion)
        case .unlistedSticker(let folder): return "\(folder) is not listed"
        case .missingFile(let file, let listedIn, _): return "\(file) listed in \(listedIn) does not exist"
        }
    }

    /// `node` with the entry at `path` dropped (or its key renamed), nil when there is none. The
    /// parser uses the last of repeated keys, so that is the one edited.
    static func edit(_ node: Node, _ path: ArraySlice<String>, renamingTo newName: String?) -> Node? {
        guard case .mapping(let mapping) = node, let first = path.first else { return nil }
        var pairs = mapping.map { ($0.key, $0.value) }
        guard let i = pairs.lastIndex(where: { $0.0.scalar?.string == first }) else { return nil }
        if path.count > 1 {
            guard let child = edit(pairs[i].1, path.dropFirst(), renamingTo: newName) else { return nil }
            pairs[i].1 = child
        } else if let newName {
            pairs[i].0 = .scalar(Node.Scalar(newName, .implicit, .plain, pairs[i].0.mark))
        } else {
            pairs.remove(at: i)
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }

    /// Lines and columns move when lines are dropped; what a problem says does not.
    static func positionFree(_ problem: CatalogProblem) -> CatalogProblem {
        guard case .invalid(let file, let reason, let sticker) = problem,
              let match = reason.range(of: #"^line [0-9]+(, column [0-9]+)?: "#, options: .regularExpression) else { return problem }
        return .invalid(file: file, reason: String(reason[match.upperBound...]), sticker: sticker)
    }

    static func positionFree(_ config: PackConfig) -> PackConfig {
        var config = config
        config.app.problems = config.app.problems.map { error in
            switch error {
            case .invalidValue(let file, _, _, let key, let reason): return .invalidValue(file: file, line: nil, column: nil, key: key, reason: reason)
            case .unknownKey(let file, _, _, let key, let suggestion):
                return .unknownKey(file: file, line: nil, column: nil, key: key, suggestion: suggestion)
            case .syntax(let file, _, _, let reason): return .syntax(file: file, line: nil, column: nil, reason: reason)
            case .overLimit(let file, _, _, let reason): return .overLimit(file: file, line: 0, column: 0, reason: reason)
            case .unreadable, .several: return error
            }
        }
        return config
    }

    /// `items` less one of each of `other` (a multiset difference).
    private static func subtracting(_ other: [CatalogProblem], from items: [CatalogProblem]) -> [CatalogProblem] {
        var rest = items
        for item in other { if let i = rest.firstIndex(of: item) { rest.remove(at: i) } }
        return rest
    }

    /// The names of the settings that differ, for the message (dictionaries compared as values:
    /// their descriptions need not list entries in one order).
    private static func differences(_ a: PackConfig, _ b: PackConfig) -> [String] {
        zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y in
            Self.same(x.value, y.value) ? nil : x.label ?? "?"
        }.sorted()
    }

    private static func same(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? [String: String], let b = b as? [String: String] { return a == b }
        if let a = a as? [String: SequenceSettings], let b = b as? [String: SequenceSettings] { return a == b }
        if let a = a as? [String: Severity], let b = b as? [String: Severity] { return a == b }
        if let a = a as? [String: [String]], let b = b as? [String: [String]] { return a == b }
        return String(describing: a) == String(describing: b)
    }
}

private extension PackConfig {
    func labelled(_ sticker: String, _ label: String) -> PackConfig {
        var copy = self
        copy.labels[sticker] = label
        return copy
    }
}
