import Foundation
import StickerCore
import StickerEncoding
import StickerRules

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
