import StickerCore

/// The Messages app icon set needs all its slots; an upload with an empty marketing slot has been
/// rejected (docs/imessage-rules.md, icon). Under `build --xcode-project` (`appStoreUpload`) a missing App
/// Store slot (1024x1024, 1024x768) is an error, because App Store Connect rejects that upload
/// ("Invalid iMessage App"); the other slots stay at the rule's severity.
public struct IconSlotMissingCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "icon_slot_missing", name: "Icon slot missing",
        summary: "A slot of the Messages app icon set has no image, or the catalog has no icon set.",
        defaultSeverity: .warning, category: .catalog, threshold: "the 13 slots Xcode creates")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        // An icon source in stickerforge.yml means `build` draws all slots from it.
        if pack.pack.config.icon != nil { return [] }
        let upload = context.configuration.appStoreUpload
        let storeHint = " App Store Connect rejects an upload without the App Store icons (\"Invalid iMessage App\")."
        guard let set = pack.pack.iconSet else {
            return [context.finding(
                Self.description, sticker: nil, file: nil,
                message: "no Messages app icon set (iMessage App Icon.stickersiconset)",
                hint: "Add an icon set with all \(IconSlot.all.count) slots, or give an icon source image (--icon or icon: "
                    + "in stickerforge.yml); App Store uploads need at least the marketing icons." + (upload ? storeHint : ""),
                atLeast: upload ? .error : nil)]
                .compactMap { $0 }
        }
        return IconSlot.all.filter { set.filled[$0] == nil }.compactMap { slot in
            let blocksUpload = upload && slot.isAppStoreIcon
            return context.finding(Self.description, sticker: nil, file: set.folder,
                                   message: "no icon for \(slot.label)",
                                   hint: "Add a \(slot.pixelWidth)x\(slot.pixelHeight) px PNG to this slot." + (blocksUpload ? storeHint : ""),
                                   atLeast: blocksUpload ? .error : nil)
        }
    }

    public static var examples: CheckExamples {
        let full = PackSubject.exampleIconSet()
        let partial = PackSubject.exampleIconSet(missing: [IconSlot.all[7]])
        return CheckExamples(
            triggering: [
                CheckExample("no icon set", pack: .example()),
                CheckExample("marketing icon missing", pack: .example(iconSet: partial, icons: PackSubject.exampleIcons(partial))),
            ],
            nonTriggering: [
                CheckExample("all slots", pack: .example(iconSet: full, icons: PackSubject.exampleIcons(full))),
                CheckExample("icon source configured", pack: iconSourceConfigured),
            ])
    }

    /// A pack without an icon set whose `stickerforge.yml` names an icon source: `build` draws every slot from it.
    private static var iconSourceConfigured: PackSubject {
        var subject = PackSubject.example()
        subject.pack.config.icon = "icon.png"
        return subject
    }
}

extension IconSlot {
    /// `"iphone 60x45 pt @2x (120x90 px)"`, with the platform when there is one.
    var label: String {
        let idiom = platform.map { "\(self.idiom) (\($0))" } ?? self.idiom
        return "\(idiom) \(size) pt @\(scale) (\(pixelWidth)x\(pixelHeight) px)"
    }

    /// The App Store slots (1024x1024 ios-marketing, 1024x768 Messages ios-marketing) that uploads
    /// are rejected without.
    public var isAppStoreIcon: Bool { idiom == "ios-marketing" }
}
