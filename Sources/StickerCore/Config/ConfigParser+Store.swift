import Yams

/// The pack metadata the sticker stores show: `publisher:` (alias `author:`) and per-sticker `emojis:`.
extension ConfigParser {
    /// `publisher:` and `author:`: either alone names the pack's maker for every store; both may be
    /// given (one source for every store), equal or not, each then going to the stores whose field it is.
    mutating func parsePublisher(key: String, value: Node) {
        let name = text(value, key, allowEmpty: false)
        if key == "author" { config.author = name } else { config.publisher = name }
    }

    /// `emojis: {sticker: ["😀", "🎉"]}`: each entry a list of emoji, or one string of them as
    /// Telegram's sticker bot takes them (`"🏃💨"`), split into emoji by grapheme cluster, so skin
    /// tones, ZWJ sequences and variation selectors stay with their emoji. A list item may hold
    /// several emoji too; the order is kept. An item that is not emoji goes to `refusedEmojis`.
    mutating func parseEmojis(_ node: Node) {
        guard let mapping = mapping(node, "emojis") else { return }
        for (name, _, value) in entries(of: mapping, path: "emojis") {
            let key = "emojis.\(name)"
            let items: [Node]
            if let sequence = value.sequence { items = Array(sequence) } else if value.scalar != nil { items = [value] } else {
                invalid(value, key, "must be a list of emoji, found \(describe(value))", sticker: name)
                continue
            }
            var emojis: [String] = [], refused: [String] = []
            for item in items {
                guard let text = item.scalar?.string else {
                    invalid(item, key, "must list emoji such as \"😀\" or \"🏃💨\", found \(describe(item))", sticker: name)
                    continue
                }
                // Text that is not emoji is kept aside for `emoji_invalid`, which names it and what to do.
                guard let split = Self.emojiList(text) else {
                    refused.append(text)
                    continue
                }
                for emoji in split {
                    if emojis.contains(emoji) {
                        invalid(item, key, "lists \(emoji) twice", sticker: name)
                        continue
                    }
                    emojis.append(emoji)
                }
            }
            config.emojis[name] = emojis
            if !refused.isEmpty { config.refusedEmojis[name] = refused }
        }
    }

    /// The emoji of `text` in order, one per grapheme cluster, or nil when it is empty or a cluster
    /// is not an emoji (`"🏃💨"` is two; `"smile"` and `"1"` are none).
    static func emojiList(_ text: String) -> [String]? {
        let clusters = text.map(String.init)
        guard !clusters.isEmpty, clusters.allSatisfy(isSingleEmoji) else { return nil }
        return clusters
    }

    /// Whether `text` is one emoji: one grapheme that shows as emoji (an emoji-presentation scalar,
    /// or an emoji scalar with a variation selector or keycap, so plain "1" or "#" are not).
    static func isSingleEmoji(_ text: String) -> Bool {
        guard text.count == 1, let first = text.unicodeScalars.first else { return false }
        let scalars = text.unicodeScalars
        return scalars.contains { $0.properties.isEmojiPresentation }
            || (first.properties.isEmoji && scalars.count > 1 && scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 })
    }
}
