import StickerCore

/// A pack with no sticker builds an empty extension that App Review rejects.
public struct EmptyPackCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "empty_pack", name: "Empty pack",
        summary: "The pack holds no stickers.",
        defaultSeverity: .error, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard pack.pack.stickers.isEmpty else { return [] }
        return [context.finding(Self.description, sticker: nil, file: nil,
                                message: "the pack \"\(pack.pack.name)\" holds no stickers",
                                hint: "Add sticker images (or .sticker folders) to the pack.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("no stickers", pack: .example(subjects: []))],
            nonTriggering: [CheckExample("one sticker", pack: .example())])
    }
}
