import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// One object of a pbxproj: its id, the comment Xcode writes after the id, its `isa` and fields.
struct PBXObject: Equatable, Sendable {
    var id: String
    var comment: String?
    var isa: String
    var fields: [String: PBXValue]
}

/// Serialises objects the way Xcode does: `// !$*UTF8*$!`, objects grouped into
/// `/* Begin <isa> section */` blocks sorted by isa, sorted by id inside a section, `isa` first and
/// the other keys sorted, build files and file references on one line, tabs for indentation.
enum PBXProjectText {
    /// Object types Xcode writes on a single line.
    private static let singleLine: Set<String> = ["PBXBuildFile", "PBXFileReference"]

    /// The whole file.
    static func render(objects: [PBXObject], rootObject: String, objectVersion: Int) -> String {
        let comments = Dictionary(objects.map { ($0.id, $0.comment) }, uniquingKeysWith: { first, _ in first })
        var out = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = \(objectVersion);\n\tobjects = {\n"
        let sections = Dictionary(grouping: objects, by: \.isa)
        for isa in sections.keys.sorted() {
            out += "\n/* Begin \(isa) section */\n"
            for object in (sections[isa] ?? []).sorted(by: { $0.id < $1.id }) {
                out += "\t\t" + head(object.id, object.comment) + " = "
                out += singleLine.contains(isa) ? inline(object) + "\n" : block(object, depth: 2) + "\n"
            }
            out += "/* End \(isa) section */\n"
        }
        let rootComment = comments[rootObject] ?? nil
        out += "\t};\n\trootObject = \(head(rootObject, rootComment));\n}\n"
        return out
    }

    private static func head(_ id: String, _ comment: String?) -> String {
        comment.map { "\(id) /* \(OpenStepText.comment($0)) */" } ?? id
    }

    private static func orderedFields(_ object: PBXObject) -> [(String, PBXValue)] {
        [("isa", .string(object.isa))] + object.fields.keys.sorted().map { ($0, object.fields[$0] ?? .string("")) }
    }

    private static func block(_ object: PBXObject, depth: Int) -> String {
        multiline(orderedFields(object), depth: depth)
    }

    private static func inline(_ object: PBXObject) -> String {
        "{" + orderedFields(object).map { "\(OpenStepText.quoted($0.0)) = \(inlineValue($0.1)); " }.joined() + "};"
    }

    private static func inlineValue(_ value: PBXValue) -> String {
        switch value {
        case .string(let s): return OpenStepText.quoted(s)
        case let .reference(id, comment): return head(id, comment)
        case .array(let items): return "(" + items.map { inlineValue($0) + ", " }.joined() + ")"
        case .dictionary(let members):
            return "{" + members.keys.sorted().map { "\(OpenStepText.quoted($0)) = \(inlineValue(members[$0] ?? .string(""))); " }.joined() + "}"
        }
    }

    private static func multiline(_ fields: [(String, PBXValue)], depth: Int) -> String {
        let inner = String(repeating: "\t", count: depth + 1), pad = String(repeating: "\t", count: depth)
        var out = "{\n"
        for (key, value) in fields { out += inner + OpenStepText.quoted(key) + " = " + multilineValue(value, depth: depth + 1) + ";\n" }
        return out + pad + "};"
    }

    private static func multilineValue(_ value: PBXValue, depth: Int) -> String {
        let inner = String(repeating: "\t", count: depth + 1), pad = String(repeating: "\t", count: depth)
        switch value {
        case .string, .reference: return inlineValue(value)
        case .array(let items):
            return "(\n" + items.map { inner + multilineValue($0, depth: depth + 1) + ",\n" }.joined() + pad + ")"
        case .dictionary(let members):
            let body = members.keys.sorted().map { inner + OpenStepText.quoted($0) + " = " + multilineValue(members[$0] ?? .string(""), depth: depth + 1) + ";\n" }
            return "{\n" + body.joined() + pad + "}"
        }
    }
}
