import ImageCodec

/// Apple: longer loops cost memory and send time; use short loops (sticker-rules.md, Animation).
public struct LoopTooLongCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "loop_too_long", name: "Loop too long",
        summary: "One loop of the animation lasts longer than the limit.",
        defaultSeverity: .warning, category: .animation, threshold: "5,000 ms (thresholds.maxLoopMilliseconds)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.image else { return [] }
        let ms = image.loopDurationMilliseconds, limit = context.thresholds.maxLoopMilliseconds
        guard Measure.exceeds(ms, limit) else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "one loop lasts \(NumberText.decimal(ms)) ms, limit \(NumberText.decimal(limit)) ms",
            hint: "Shorten the loop: fewer frames or shorter delays.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("6 s", AnimationExamples.apng(6, delay: .milliseconds(1000)))],
            nonTriggering: [CheckExample("exactly 5 s", AnimationExamples.apng(5, delay: .milliseconds(1000)))])
    }
}
