import Foundation

/// Why a JSON report could not be read.
public enum JSONReportError: Error, Equatable, CustomStringConvertible {
    /// The text is not JSON, or not the documented layout; `path` names the key ("stickers[2].facts").
    case invalid(path: String, reason: String)
    /// The report was written by a newer layout than this version reads.
    case unsupportedVersion(found: Int, supported: Int)

    package init(_ error: DecodingError) {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { acc, key in
                if let i = key.intValue { return acc + "[\(i)]" }
                return acc.isEmpty ? key.stringValue : acc + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let c):
            self = .invalid(path: path(c.codingPath + [key]), reason: "missing key")
        case .typeMismatch(let type, let c):
            self = .invalid(path: path(c.codingPath), reason: "expected \(type): \(c.debugDescription)")
        case .valueNotFound(let type, let c):
            self = .invalid(path: path(c.codingPath), reason: "expected \(type), found null")
        case .dataCorrupted(let c):
            self = .invalid(path: path(c.codingPath), reason: c.debugDescription)
        @unknown default:
            self = .invalid(path: "", reason: String(describing: error))
        }
    }

    /// A message naming the problem.
    public var description: String {
        switch self {
        case .invalid(let path, let reason):
            return path.isEmpty ? "invalid JSON report: \(reason)" : "invalid JSON report at \(path): \(reason)"
        case .unsupportedVersion(let found, let supported):
            return "JSON report version \(found) is newer than this tool reads (\(supported))"
        }
    }
}
