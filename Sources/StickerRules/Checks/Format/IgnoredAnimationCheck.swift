import ImageCodec
import StickerCore

/// An APNG whose acTL cannot start an animation (0 frames, or a field over PNG's 2^31-1 limit) is
/// shown by browsers as its default image alone; the decoder reads it the same way and says why in
/// `SourceFacts.ignoredAnimation` (docs/verification.md, "Unusable acTL").
public struct IgnoredAnimationCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "ignored_animation", name: "Animation ignored",
        summary: "The file declares an animation that viewers ignore, so it shows as a still.",
        defaultSeverity: .warning, category: .format)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let reason = subject.decoded?.facts.ignoredAnimation else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "the APNG animation is ignored: \(reason); browsers show only the default image, as a still",
            hint: "Re-export the animation: acTL must declare the frame count (1 to 2,147,483,647) and a play count within the same limit.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        var ignored = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        ignored.facts.ignoredAnimation = "acTL declares 0 frames"
        return CheckExamples(
            triggering: [CheckExample("acTL with 0 frames", .example(image: ignored))],
            nonTriggering: [CheckExample("plain PNG", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))))])
    }
}
