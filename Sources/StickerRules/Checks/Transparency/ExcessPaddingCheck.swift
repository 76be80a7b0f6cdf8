import ImageCodec
import StickerCore

/// A wide transparent margin makes the artwork display smaller than its cell allows.
public struct ExcessPaddingCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "excess_padding", name: "Excess padding",
        summary: "Transparent margins leave much of the canvas empty, so the sticker displays smaller than it could.",
        defaultSeverity: .info, category: .transparency, threshold: "25% of a side (thresholds.maxPaddingShare)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, image.width > 0, image.height > 0 else { return [] }
        // The union of every frame's visible content: an animation may move across the canvas.
        var box: PixelRegion?
        for scan in subject.alphaScans {
            guard let b = scan.contentBounds else { continue }
            box = box.map { union($0, b) } ?? b
        }
        guard let box else { return [] }   // nothing visible: `fully_transparent`'s business
        let emptyX = Double(image.width - box.width) / Double(image.width)
        let emptyY = Double(image.height - box.height) / Double(image.height)
        // The artwork could grow until it meets the canvas on its tighter axis.
        let share = min(emptyX, emptyY)
        let limit = context.thresholds.maxPaddingShare
        guard share > limit else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "visible content spans \(NumberText.size(box.width, box.height)) of the "
                + "\(NumberText.size(image.width, image.height)) canvas, leaving \(NumberText.percent(emptyX)) of the width "
                + "and \(NumberText.percent(emptyY)) of the height empty; limit \(NumberText.percent(limit))",
            hint: "Trim the transparent margin to a few pixels and scale the artwork up to fill the canvas.")]
            .compactMap { $0 }
    }

    private func union(_ a: PixelRegion, _ b: PixelRegion) -> PixelRegion {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRegion(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("artwork in the middle third",
                                      .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 136))))],
            nonTriggering: [
                CheckExample("20 px margin", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
                CheckExample("frames together fill the canvas", .example(image: ExampleImage.animation([
                    ExampleImage.canvas(408, 408, inset: 150).withClearPixel(opaqueAt: (5, 5)),
                    ExampleImage.canvas(408, 408, inset: 150).withClearPixel(opaqueAt: (400, 400)),
                ]))),
            ])
    }
}
