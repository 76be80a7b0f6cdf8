import ImageCodec
import StickerCore

/// Apple: longer loops cost memory and send time; use short loops (docs/imessage-rules.md, Animation).
public struct LoopTooLongCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "loop_too_long", name: "Loop too long",
        summary: "One loop of the animation lasts longer than the limit.",
        defaultSeverity: .warning, category: .animation, threshold: "5,000 ms (thresholds.maxLoopMilliseconds)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.decoded else { return [] }
        if !context.platform.isIMessage { return storeFindings(subject, image: image, context: context) }
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
            triggering: [
                CheckExample("6 s", AnimationExamples.apng(6, delay: .milliseconds(1000))),
                CheckExample("Signal: 3.1 s", PlatformExamples.animation(frames: 31, format: .apng), platform: .signal),
                CheckExample("LINE: 1.2 s played 4 times", PlatformExamples.animation(320, height: 270, frames: 12, loopCount: 4,
                                                                                      format: .apng), platform: .line),
            ],
            nonTriggering: [
                CheckExample("exactly 5 s", AnimationExamples.apng(5, delay: .milliseconds(1000))),
                CheckExample("WhatsApp: 10 s", PlatformExamples.animation(frames: 10, delay: .milliseconds(1000)), platform: .whatsapp),
                CheckExample("LINE: 1 s played 4 times", PlatformExamples.animation(320, height: 270, frames: 10, loopCount: 4,
                                                                                    format: .apng), platform: .line),
            ])
    }
}
