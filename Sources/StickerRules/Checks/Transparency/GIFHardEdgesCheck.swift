import ImageCodec
import StickerCore

/// GIF transparency is 1-bit: edges are jagged and keep the matte they were cut from (Apple
/// recommends PNG/APNG for that reason).
public struct GIFHardEdgesCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "gif_hard_edges", name: "GIF transparency has hard edges",
        summary: "A GIF with transparency: 1-bit edges look jagged on bubbles and photos.",
        defaultSeverity: .warning, category: .transparency)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, image.facts.format == .gif,
              subject.hasTransparency else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "GIF transparency is 1-bit: edges are jagged and may keep a fringe of the old background",
            hint: "Convert it to APNG (or PNG for a still) with a full alpha channel for smooth edges.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let art = ExampleImage.canvas(408, 408, inset: 20)
        return CheckExamples(
            triggering: [CheckExample("transparent GIF", .example(image: ExampleImage.still(art, format: .gif)))],
            nonTriggering: [
                CheckExample("opaque GIF", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .gif))),
                CheckExample("transparent PNG", .example(image: ExampleImage.still(art))),
            ])
    }
}
