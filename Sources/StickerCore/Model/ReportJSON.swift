import Foundation
import ImageCodec

/// The one JSON encoder configuration the JSON and SARIF reporters share: sorted keys so output
/// is byte-stable, pretty-printed for diffs, `/` left alone because paths are full of them.
package enum ReportJSON {
    /// Non-finite numbers (an fps over a zero-length loop) become strings rather than failing.
    static let encodingFloats = JSONEncoder.NonConformingFloatEncodingStrategy
        .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    /// The decoding side of `encodingFloats`.
    package static let decodingFloats = JSONDecoder.NonConformingFloatDecodingStrategy
        .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    /// `value` as pretty JSON with a trailing newline.
    package static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = encodingFloats
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            // Only reachable if Foundation rejects a value our models cannot hold; still return
            // valid JSON that says what happened rather than trapping.
            let reason = String(describing: error).replacingOccurrences(of: "\n", with: " ")
            return "{\n  \"encodingError\" : \(JSONString.quoted(reason, controls: .shortForms))\n}\n"
        }
    }
}
