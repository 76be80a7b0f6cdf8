import ImageCodec
import StickerCore

/// Icons are shown as sRGB: a wide-gamut profile is dropped or shifts colours (App Store Connect has
/// refused such icons as "could not be processed"), and 16-bit samples only cost bytes.
public struct IconColorProfileCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "icon_color_profile", name: "Icon is not 8-bit sRGB",
        summary: "An icon embeds an ICC profile that is not sRGB, or stores 16-bit samples.",
        defaultSeverity: .warning, category: .color, threshold: "fixed: 8-bit sRGB")

    /// Why the icon's facts are not 8-bit sRGB; empty when they are.
    static func reasons(_ facts: SourceFacts) -> [String] {
        var reasons = ColorProfileCheck.profileReason(facts.color).map { [$0] } ?? []
        if facts.bitDepth == 16 { reasons.append("16 bits per sample") }
        return reasons
    }

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        // An icon source in stickerforge.yml means `build` draws every slot from it (in sRGB).
        if pack.pack.config.icon != nil { return [] }
        return pack.icons.compactMap { icon in
            guard let facts = icon.facts else { return nil }
            let reasons = Self.reasons(facts)
            guard !reasons.isEmpty else { return nil }
            return context.finding(Self.description, sticker: nil, file: icon.file,
                                   message: "\(LoadedFile.name(of: icon.file)) (\(icon.slot.label)): \(NumberText.list(reasons))",
                                   hint: "Export the icon as 8-bit sRGB (`stickerforge fix` converts it in the copy).")
        }
    }

    public static var examples: CheckExamples {
        let set = PackSubject.exampleIconSet()
        func icons(_ change: (inout SourceFacts) -> Void) -> PackSubject {
            var list = PackSubject.exampleIcons(set)
            var facts = ExampleImage.facts(.png, transparent: false)
            change(&facts)
            list[0].facts = facts
            return .example(iconSet: set, icons: list)
        }
        return CheckExamples(
            triggering: [
                CheckExample("Display P3 profile", pack: icons {
                    $0.color.hasICCProfile = true
                    $0.color.iccProfileName = "Display P3"
                    $0.color.iccProfileIsSRGB = false
                }),
                CheckExample("16-bit RGB", pack: icons { $0.bitDepth = 16 }),
            ],
            nonTriggering: [
                CheckExample("untagged 8-bit", pack: icons { _ in }),
                CheckExample("sRGB profile", pack: icons {
                    $0.color.hasICCProfile = true
                    $0.color.iccProfileName = "sRGB IEC61966-2.1"
                    $0.color.iccProfileIsSRGB = true
                }),
            ])
    }
}
