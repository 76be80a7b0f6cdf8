import StickerCore

/// A catalog file Xcode cannot read, or a value it does not accept, breaks the build.
public struct CatalogInvalidCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "catalog_invalid", name: "Invalid catalog file",
        summary: "A Contents.json or stickerforge.yml is unreadable or holds a value Xcode does not accept.",
        defaultSeverity: .error, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        pack.pack.problems.compactMap { problem in
            guard case .invalid(let file, let reason, let sticker) = problem else { return nil }
            // stickerforge.yml (or a --config file) is StickerForge's own: Xcode never reads it.
            let isConfig = file.hasSuffix(".yml") || file.hasSuffix(".yaml")
            return context.finding(Self.description, sticker: sticker, file: file,
                                   message: "\(LoadedFile.name(of: file)): \(reason)",
                                   hint: isConfig ? "Fix the file: it must be YAML holding the keys docs/config.md lists."
                                       : "Fix the file so that Xcode can read it; compare it with the layout Xcode writes.")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("unknown grid size", pack: .example(problems: [
                .invalid(file: "Stickers.stickerpack/Contents.json", reason: "unknown grid-size \"huge\"", sticker: nil)]))],
            nonTriggering: [
                CheckExample("clean pack", pack: .example()),
                CheckExample("other problems only", pack: .example(problems: [.unlistedSticker(folder: "Extra.sticker")])),
            ])
    }
}
