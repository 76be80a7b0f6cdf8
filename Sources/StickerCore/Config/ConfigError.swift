/// Why `stickerforge.yml` could not be used. Each case names the file, the line and column when
/// known, and the key concerned.
public enum ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(file: String, reason: String)
    /// Not valid YAML (position from the YAML parser).
    case syntax(file: String, line: Int?, column: Int?, reason: String)
    /// A value of the wrong type or out of range.
    case invalidValue(file: String, line: Int?, column: Int?, key: String, reason: String)
    /// A key the configuration does not know, with the key probably meant.
    case unknownKey(file: String, line: Int?, column: Int?, key: String, suggestion: String?)
    /// Past one of `ConfigLimits` (size, nesting, anchors, aliases, expanded values, keys), at the
    /// line and column where the limit is crossed; the reason names the limit.
    case overLimit(file: String, line: Int, column: Int, reason: String)
    /// More than one of the above, in file order.
    case several(file: String, errors: [ConfigError])

    /// `file:line:column: what is wrong`, one line per problem.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot be read: \(reason)"
        case .syntax(let file, let line, let column, let reason):
            return "\(Self.location(file, line, column)): not valid YAML: \(reason)"
        case .invalidValue(let file, let line, let column, let key, let reason):
            return "\(Self.location(file, line, column)): '\(key)' \(reason)"
        case .unknownKey(let file, let line, let column, let key, let suggestion):
            return "\(Self.location(file, line, column)): \(Self.unknownKeyText(key, suggestion))"
        case .overLimit(let file, let line, let column, let reason):
            return "\(Self.location(file, line, column)): \(reason)"
        case .several(_, let errors):
            return errors.map(\.description).joined(separator: "\n")
        }
    }

    /// "unknown key 'fsp' (did you mean 'fps'?)"
    package static func unknownKeyText(_ key: String, _ suggestion: String?) -> String {
        "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }

    static func location(_ file: String, _ line: Int?, _ column: Int?) -> String {
        guard let line else { return file }
        return "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
    }
}
