import ImageCodec
import StickerCore

/// Apple: higher frame rates cost memory and send time; use lower rates (docs/imessage-rules.md, Animation).
public struct FrameRateHighCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "frame_rate_high", name: "Frame rate high",
        summary: "The average frame rate over one loop is above the limit; it costs memory and file size.",
        defaultSeverity: .warning, category: .animation, threshold: "30 fps (thresholds.maxFPS)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.decoded, let fps = image.averageFPS,
              let limit = TimingLimit(context.platform.animation.maxFPS(for: image.facts.format), advice: .frameRate,
                                      threshold: context.thresholds.maxFPS, context: context),
              Self.exceeds(image, limit.value) else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.decimal(fps)) fps on average (\(NumberText.count(image.frameCount, "frame")) in "
                + "\(NumberText.decimal(image.loopDurationMilliseconds)) ms), \(limit.text("fps"))",
            hint: "Drop frames (keep every second one and double the delays) "
                + (limit.isStores ? "until the rate is at most \(NumberText.decimal(limit.value)) fps." : "or lower the rate to 15-24 fps."),
            atLeast: limit.floor)]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [CheckExample("60 fps", AnimationExamples.apng(12, delay: .fps(60))),
                         CheckExample("Telegram: a 60 fps WebM", PlatformExamples.animation(frames: 12, delay: .fps(60), format: .webm),
                                      platform: .telegram)],
            nonTriggering: [
                CheckExample("30 fps", AnimationExamples.apng(12, delay: .fps(30))),
                CheckExample("still", .example(image: ExampleImage.still(AnimationExamples.a))),
                CheckExample("Telegram: a 60 fps .tgs", PlatformExamples.animation(frames: 12, delay: .fps(60), format: .tgs),
                             platform: .telegram),
                CheckExample("WhatsApp: 60 fps (no cap)", PlatformExamples.animation(frames: 12, delay: .fps(60)), platform: .whatsapp),
                CheckExample("Signal: a 60 fps APNG (no cap, no advice)", PlatformExamples.animation(frames: 12, delay: .fps(60), format: .apng),
                             platform: .signal),
                CheckExample("Telegram: a 30 fps WebM whose millisecond timestamps leave the loop 1 ms short (3 frames in 99 ms)",
                             PlatformExamples.animation(frames: 3, delay: .milliseconds(33), format: .webm), platform: .telegram),
            ])
    }
}

extension FrameRateHighCheck {
    /// Whether the rate is over `limit`. WebM and WebP store times in whole milliseconds, so a loop of
    /// an exact 30 fps can read up to a millisecond short (61 frames in 2,033 ms, not 2,033.3): their
    /// rate is measured over the loop plus that millisecond.
    static func exceeds(_ image: DecodedSummary, _ limit: Double) -> Bool {
        let slack: Double = [.webm, .webp].contains(image.facts.format) ? 1 : 0
        let ms = image.loopDurationMilliseconds + slack
        return ms > 0 && Measure.exceeds(Double(image.frameCount) * 1000 / ms, limit)
    }
}
