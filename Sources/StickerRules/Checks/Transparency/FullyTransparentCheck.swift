import ImageCodec
import StickerCore

/// A still (or an animation's first frame, which shows where animation is off) with no visible pixel.
public struct FullyTransparentCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "fully_transparent", name: "Fully transparent",
        summary: "The still image, or the first frame of an animation, has no visible pixel.",
        defaultSeverity: .error, category: .transparency)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let first = subject.alphaScans.first, first.contentBounds == nil else { return [] }
        let animated = subject.isAnimated
        let message = animated
            ? "the first frame has no visible pixel (every alpha is 0); it is what shows where animation is off"
            : "no visible pixel: every pixel has alpha 0"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile, frame: animated ? 0 : nil,
            message: message,
            hint: animated ? "Start the animation on a frame that shows the artwork." : "Re-export the artwork; the image is empty.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let empty = PixelBuffer(width: 408, height: 408)
        let art = ExampleImage.canvas(408, 408, inset: 20)
        return CheckExamples(
            triggering: [
                CheckExample("empty still", .example(image: ExampleImage.still(empty))),
                CheckExample("animation starting blank", .example(image: ExampleImage.animation([empty, art]))),
            ],
            nonTriggering: [
                CheckExample("artwork", .example(image: ExampleImage.still(art))),
                CheckExample("animation ending blank", .example(image: ExampleImage.animation([art, empty]))),
            ])
    }
}
