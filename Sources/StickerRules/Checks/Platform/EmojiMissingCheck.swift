import StickerCore

/// WhatsApp, Telegram, Signal and Discord file each sticker under emoji; the store refuses a sticker
/// with none (or with more than it takes). StickerForge never makes one up: `emojis:` in
/// stickerforge.yml gives them.
public struct EmojiMissingCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "emoji_missing", name: "Emoji missing",
        summary: "A sticker has fewer emoji than the chosen store needs per sticker (more are `emoji_dropped`'s).",
        defaultSeverity: .error, category: .catalog, threshold: "WhatsApp 1-3, Telegram 1-20, Signal and Discord 1")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard let range = context.platform.emojiPerSticker else { return [] }
        let store = context.platform.name
        let configured = pack.pack.config.emojis
        return pack.summaries.compactMap { summary in
            let emojis = configured[summary.name] ?? []
            // Text given that is not emoji is `emoji_invalid`'s, which says what is left: one finding, not two.
            guard emojis.count < range.lowerBound, pack.pack.config.refusedEmojis[summary.name]?.isEmpty ?? true else { return nil }
            let message = emojis.isEmpty ? "\(summary.name) has no emoji; \(store) needs \(Self.rangeText(range)) per sticker"
                : "\(summary.name) has \(NumberText.count(emojis.count, "emoji", "emoji")); \(store) needs \(Self.rangeText(range))"
            return context.finding(Self.description, sticker: summary.name, file: summary.primaryFile, message: message,
                                   hint: "Give it emoji under `emojis:` in stickerforge.yml, e.g. `\(summary.name): [\"😀\"]`.")
        }
    }

    static func rangeText(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? "exactly \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WhatsApp: no emoji", pack: .storeExample(count: 3, emojis: nil), platform: .whatsapp),
                CheckExample("Signal: none given", pack: .storeExample(count: 1, emojis: []), platform: .signal),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: 3 emoji", pack: .storeExample(count: 3, emojis: ["😀", "😂", "😍"]), platform: .whatsapp),
                CheckExample("Signal: 2 emoji are emoji_dropped's", pack: .storeExample(count: 1, emojis: ["😀", "😂"]), platform: .signal),
                CheckExample("LINE: no emoji needed", pack: .storeExample(count: 8, emojis: nil), platform: .line),
                CheckExample("Telegram: text that is not emoji is emoji_invalid's", pack: .storeExample(count: 1, emojis: [],
                                                                                                         refusedEmojis: ["abc"]),
                             platform: .telegram),
                CheckExample("iMessage: no emoji needed", pack: .storeExample(count: 1, emojis: nil)),
            ])
    }
}
