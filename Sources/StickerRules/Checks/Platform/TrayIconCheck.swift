import ImageCodec
import StickerCore

/// The pack image a store shows for the pack: WhatsApp's 96x96 PNG tray icon, LINE's 240x240 main
/// image, Signal's cover, Telegram's thumbnail. `tray:` in stickerforge.yml names it.
public struct TrayIconCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "tray_icon", name: "Tray icon missing or wrong",
        summary: "The store's tray, cover or main image is missing where required, or has the wrong size, format or byte size.",
        defaultSeverity: .error, category: .catalog, threshold: "WhatsApp 96x96 PNG, 50 KB; LINE 240x240")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard let rules = context.platform.trayImage else { return [] }
        let store = context.platform.name
        // LINE's main image of an animated pack is an APNG, of a still pack a PNG.
        let animatedPack = !pack.summaries.isEmpty && pack.summaries.allSatisfy(\.animatesForStore)
        let formats = rules.formats(animatedPack: animatedPack)
        let wanted = "\(rules.size.map { "a \($0)" } ?? "an image in") \(PlatformRules.formatsText(formats))"
            + (rules.maxBytes.map { " of at most \(NumberText.int($0)) bytes" } ?? "")
        let hint = "Make \(wanted) and name it with `tray:` in stickerforge.yml."
        guard let tray = pack.tray else {
            guard rules.required else { return [] }
            return [context.finding(Self.description, sticker: nil, file: nil,
                                    message: "no \(rules.role): \(store) needs one for the pack", hint: hint)].compactMap { $0 }
        }
        guard let file = tray.loaded else {
            return [context.finding(Self.description, sticker: nil, file: tray.file,
                                    message: "the \(rules.role) \(tray.file) " + (tray.failure.map { "cannot be read: \($0)" } ?? "does not exist"),
                                    hint: hint)].compactMap { $0 }
        }
        var problems: [String] = []
        if let failure = tray.failure { problems.append("it cannot be decoded (\(failure))") }
        if !formats.contains(file.format) { problems.append("it holds \(file.format.displayName) data") }
        // An optional image (Telegram's thumbnail, Signal's cover) is made from `tray:` at the store's
        // size by `build`, so one tray serves every store; a required one is judged as it ships.
        if rules.required, let size = rules.size, let actual = file.pixelSize, actual != size { problems.append("it is \(actual)") }
        if rules.required, let limit = rules.maxBytes, file.byteCount > limit {
            problems.append("it has \(NumberText.int(file.byteCount)) bytes")
        }
        guard !problems.isEmpty else { return [] }
        return [context.finding(Self.description, sticker: nil, file: tray.file,
                                message: "\(store)'s \(rules.role) must be \(wanted); \(NumberText.list(problems))",
                                hint: hint)].compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WhatsApp: no tray", pack: .storeExample(count: 3), platform: .whatsapp),
                CheckExample("WhatsApp: a 512x512 tray", pack: .storeExample(count: 3, tray: .exampleTray(512, 512)), platform: .whatsapp),
                CheckExample("WhatsApp: a WebP tray", pack: .storeExample(count: 3, tray: .exampleTray(format: .webp)), platform: .whatsapp),
                CheckExample("WhatsApp: a 60 KB tray", pack: .storeExample(count: 3, tray: .exampleTray(byteCount: 60_000)),
                             platform: .whatsapp),
                CheckExample("LINE: a 96x96 main image", pack: .storeExample(count: 8, tray: .exampleTray()), platform: .line),
                CheckExample("LINE: a still PNG main image for animated stickers",
                             pack: .storeExample(count: 8, animated: true, tray: .exampleTray(240, 240)), platform: .line),
                CheckExample("LINE: an APNG main image for still stickers",
                             pack: .storeExample(count: 8, tray: .exampleTray(240, 240, format: .apng)), platform: .line),
                CheckExample("Telegram: a JPEG thumbnail", pack: .storeExample(count: 3, tray: .exampleTray(100, 100, format: .jpeg)),
                             platform: .telegram),
                CheckExample("WhatsApp: tray file absent",
                             pack: .storeExample(count: 3, tray: TrayFile(file: "tray.png", loaded: nil)), platform: .whatsapp),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: a 96x96 PNG tray", pack: .storeExample(count: 3, tray: .exampleTray()), platform: .whatsapp),
                CheckExample("LINE: a 240x240 PNG main image for still stickers",
                             pack: .storeExample(count: 8, tray: .exampleTray(240, 240)), platform: .line),
                CheckExample("LINE: a 240x240 APNG main image for animated stickers",
                             pack: .storeExample(count: 8, animated: true, tray: .exampleTray(240, 240, format: .apng)), platform: .line),
                CheckExample("Signal: no cover (optional)", pack: .storeExample(count: 3), platform: .signal),
                CheckExample("Telegram: a 96x96 tray for the optional thumbnail",
                             pack: .storeExample(count: 3, tray: .exampleTray()), platform: .telegram),
                CheckExample("Discord: no tray at all", pack: .storeExample(count: 3), platform: .discord),
            ])
    }
}
