import ImageCodec
import StickerCore

/// An icon whose pixel size differs from its slot is rejected by the asset compiler or scaled badly.
///
/// An icon that cannot be decoded has no measurable size; it is reported here with the decoder's
/// reason, since its slot is effectively not filled with a usable image.
public struct IconWrongSizeCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "icon_wrong_size", name: "Icon has the wrong size",
        summary: "An icon file's pixel size differs from what its slot requires (or it cannot be decoded).",
        defaultSeverity: .warning, category: .catalog)

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        pack.icons.compactMap { icon in
            let slot = icon.slot
            let needed = PixelSize(width: slot.pixelWidth, height: slot.pixelHeight)
            let hint = "Export the icon at exactly \(needed.width)x\(needed.height) px as PNG."
            let name = LoadedFile.name(of: icon.file)
            if let size = icon.pixelSize {
                guard size != needed else { return nil }
                return context.finding(Self.description, sticker: nil, file: icon.file,
                                       message: "\(name) is \(size); the \(slot.label) slot needs \(needed)", hint: hint)
            }
            let reason = icon.failure.map { "\($0)" } ?? "no pixel size known"
            return context.finding(Self.description, sticker: nil, file: icon.file,
                                   message: "\(name) cannot be measured for the \(slot.label) slot: \(reason)", hint: hint)
        }
    }

    public static var examples: CheckExamples {
        let set = PackSubject.exampleIconSet()
        var wrong = PackSubject.exampleIcons(set)
        wrong[2].pixelSize = PixelSize(width: 100, height: 100)
        return CheckExamples(
            triggering: [CheckExample("100x100 in the 120x90 slot", pack: .example(iconSet: set, icons: wrong))],
            nonTriggering: [CheckExample("right sizes", pack: .example(iconSet: set, icons: PackSubject.exampleIcons(set)))])
    }
}
