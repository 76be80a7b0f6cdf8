import StickerCore
import StickerEncoding
import StickerRules

/// The subset of the SARIF 2.1.0 object model this tool writes. Optional properties are left out
/// when nil (the schema forbids `null` for them); names follow the schema exactly.
struct SARIFLog: Encodable {
    /// The final OASIS schema (errata 01), the URI viewers use to recognise the version.
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    var schema = SARIFLog.schemaURI
    var version = "2.1.0"
    var runs: [Run]

    private enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String?
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text?
        var defaultConfiguration: Configuration
        var helpUri: String?
        var properties: Properties?
    }

    struct Text: Encodable { var text: String }

    struct Configuration: Encodable { var level: String }

    /// A property bag; `tags` is the one property GitHub reads (it shows them as rule tags).
    struct Properties: Encodable { var tags: [String] }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        var properties: ResultProperties?
    }

    /// What SARIF has no field for: the sticker and frame a finding is about (absent when none).
    struct ResultProperties: Encodable {
        var sticker: String?
        var frame: Int?
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    /// No `region`: findings are about images, which have no lines or columns.
    struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation }

    struct ArtifactLocation: Encodable {
        var uri: String?
        var uriBaseId: String?
        var description: Text?
    }
}
