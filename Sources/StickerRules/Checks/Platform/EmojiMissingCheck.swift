import StickerCore

/// WhatsApp, Telegram, Signal and Discord file each sticker under emoji; the store refuses a sticker
/// with none (or with more than it takes). StickerForge never makes one up: `emojis:` in
/// stickerforge.yml gives them.
public struct EmojiMissingCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "emoji_missing", name: "Emoji missing",
        summary: "A sticker has no emoji (or more than the store takes) where the chosen store needs emoji per sticker.",
        defaultSeverity: .error, category: .catalog, threshold: "WhatsApp 1-3, Telegram 1-20, Signal and Discord 1")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard let range = context.platform.emojiPerSticker else { return [] }
        let store = context.platform.name
        let configured = pack.pack.config.emojis
        return pack.summaries.compactMap { summary in
            let emojis = configured[summary.name] ?? []
            guard !range.contains(emojis.count) else { return nil }
            let message: String, hint: String
            if emojis.count < range.lowerBound {
                message = emojis.isEmpty ? "\(summary.name) has no emoji; \(store) needs \(Self.rangeText(range)) per sticker"
                    : "\(summary.name) has \(NumberText.count(emojis.count, "emoji", "emoji")); \(store) needs \(Self.rangeText(range))"
                hint = "Give it emoji under `emojis:` in stickerforge.yml, e.g. `\(summary.name): [\"😀\"]`."
            } else {
                message = "\(summary.name) has \(NumberText.count(emojis.count, "emoji", "emoji")) (\(emojis.joined(separator: " "))); "
                    + "\(store) takes at most \(range.upperBound)"
                hint = "Keep the \(range.upperBound) that describe it best under `emojis:` in stickerforge.yml."
            }
            return context.finding(Self.description, sticker: summary.name, file: summary.primaryFile,
                                   message: message, hint: hint)
        }
    }

    static func rangeText(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? "exactly \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WhatsApp: no emoji", pack: .storeExample(count: 3, emojis: nil), platform: .whatsapp),
                CheckExample("WhatsApp: 4 emoji", pack: .storeExample(count: 3, emojis: ["😀", "😂", "😍", "😎"]), platform: .whatsapp),
                CheckExample("Signal: 2 emoji", pack: .storeExample(count: 1, emojis: ["😀", "😂"]), platform: .signal),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: 3 emoji", pack: .storeExample(count: 3, emojis: ["😀", "😂", "😍"]), platform: .whatsapp),
                CheckExample("LINE: no emoji needed", pack: .storeExample(count: 8, emojis: nil), platform: .line),
                CheckExample("iMessage: no emoji needed", pack: .storeExample(count: 1, emojis: nil)),
            ])
    }
}
