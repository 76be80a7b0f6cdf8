import Foundation
import Yams

extension PackConfig {
    /// Parses configuration text, collecting every problem: unknown keys become `.unknownKey`
    /// (with the dotted path, `thresholds.max_fsp`, and a suggestion), wrong types, out-of-range values
    /// and YAML syntax errors become `.invalid` whose reason starts with "line L, column C:". Values
    /// with problems keep their defaults. `file` names the file in problems. Text past one of
    /// `limits` is not composed at all: it gives one `.invalid` problem naming the line and the limit.
    public static func parse(_ text: String, file: String,
                             limits: ConfigLimits = .standard) -> (config: PackConfig, problems: [CatalogProblem]) {
        var parser = ConfigParser(file: file, limits: limits)
        parser.parse(text)
        return (parser.config, parser.issues.map { problem(for: $0) })
    }

    /// Reads an already composed tree, as `parse(_:file:limits:)` reads text: what `fix`'s guard
    /// expects an edited file to give.
    package static func parse(root: Node?, file: String) -> (config: PackConfig, problems: [CatalogProblem]) {
        var parser = ConfigParser(file: file)
        parser.parse(root: root)
        return (parser.config, parser.issues.map { problem(for: $0) })
    }

    /// Loads a configuration file strictly: throws `ConfigError` for an unreadable file, a YAML syntax
    /// error, a file past one of `limits` (`.overLimit`), or any key or value problem (`.several`
    /// when there is more than one).
    public static func load(from path: String, limits: ConfigLimits = .standard) throws -> PackConfig {
        if let reason = CatalogFileSystem.notRegularFileReason(path) {
            throw ConfigError.unreadable(file: path, reason: reason)
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ConfigError.unreadable(file: path, reason: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError.unreadable(file: path, reason: "not UTF-8 text")
        }
        var parser = ConfigParser(file: path, limits: limits)
        parser.parse(text)
        switch parser.issues.count {
        case 0: return parser.config
        case 1: throw parser.issues[0].error
        default: throw ConfigError.several(file: path, errors: parser.issues.map(\.error))
        }
    }

    private static func problem(for issue: ConfigParser.Issue) -> CatalogProblem {
        func at(_ line: Int?, _ column: Int?) -> String {
            guard let line else { return "" }
            return "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": "
        }
        switch issue.error {
        case .unknownKey(let file, _, _, let key, let suggestion):
            return .unknownKey(file: file, key: key, suggestion: suggestion, sticker: issue.sticker)
        case .invalidValue(let file, let line, let column, let key, let reason):
            return .invalid(file: file, reason: at(line, column) + "'\(key)' \(reason)", sticker: issue.sticker)
        case .syntax(let file, let line, let column, let reason):
            return .invalid(file: file, reason: at(line, column) + "not valid YAML: \(reason)", sticker: issue.sticker)
        case .unreadable(let file, let reason):
            return .invalid(file: file, reason: "cannot be read: \(reason)", sticker: issue.sticker)
        case .overLimit(let file, let line, let column, let reason):
            return .invalid(file: file, reason: at(line, column) + reason, sticker: issue.sticker)
        case .several(let file, let errors):
            return .invalid(file: file, reason: errors.map(\.description).joined(separator: "; "), sticker: issue.sticker)
        }
    }
}
