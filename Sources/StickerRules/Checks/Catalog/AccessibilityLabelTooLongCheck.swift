import ImageCodec
import StickerCore

/// VoiceOver descriptions of stickers are limited to 150 Unicode characters (docs/imessage-rules.md).
public struct AccessibilityLabelTooLongCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "accessibility_label_too_long", name: "Accessibility label too long",
        summary: "The sticker's accessibility label is longer than Messages allows.",
        defaultSeverity: .warning, category: .catalog, threshold: "150 characters (thresholds.maxLabelCharacters)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let label = subject.source.accessibilityLabel else { return [] }
        // Characters (grapheme clusters) are what a person counts; an emoji is one.
        let count = label.count, limit = context.thresholds.maxLabelCharacters
        guard count > limit else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: labelFile(subject),
            message: "accessibility label has \(NumberText.int(count)) characters, limit \(NumberText.int(limit)) "
                + "(\(NumberText.int(count - limit)) over)",
            hint: "Shorten the label to what a listener needs: what the sticker shows and says.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let image = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        return CheckExamples(
            triggering: [CheckExample("151 characters", .example(image: image, label: String(repeating: "a", count: 151)))],
            nonTriggering: [
                CheckExample("150 emoji are 150 characters", .example(image: image, label: String(repeating: "👋🏽", count: 150))),
                CheckExample("no label", .example(image: image, label: nil)),
            ])
    }
}

/// Where a sticker's label lives: its folder's Contents.json, or the image for a plain file.
func labelFile(_ subject: StickerSubject) -> String? {
    if let folder = subject.source.folder { return folder + "/Contents.json" }
    return subject.primaryFile
}
