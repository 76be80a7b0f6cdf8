import StickerCore

/// Stores take packs of a set size: WhatsApp 3 to 30, LINE 8, 16 or 24 animated stickers, ...
/// An empty pack is left to `empty_pack`.
public struct PackSizeCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "pack_size", name: "Pack size the store does not take",
        summary: "The pack holds fewer or more stickers than the chosen store takes.",
        defaultSeverity: .error, category: .catalog, threshold: "the store's pack sizes (docs/platforms.md)")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        let count = pack.summaries.count
        guard count > 0 else { return [] }
        let animated = pack.summaries.allSatisfy(\.animatesForStore)
        guard let kind = context.platform.kind(animated: animated), !kind.packSize.allows(count) else { return [] }
        let what = animated ? "animated stickers" : "stickers"
        let short = kind.packSize.missing(count).map { ": \($0) more needed for a pack of \(kind.packSize.smallest ?? 0)" } ?? ""
        return [context.finding(
            Self.description, sticker: nil, file: nil,
            message: "the pack holds \(NumberText.count(count, "sticker")); \(context.platform.name) takes "
                + "\(kind.packSize.text) \(what) a pack" + short,
            hint: "Add or remove stickers, or split the pack, to reach \(kind.packSize.text).")].compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WhatsApp: 2 stickers", pack: .storeExample(count: 2), platform: .whatsapp),
                CheckExample("WhatsApp: 31 stickers", pack: .storeExample(count: 31), platform: .whatsapp),
                CheckExample("LINE: 10 stickers", pack: .storeExample(count: 10), platform: .line),
                CheckExample("LINE: 5 stickers, 3 short of 8", pack: .storeExample(count: 5), platform: .line),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: 3 stickers", pack: .storeExample(count: 3), platform: .whatsapp),
                CheckExample("LINE: 16 stickers", pack: .storeExample(count: 16), platform: .line),
                CheckExample("iMessage: 2 stickers", pack: .storeExample(count: 2)),
            ])
    }
}
