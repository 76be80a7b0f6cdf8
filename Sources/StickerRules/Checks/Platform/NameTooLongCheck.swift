import StickerCore

/// Stores cap the pack's name and publisher (WhatsApp 128 and 128 characters, Telegram's title 64,
/// LINE's title 40 and creator 50). The name is `name:` of stickerforge.yml, else the folder's name;
/// the publisher is `publisher:` (or `author:`). Characters are counted as people read them
/// (grapheme clusters, so an emoji with modifiers counts once).
public struct NameTooLongCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "name_too_long", name: "Pack name or publisher too long",
        summary: "The pack's name or publisher has more characters than the chosen store takes.",
        defaultSeverity: .error, category: .catalog, threshold: "WhatsApp 128/128, Telegram 64, LINE 40/50 characters")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        let store = context.platform
        var findings: [Finding?] = []
        if let limit = store.maxNameCharacters, pack.pack.name.count > limit {
            let from = pack.pack.config.name == nil ? "the folder's name" : "`name:`"
            findings.append(context.finding(
                Self.description, sticker: nil, file: pack.pack.config.file,
                message: "the pack name has \(NumberText.count(pack.pack.name.count, "character")) (\(from)); "
                    + "\(store.name) takes at most \(limit)",
                hint: "Give a shorter `name:` in stickerforge.yml (at most \(limit) characters)."))
        }
        if let limit = store.maxPublisherCharacters, let publisher = pack.pack.config.credit(for: store.creditField), publisher.count > limit {
            findings.append(context.finding(
                Self.description, sticker: nil, file: pack.pack.config.file,
                message: "the publisher has \(NumberText.count(publisher.count, "character")); \(store.name) takes at most \(limit)",
                hint: "Give a shorter `publisher:` in stickerforge.yml (at most \(limit) characters)."))
        }
        return findings.compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WhatsApp: a 129-character name", pack: .namedExample(String(repeating: "a", count: 129)),
                             platform: .whatsapp),
                CheckExample("LINE: a 51-character publisher", pack: .namedExample("Cats", publisher: String(repeating: "b", count: 51)),
                             platform: .line),
                CheckExample("Telegram: a 65-character title", pack: .namedExample(String(repeating: "c", count: 65)),
                             platform: .telegram),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: 128 and 128 characters",
                             pack: .namedExample(String(repeating: "a", count: 128), publisher: String(repeating: "b", count: 128)),
                             platform: .whatsapp),
                CheckExample("LINE: a 40-emoji title counts 40", pack: .namedExample(String(repeating: "👍🏽", count: 40)),
                             platform: .line),
                CheckExample("Discord: no name limit", pack: .namedExample(String(repeating: "a", count: 300)), platform: .discord),
                CheckExample("iMessage: no name limit", pack: .namedExample(String(repeating: "a", count: 300))),
            ])
    }
}

extension PackSubject {
    /// A one-sticker example whose pack is named `name` (as `name:` gives it) with `publisher`.
    static func namedExample(_ name: String, publisher: String? = nil) -> PackSubject {
        var subject = PackSubject.example()
        subject.pack.name = name
        subject.pack.config.name = name
        subject.pack.config.publisher = publisher
        return subject
    }
}
