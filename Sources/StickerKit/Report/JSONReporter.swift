import Foundation

/// The machine-readable report: `CheckReport` as documented JSON (docs/report-formats.md),
/// keys sorted, pretty-printed, `/` unescaped, ending in a newline. Every documented key is
/// always present; a value that is unknown or does not apply is `null`.
public struct JSONReporter: Reporter {
    /// The version of the JSON layout (`reportVersion`); it changes only when a key is removed or
    /// changes meaning, never when one is added.
    public static let reportVersion = 1

    /// A JSON reporter.
    public init() {}

    /// Renders the report as JSON.
    public func render(_ report: CheckReport, context: ReportContext) -> String {
        ReportJSON.encode(JSONReportDocument(report))
    }

    /// Reads a report this reporter wrote (or one written by hand to the documented layout).
    /// Keys it does not know are ignored, so newer reports with added keys still load.
    public static func decode(_ text: String) throws -> CheckReport {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = ReportJSON.decodingFloats
        do {
            let header = try decoder.decode(VersionHeader.self, from: Data(text.utf8))
            if let version = header.reportVersion, version > reportVersion {
                throw JSONReportError.unsupportedVersion(found: version, supported: reportVersion)
            }
            return try decoder.decode(CheckReport.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw JSONReportError(error)
        }
    }

    /// Only the version key, read first so a future layout fails with a clear message.
    private struct VersionHeader: Decodable { var reportVersion: Int? }
}

/// Why a JSON report could not be read.
public enum JSONReportError: Error, Equatable, CustomStringConvertible {
    /// The text is not JSON, or not the documented layout; `path` names the key ("stickers[2].facts").
    case invalid(path: String, reason: String)
    /// The report was written by a newer layout than this version reads.
    case unsupportedVersion(found: Int, supported: Int)

    init(_ error: DecodingError) {
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
