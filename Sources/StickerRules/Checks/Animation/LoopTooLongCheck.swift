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

    /// A store that caps every play together (LINE) judges the loop times its plays; a loop played
    /// forever has no total then, which `loop_count` reports.
    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        let animation = context.platform.animation
        guard subject.isAnimated, let image = subject.decoded,
              let limit = TimingLimit(animation.maxDurationMilliseconds, advice: .loopLength,
                                      threshold: context.thresholds.maxLoopMilliseconds, context: context) else { return [] }
        let loop = image.loopDurationMilliseconds
        let plays = limit.isStores && animation.durationCountsEveryPlay ? image.loopCount : 1
        guard plays > 0 else { return [] }
        let ms = loop * Double(plays)
        guard Measure.exceeds(ms, limit.value) else { return [] }
        let what = plays > 1 ? "\(NumberText.count(plays, "play")) of \(NumberText.decimal(loop)) ms last \(NumberText.decimal(ms)) ms"
            : "one loop lasts \(NumberText.decimal(ms)) ms"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(what), \(limit.text("ms"))",
            hint: plays > 1 ? "Play the loop fewer times, or shorten it." : "Shorten the loop: fewer frames or shorter delays.",
            atLeast: limit.floor)]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("6 s", AnimationExamples.apng(6, delay: .milliseconds(1000))),
                CheckExample("Signal: 3.1 s", PlatformExamples.animation(frames: 31, format: .apng), platform: .signal),
                CheckExample("Discord: 6 s (its cap is 5 s)", PlatformExamples.animation(320, frames: 6, delay: .milliseconds(1000),
                                                                                          format: .apng), platform: .discord),
                CheckExample("LINE: 1.2 s played 4 times", PlatformExamples.animation(320, height: 270, frames: 12, loopCount: 4,
                                                                                      format: .apng), platform: .line),
            ],
            nonTriggering: [
                CheckExample("exactly 5 s", AnimationExamples.apng(5, delay: .milliseconds(1000))),
                CheckExample("WhatsApp: 10 s", PlatformExamples.animation(frames: 10, delay: .milliseconds(1000)), platform: .whatsapp),
                CheckExample("WhatsApp: 6 s (its 10 s cap replaces the 5 s advice)",
                             PlatformExamples.animation(frames: 6, delay: .milliseconds(1000)), platform: .whatsapp),
                CheckExample("Discord: exactly 5 s (its cap)", PlatformExamples.animation(320, frames: 5, delay: .milliseconds(1000),
                                                                                           format: .apng), platform: .discord),
                CheckExample("LINE: 3 s played forever (loop_count's to report)",
                             PlatformExamples.animation(320, height: 270, frames: 30, format: .apng), platform: .line),
                CheckExample("LINE: 1 s played 4 times", PlatformExamples.animation(320, height: 270, frames: 10, loopCount: 4,
                                                                                    format: .apng), platform: .line),
            ])
    }
}
