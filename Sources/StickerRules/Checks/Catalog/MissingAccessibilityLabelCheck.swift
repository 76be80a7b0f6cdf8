import ImageCodec
import StickerCore

/// Without a label VoiceOver reads the sticker's name, which is often a file name (docs/imessage-rules.md).
public struct MissingAccessibilityLabelCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "missing_accessibility_label", name: "Missing accessibility label",
        summary: "The sticker has no accessibility label, so VoiceOver reads its name.",
        defaultSeverity: .info, category: .catalog)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        let label = subject.source.accessibilityLabel ?? ""
        guard label.allSatisfy(\.isWhitespace) else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: labelFile(subject),
            message: "no accessibility label; VoiceOver reads the name \"\(subject.name)\"",
            hint: subject.source.folder == nil
                ? "Add a label for this sticker in stickerforge.yml describing what it shows."
                : "Add \"accessibility-label\" to the sticker's Contents.json describing what it shows.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let image = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        return CheckExamples(
            triggering: [
                CheckExample("no label", .example(image: image, label: nil)),
                CheckExample("blank label", .example(image: image, label: "  ")),
            ],
            nonTriggering: [CheckExample("labelled", .example(image: image, label: "Waving hand"))])
    }
}
