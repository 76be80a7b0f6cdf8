import ImageCodec
import StickerCore

/// Messages shows stickers in square cells; a non-square image is fitted, leaving uneven space.
public struct NotSquareCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "not_square", name: "Not square",
        summary: "Width and height differ; Messages fits the sticker into a square cell.",
        defaultSeverity: .info, category: .pixels)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, image.width != image.height else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(image.width, image.height)) is not square",
            hint: "Pad the canvas to a square so the artwork sits where you mean it to.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("408x300", .example(image: ExampleImage.still(ExampleImage.canvas(408, 300, inset: 10))))],
            nonTriggering: [CheckExample("408x408", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))))])
    }
}
