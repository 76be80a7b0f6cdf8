import StickerCore

/// A key Xcode does not know is ignored, so a misspelt `repetitions` or `accessibility-label` silently does nothing.
public struct CatalogUnknownKeyCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "catalog_unknown_key", name: "Unknown key",
        summary: "A catalog file holds a key Xcode does not know (often a misspelling), which is ignored.",
        defaultSeverity: .warning, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        pack.pack.problems.compactMap { problem in
            guard case .unknownKey(let file, let key, let suggestion, let sticker) = problem else { return nil }
            let guess = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
            // stickerforge.yml (or a --config file) is StickerForge's own: Xcode never reads it.
            let isConfig = file.hasSuffix(".yml") || file.hasSuffix(".yaml")
            return context.finding(Self.description, sticker: sticker, file: file,
                                   message: "unknown key \"\(key)\"\(guess)",
                                   hint: suggestion.map { "Rename \"\(key)\" to \"\($0)\"." }
                                       ?? (isConfig ? "Remove the key; StickerForge ignores it (docs/config.md lists the keys it reads)."
                                                    : "Remove the key; Xcode ignores it."))
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("misspelt repetitions", pack: .example(problems: [
                .unknownKey(file: "Stickers.stickerpack/Dance.stickersequence/Contents.json", key: "repetions",
                            suggestion: "repetitions", sticker: "Dance")]))],
            nonTriggering: [CheckExample("clean pack", pack: .example())])
    }
}
