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

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.decoded else { return [] }
        if !context.platform.isIMessage, let minimum = context.platform.animation.minFrameDelayMilliseconds {
            return storeFindings(subject, image: image, minimum: minimum, context: context)
        }
        let limit = context.thresholds.shortDelayMilliseconds
        let short = image.delays.indices.filter { Measure.atMost(image.delays[$0].milliseconds, limit) }
        guard !short.isEmpty else { return [] }
        var named = short.prefix(Self.namedFrames).map { "\($0) (\(NumberText.decimal(image.delays[$0].milliseconds)) ms)" }
        if short.count > Self.namedFrames { named.append("\(NumberText.int(short.count - Self.namedFrames)) more") }
        let noun = short.count == 1 ? "frame" : "frames"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            frame: short.count == 1 ? short[0] : nil,
            message: "\(noun) \(NumberText.list(named)) \(short.count == 1 ? "has a delay" : "have delays") of "
                + "\(NumberText.decimal(limit)) ms or less, which many viewers show for 100 ms",
            hint: "Give every frame a delay of at least 20 ms; merge frames that should not show on their own.")]
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
            ],
            nonTriggering: [
                CheckExample("20 ms", .example(image: ExampleImage.animation(frames, delay: .centiseconds(2)))),
                CheckExample("still (zero delay)", .example(image: ExampleImage.still(AnimationExamples.a))),
                CheckExample("WhatsApp: 8 ms frames", PlatformExamples.animation(frames: 3, delay: .milliseconds(8)), platform: .whatsapp),
            ])
    }
}
