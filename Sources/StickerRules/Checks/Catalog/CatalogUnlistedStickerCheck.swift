import StickerCore

/// A sticker folder the pack does not list is not shown (Xcode's behaviour is undocumented).
public struct CatalogUnlistedStickerCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "catalog_unlisted_sticker", name: "Unlisted sticker",
        summary: "A sticker folder exists in the pack but its Contents.json does not list it.",
        defaultSeverity: .warning, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        pack.pack.problems.compactMap { problem in
            guard case .unlistedSticker(let folder) = problem else { return nil }
            return context.finding(Self.description, sticker: nil, file: folder,
                                   message: "\(LoadedFile.name(of: folder)) is not listed in the pack's Contents.json",
                                   hint: "List it in the pack's \"stickers\" array, or delete the folder.")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("extra folder", pack: .example(problems: [
                .unlistedSticker(folder: "Stickers.stickerpack/Extra.sticker")]))],
            nonTriggering: [CheckExample("clean pack", pack: .example())])
    }
}
