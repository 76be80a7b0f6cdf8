import ImageCodec
import StickerCore

/// An animation that stops after some plays freezes on its last frame in the conversation.
public struct FiniteLoopCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "finite_loop", name: "Finite loop",
        summary: "The animation stops after a number of plays instead of looping forever.",
        defaultSeverity: .info, category: .animation)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.decoded, image.loopCount != 0 else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "stops after \(NumberText.count(image.loopCount, "play")) and then shows its last frame",
            hint: subject.isSequence ? "Set repetitions to 0 to loop forever, unless the sticker is meant to stop."
                                     : "Set the loop count to 0 (forever), unless the sticker is meant to stop.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let frames = AnimationExamples.frames(4).map { ExampleImage.still($0) }
        return CheckExamples(
            triggering: [
                CheckExample("plays 3 times", AnimationExamples.apng(4, loopCount: 3)),
                CheckExample("sequence with 1 repetition", .exampleSequence(frames: frames, repetitions: 1)),
            ],
            nonTriggering: [
                CheckExample("loops forever", AnimationExamples.apng(4)),
                CheckExample("sequence repeating forever", .exampleSequence(frames: frames, repetitions: 0)),
            ])
    }
}
