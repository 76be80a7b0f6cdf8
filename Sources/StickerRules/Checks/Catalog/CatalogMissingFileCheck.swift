import StickerCore

/// A listed sticker, frame or image that does not exist: Xcode fails or drops it.
public struct CatalogMissingFileCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "catalog_missing_file", name: "Missing file",
        summary: "A sticker, frame or image named in the catalog does not exist.",
        defaultSeverity: .error, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        pack.pack.problems.compactMap { problem in
            guard case .missingFile(let file, let listedIn, let sticker) = problem else { return nil }
            return context.finding(Self.description, sticker: sticker, file: file,
                                   message: "\(file) is listed in \(listedIn) but does not exist",
                                   hint: "Add the file, or remove it from \(LoadedFile.name(of: listedIn)).")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("missing image", pack: .example(problems: [
                .missingFile(file: "Stickers.stickerpack/Wave.sticker/Wave.png",
                             listedIn: "Stickers.stickerpack/Wave.sticker/Contents.json", sticker: "Wave")]))],
            nonTriggering: [CheckExample("clean pack", pack: .example())])
    }
}
