import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `extension_mismatch`: renames the file to its real format's extension (`.png` for PNG and APNG,
/// `.gif`, `.jpg`); the catalog's Contents.json is updated to the new name by the pack fixer.
/// Also names a file re-encoded as PNG by an earlier fix.
public struct ExtensionFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["extension_mismatch"], action: "rename",
        summary: "Renames the file to its real format's extension and updates Contents.json.")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard work.format.isStickerFormat, context.finds(ExtensionMismatchCheck(), in: work) else { return nil }
        let ext = ExtensionMismatchCheck.fittingExtensions(work.format)[0]
        let old = work.file
        work.file = Self.renamed(old, extension: ext)
        return FixRecord(rule: "extension_mismatch", action: Self.description.action,
                         details: "\(LoadedFile.name(of: old)) -> \(LoadedFile.name(of: work.file)) (\(work.format.displayName) data)")
    }

    /// `path` with its last component's extension replaced (or added).
    static func renamed(_ path: String, extension ext: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let stem = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? name
        return String(path[..<slash]) + stem + "." + ext
    }

    public static var examples: FixExamples {
        let art = ExampleImage.still(ExampleImage.canvas(120, 120, inset: 20))
        return FixExamples(
            triggering: [
                FixExample("PNG named .gif", .example(art, file: "Example.gif")),
                FixExample("GIF named .png", .example(ExampleImage.still(ExampleImage.canvas(120, 120, inset: 20), format: .gif),
                                                      file: "Example.png")),
            ],
            nonTriggering: [
                FixExample("PNG named .png", .example(art)),
                FixExample("JPEG named .jpeg", .example(ExampleImage.still(ExampleImage.opaque(120, 120), format: .jpeg),
                                                        file: "Example.jpeg")),
            ])
    }
}
