import ImageCodec
import StickerCore

/// App Store Connect refuses an App Store icon that "can't be transparent nor contain an alpha
/// channel" (ITMS-90717), whether or not a pixel is actually transparent; on the other slots a
/// transparent pixel shows as black on the device (docs/rules.md gives the sources).
public struct IconNotOpaqueCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "icon_not_opaque", name: "Icon is not opaque",
        summary: "An App Store icon (1024x1024, 1024x768) has an alpha channel or a tRNS chunk, or another icon has transparent pixels.",
        defaultSeverity: .warning, category: .catalog, threshold: "fixed: no alpha channel or tRNS in the App Store slots")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        // An icon source in stickerforge.yml means `build` draws every slot from it (opaque).
        if pack.pack.config.icon != nil { return [] }
        return pack.icons.compactMap { icon in
            guard let facts = icon.facts else { return nil }
            let name = LoadedFile.name(of: icon.file)
            let transparent = icon.transparentPixels ?? 0
            let pixels = transparent > 0 ? " and \(NumberText.count(transparent, "transparent pixel"))" : ""
            let hint = "Flatten the icon onto an opaque background and export it as an RGB PNG without alpha "
                + "(`stickerforge fix` does it in the copy; `build --icon` generates opaque icons)."
            if icon.slot.isAppStoreIcon {
                let declared: String
                switch facts.transparency {
                case .alphaChannel: declared = "an alpha channel (\(facts.colorModel.rawValue))"
                case .tRNS: declared = "a tRNS chunk"
                case .gifTransparentIndex: declared = "a transparent colour index"
                case .none:
                    guard transparent > 0 else { return nil }
                    declared = "transparency"
                }
                return context.finding(Self.description, sticker: nil, file: icon.file,
                                       message: "\(name) in the App Store slot \(icon.slot.label) has \(declared)\(pixels); "
                                           + "App Store Connect refuses it (ITMS-90717)",
                                       hint: hint, atLeast: .error)
            }
            guard transparent > 0 else { return nil }
            return context.finding(Self.description, sticker: nil, file: icon.file,
                                   message: "\(name) has \(NumberText.count(transparent, "transparent pixel")) "
                                       + "(\(icon.slot.label)); they show as black on the device",
                                   hint: hint)
        }
    }

    public static var examples: CheckExamples {
        let set = PackSubject.exampleIconSet()
        func icons(_ change: (inout [IconFile]) -> Void) -> PackSubject {
            var list = PackSubject.exampleIcons(set)
            change(&list)
            return .example(iconSet: set, icons: list)
        }
        let store = IconSlot.all.firstIndex { $0.isAppStoreIcon } ?? 0
        let other = IconSlot.all.firstIndex { !$0.isAppStoreIcon } ?? 0
        return CheckExamples(
            triggering: [
                CheckExample("App Store icon with an alpha channel, every pixel opaque", pack: icons {
                    $0[store].facts = ExampleImage.facts(.png, transparent: true)
                    $0[store].transparentPixels = 0
                }, severity: .error),
                CheckExample("App Store icon with a tRNS key", pack: icons {
                    var facts = ExampleImage.facts(.png, transparent: false)
                    facts.transparency = .tRNS
                    $0[store].facts = facts
                    $0[store].transparentPixels = 4_096
                }, severity: .error),
                CheckExample("iPhone icon with transparent bars", pack: icons {
                    $0[other].facts = ExampleImage.facts(.png, transparent: true)
                    $0[other].transparentPixels = 1_200
                }),
            ],
            nonTriggering: [
                CheckExample("opaque RGB icons", pack: .example(iconSet: set, icons: PackSubject.exampleIcons(set))),
                CheckExample("iPhone icon with an alpha channel, every pixel opaque", pack: icons {
                    $0[other].facts = ExampleImage.facts(.png, transparent: true)
                    $0[other].transparentPixels = 0
                }),
                CheckExample("icon source configured: build draws every slot", pack: {
                    var subject = icons { $0[store].facts = ExampleImage.facts(.png, transparent: true) }
                    subject.pack.config.icon = "icon.png"
                    return subject
                }()),
            ])
    }
}
