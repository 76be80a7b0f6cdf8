import ImageCodec
import StickerCore

/// Where animation is off or unsupported the default image shows; an APNG whose default image is
/// not part of the animation shows something else (docs/imessage-rules.md, Animation).
public struct HiddenFirstFrameCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "hidden_first_frame", name: "Hidden default image",
        summary: "The APNG's default image is not the first animation frame, so still viewers show another picture.",
        defaultSeverity: .warning, category: .animation)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, image.facts.format == .apng, image.facts.defaultImage == .hidden else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "the APNG default image is hidden (not part of the animation); where animation is off, "
                + "viewers show it instead of frame 0",
            hint: "Re-export so the default image is the animation's first frame.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        var hidden = ExampleImage.animation(AnimationExamples.frames(3))
        hidden.facts.defaultImage = .hidden
        return CheckExamples(
            triggering: [CheckExample("hidden IDAT", .example(image: hidden))],
            nonTriggering: [CheckExample("IDAT is frame 0", AnimationExamples.apng(3))])
    }
}
