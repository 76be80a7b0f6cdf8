import StickerCore

/// A sticker lists more emoji under `emojis:` than the store files it under: the store's pack keeps
/// the first ones, in the order given, and this warning names the rest, so one `emojis:` serves every
/// store (WhatsApp keeps 3, Telegram 20, Signal and Discord 1). Under `--strict` the warning fails the
/// gate like any other.
public struct EmojiDroppedCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "emoji_dropped", name: "Emoji dropped",
        summary: "A sticker has more emoji than the chosen store takes; the store's pack keeps the first ones.",
        defaultSeverity: .warning, category: .catalog, threshold: "WhatsApp 3, Telegram 20, Signal and Discord 1")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard let most = context.platform.emojiPerSticker?.upperBound else { return [] }
        let store = context.platform.name
        return pack.summaries.compactMap { summary in
            let (kept, dropped) = context.platform.emojis(of: pack.pack.config.emojis[summary.name] ?? [])
            guard !dropped.isEmpty else { return nil }
            return context.finding(
                Self.description, sticker: summary.name, file: summary.primaryFile,
                message: "\(summary.name) has \(kept.count + dropped.count) emoji; \(store) takes at most \(most), so it gets "
                    + "\(kept.joined(separator: " ")) and not \(dropped.joined(separator: " "))",
                hint: "Put the emoji that describe it best first under `emojis:` in stickerforge.yml; the rest serve stores that take more.")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WhatsApp: 4 emoji", pack: .storeExample(count: 3, emojis: ["😀", "😂", "😍", "😎"]), severity: .warning,
                             platform: .whatsapp),
                CheckExample("Signal: 2 emoji", pack: .storeExample(count: 1, emojis: ["🏃", "💨"]), severity: .warning, platform: .signal),
                CheckExample("Discord: a ZWJ family and a skin tone", pack: .storeExample(count: 1, emojis: ["👨‍👩‍👧", "👍🏽"]),
                             severity: .warning, platform: .discord),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: 3 emoji", pack: .storeExample(count: 3, emojis: ["😀", "😂", "😍"]), platform: .whatsapp),
                CheckExample("Telegram: 2 emoji", pack: .storeExample(count: 1, emojis: ["🏃", "💨"]), platform: .telegram),
                CheckExample("Signal: no emoji is emoji_missing's", pack: .storeExample(count: 1, emojis: []), platform: .signal),
                CheckExample("iMessage: emoji mean nothing", pack: .storeExample(count: 1, emojis: ["😀", "😂"])),
            ])
    }
}
