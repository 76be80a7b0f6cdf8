import ImageCodec
import StickerCore

/// An animation container with one frame costs animation overhead for a still picture.
///
/// A one-frame GIF counts only when it was saved as an animation (it has a loop block): a plain
/// one-frame GIF is simply a still.
public struct SingleFrameAnimationCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "single_frame_animation", name: "Single-frame animation",
        summary: "An APNG, animated GIF or frame sequence with exactly one frame.",
        defaultSeverity: .info, category: .animation)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, image.frameCount == 1 else { return [] }
        let what: String
        if subject.isSequence { what = "the sequence has" }
        else if image.facts.format == .apng { what = "the APNG has" }
        else if image.facts.format == .gif && image.facts.declaredLoopCount != nil { what = "the animated GIF has" }
        else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(what) exactly 1 frame",
            hint: "Save it as a still PNG, or add the missing frames.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let art = AnimationExamples.a
        return CheckExamples(
            triggering: [
                CheckExample("one-frame APNG", .example(image: ExampleImage.animation([art]))),
                CheckExample("one-frame sequence", .exampleSequence(frames: [ExampleImage.still(art)])),
            ],
            nonTriggering: [
                CheckExample("still PNG", .example(image: ExampleImage.still(art))),
                CheckExample("still GIF", .example(image: ExampleImage.still(art, format: .gif))),
                CheckExample("two-frame APNG", AnimationExamples.apng(2)),
            ])
    }
}
