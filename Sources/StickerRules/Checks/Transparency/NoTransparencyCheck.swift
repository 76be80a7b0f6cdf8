import ImageCodec
import StickerCore

/// Stickers are dropped onto bubbles and photos; without transparency they show as a box.
public struct NoTransparencyCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "no_transparency", name: "No transparency",
        summary: "No pixel of any frame is transparent, so the sticker shows as an opaque rectangle.",
        defaultSeverity: .warning, category: .transparency)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, !subject.hasTransparency else { return [] }
        let message = image.facts.format == .jpeg
            ? "JPEG has no transparency: every pixel is opaque"
            : "no transparent pixel in any frame: every pixel is opaque"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile, message: message,
            hint: "Export a PNG with a transparent background so the sticker sits on bubbles and photos without a box.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("JPEG", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg))),
                CheckExample("opaque PNG", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408)))),
            ],
            nonTriggering: [
                CheckExample("transparent background", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
            ])
    }
}
