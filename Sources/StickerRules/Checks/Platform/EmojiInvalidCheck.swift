import StickerCore

/// `emojis:` gives a sticker text that is not an emoji (`"abc"`, the emoticon `":)"`, a plain digit
/// `"1"`, a heart `"❤"` without its emoji selector): no store takes it. WhatsApp, Telegram, Signal and
/// Discord file a sticker under emoji (Telegram's `emoji_list`, WhatsApp's `emojis`, Signal's and
/// Discord's one emoji), so the value is left out of the store's metadata; the finding names it, the
/// sticker, and the emoji to write instead. The stores publish no rule that takes an emoji one of
/// them refuses: what differs per store is how many (`PlatformRules.emojiPerSticker`, the table),
/// which says whether the sticker is left with too few. Where no store emoji are filed (iMessage,
/// LINE) the value is still wrong for the stores that read the same stickerforge.yml.
public struct EmojiInvalidCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "emoji_invalid", name: "Emoji invalid",
        summary: "`emojis:` gives a sticker text that is not an emoji, which no store takes; it is left out of the store's metadata.",
        defaultSeverity: .error, category: .catalog, threshold: "each item one or more emoji (one per grapheme cluster)")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        let config = pack.pack.config
        return pack.summaries.compactMap { summary in
            guard let refused = config.refusedEmojis[summary.name], !refused.isEmpty else { return nil }
            let values = NumberText.list(refused.map { "\"\($0)\"" }, conjunction: "and")
            let verb = refused.count == 1 ? "is not an emoji" : "are not emoji"
            let kept = context.platform.emojis(of: config.emojis[summary.name] ?? []).kept
            let store = context.platform.name
            let consequence: String
            if let range = context.platform.emojiPerSticker {
                consequence = kept.count >= range.lowerBound
                    ? "; \(store) files stickers under emoji only, so \(summary.name) gets \(kept.joined(separator: " ")) without it"
                    : "; \(store) files stickers under emoji only, so \(summary.name) is left with "
                        + (kept.isEmpty ? "none" : kept.joined(separator: " ")) + " (\(store) needs \(EmojiMissingCheck.rangeText(range)))"
            } else {
                consequence = "; \(store) files no sticker under emoji, but every store that does refuses it"
            }
            let example = summary.name.contains(" ") || summary.name.contains(":") ? "\"\(summary.name)\"" : summary.name
            return context.finding(
                Self.description, sticker: summary.name, file: config.file,
                message: "\(summary.name)'s emoji \(values) \(verb)\(consequence)",
                hint: "Write the emoji it stands for under `emojis:` in stickerforge.yml instead (e.g. `\(example): [\"😀\"]`): "
                    + "words, emoticons such as \":)\" and plain digits are not emoji (a keycap is \"1️⃣\", a heart \"❤️\" with its emoji selector).")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("Telegram: a word", pack: .storeExample(count: 1, emojis: [], refusedEmojis: ["abc"]), platform: .telegram),
                CheckExample("WhatsApp: an emoticon beside an emoji", pack: .storeExample(count: 3, emojis: ["😀"], refusedEmojis: [":)"]),
                             platform: .whatsapp),
                CheckExample("Signal: a plain digit", pack: .storeExample(count: 1, emojis: [], refusedEmojis: ["1"]), platform: .signal),
                CheckExample("Discord: a heart without its emoji selector", pack: .storeExample(count: 1, emojis: [], refusedEmojis: ["❤"]),
                             platform: .discord),
                CheckExample("iMessage: wrong for the stores reading the same file", pack: .storeExample(count: 1, emojis: [],
                                                                                                     refusedEmojis: ["smile"])),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: emoji, a keycap and a flag", pack: .storeExample(count: 3, emojis: ["😀", "1️⃣", "🏳️‍🌈"]),
                             platform: .whatsapp),
                CheckExample("Signal: none given is emoji_missing's", pack: .storeExample(count: 1, emojis: []), platform: .signal),
                CheckExample("LINE: emoji mean nothing", pack: .storeExample(count: 8, emojis: ["😀"]), platform: .line),
            ])
    }
}
