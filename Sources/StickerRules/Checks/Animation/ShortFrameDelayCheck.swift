import ImageCodec
import StickerCore

/// Browsers and many viewers show a frame delay of 10 ms or less as 100 ms (docs/imessage-rules.md, Animation).
public struct ShortFrameDelayCheck: StickerCheck {
    /// A check.
    public init() {}

    /// Frames named in a message at most; the rest are counted.
    static let namedFrames = 10

    public static let description = RuleDescription(
        id: "short_frame_delay", name: "Short frame delay",
        summary: "Frames with a delay of 10 ms or less, which many viewers stretch to 100 ms.",
        defaultSeverity: .warning, category: .animation, threshold: "10 ms (thresholds.shortDelayMilliseconds)")

    /// A store's minimum (WhatsApp: 8 ms) is the shortest delay it takes; without one, the advice
    /// threshold is the longest delay viewers stretch.
    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.decoded,
              let limit = TimingLimit(context.platform.animation.minFrameDelayMilliseconds, advice: .shortDelay,
                                      threshold: context.thresholds.shortDelayMilliseconds, context: context) else { return [] }
        let short = image.delays.indices.filter { index in
            let delay = image.delays[index].milliseconds
            return limit.isStores ? Measure.exceeds(limit.value, delay) : Measure.atMost(delay, limit.value)
        }
        guard !short.isEmpty else { return [] }
        var named = short.prefix(Self.namedFrames).map { "\($0) (\(NumberText.decimal(image.delays[$0].milliseconds)) ms)" }
        if short.count > Self.namedFrames { named.append("\(NumberText.int(short.count - Self.namedFrames)) more") }
        let one = short.count == 1, ms = NumberText.decimal(limit.value)
        let what = limit.store.map { "\(one ? "is" : "are") shorter than \($0)'s minimum of \(ms) ms" }
            ?? "\(one ? "has a delay" : "have delays") of \(ms) ms or less, which many viewers show for 100 ms"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile, frame: one ? short[0] : nil,
            message: "\(one ? "frame" : "frames") \(NumberText.list(named)) \(what)",
            hint: "Give every frame \(limit.isStores ? "at least \(ms) ms" : "a delay of at least 20 ms"); "
                + "merge frames that should not show on their own.",
            atLeast: limit.floor)]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let frames = AnimationExamples.frames(3)
        return CheckExamples(
            triggering: [
                CheckExample("a 0 ms frame", .example(image: ExampleImage.animation(
                    frames, delays: [.milliseconds(100), .zero, .milliseconds(100)]))),
                CheckExample("10 ms GIF delays", .example(image: ExampleImage.animation(
                    frames, delay: .centiseconds(1), format: .gif), file: "Fast.gif")),
                CheckExample("WhatsApp: a 5 ms frame", PlatformExamples.animation(frames: 3, delay: .milliseconds(5)), platform: .whatsapp),
                CheckExample("Telegram (no minimum of its own): 10 ms frames, the viewers' advice",
                             PlatformExamples.animation(frames: 3, delay: .milliseconds(10), format: .webm), severity: .warning,
                             platform: .telegram),
            ],
            nonTriggering: [
                CheckExample("20 ms", .example(image: ExampleImage.animation(frames, delay: .centiseconds(2)))),
                CheckExample("still (zero delay)", .example(image: ExampleImage.still(AnimationExamples.a))),
                CheckExample("WhatsApp: 8 ms frames", PlatformExamples.animation(frames: 3, delay: .milliseconds(8)), platform: .whatsapp),
                CheckExample("WhatsApp: 10 ms frames (its 8 ms minimum replaces the 10 ms advice)",
                             PlatformExamples.animation(frames: 3, delay: .milliseconds(10)), platform: .whatsapp),
            ])
    }
}
