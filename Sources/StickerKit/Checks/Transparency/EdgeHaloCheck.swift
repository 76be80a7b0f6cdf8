import ImageCodec

/// Stickers are placed on white and dark bubbles and on photos: an edge that keeps the matte it
/// was exported against shows as a fringe (sticker-rules.md: try black, white and photos).
public struct EdgeHaloCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "edge_halo", name: "Halo along the edge",
        summary: "Pixels along the transparent edge are much darker or lighter than the artwork next to them: a matte fringe.",
        defaultSeverity: .warning, category: .transparency,
        threshold: "10% of edge pixels (thresholds.haloEdgeShare), luma difference 64")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard !context.isOff(Self.description), let image = subject.image,
              image.frames.contains(where: { $0.image.hasTransparency }) else { return [] }
        let measure = HaloMeasure.of(image)
        let limit = context.thresholds.haloEdgeShare
        guard measure.judged > 0, measure.share > limit else { return [] }
        var parts: [String] = []
        if measure.darker > 0 {
            parts.append("\(share(measure.darker, of: measure.judged)) darker (a dark fringe, visible on light backgrounds)")
        }
        if measure.lighter > 0 {
            parts.append("\(share(measure.lighter, of: measure.judged)) lighter (a light fringe, visible on dark backgrounds)")
        }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.percent(measure.share)) of \(NumberText.count(measure.judged, "edge pixel")) differ from "
                + "the artwork next to them: \(NumberText.list(parts)); limit \(NumberText.percent(limit))",
            hint: "Re-export with straight (un-premultiplied) alpha and no matte colour, or defringe the edge; "
                + "preview the sticker on white, black and a photo.")]
            .compactMap { $0 }
    }

    private func share(_ count: Int, of total: Int) -> String { NumberText.percent(Double(count) / Double(total)) }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("black fringe around blue artwork", .example(image: ExampleImage.still(
                    ExampleImage.canvas(408, 408, inset: 20, fringe: RGBA(0, 0, 0, 128))))),
                CheckExample("white fringe around dark artwork", .example(image: ExampleImage.still(
                    ExampleImage.canvas(408, 408, inset: 20, content: RGBA(20, 20, 60), fringe: RGBA(255, 255, 255, 128))))),
            ],
            nonTriggering: [
                CheckExample("fringe in the artwork's colour", .example(image: ExampleImage.still(
                    ExampleImage.canvas(408, 408, inset: 20, fringe: RGBA(30, 140, 220, 128))))),
                CheckExample("hard edge", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
            ])
    }
}
