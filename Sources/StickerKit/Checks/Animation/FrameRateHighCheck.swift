import ImageCodec

/// Apple: higher frame rates cost memory and send time; use lower rates (sticker-rules.md, Animation).
public struct FrameRateHighCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "frame_rate_high", name: "Frame rate high",
        summary: "The average frame rate over one loop is above the limit; it costs memory and file size.",
        defaultSeverity: .warning, category: .animation, threshold: "30 fps (thresholds.maxFPS)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.image, let fps = image.averageFPS else { return [] }
        let limit = context.thresholds.maxFPS
        guard Measure.exceeds(fps, limit) else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.decimal(fps)) fps on average (\(NumberText.count(image.frames.count, "frame")) in "
                + "\(NumberText.decimal(image.loopDurationMilliseconds)) ms), limit \(NumberText.decimal(limit)) fps",
            hint: "Drop frames (keep every second one and double the delays) or lower the rate to 15-24 fps.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("60 fps", AnimationExamples.apng(12, delay: .fps(60)))],
            nonTriggering: [
                CheckExample("30 fps", AnimationExamples.apng(12, delay: .fps(30))),
                CheckExample("still", .example(image: ExampleImage.still(AnimationExamples.a))),
            ])
    }
}
