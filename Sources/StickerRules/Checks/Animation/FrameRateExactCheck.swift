import ImageCodec
import StickerCore

/// Some formats must declare one frame rate in the store's table (Telegram: a .tgs is 60 fps,
/// docs/platforms.md); a Lottie's rate is its document's `fr`, whatever the frames are rendered at.
public struct FrameRateExactCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "frame_rate_exact", name: "Frame rate not the store's",
        summary: "The file declares another frame rate than the one the chosen store requires for its format.",
        defaultSeverity: .error, category: .animation, threshold: "Telegram .tgs: 60 fps")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded,
              let required = context.platform.animation.frameRateByFormat[image.facts.format],
              let rate = image.facts.lottieCanvas?.frameRate ?? image.averageFPS,
              abs(rate - required) > 0.01 else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.decimal(rate)) fps; \(context.platform.name) takes a \(image.facts.format.displayName) "
                + "at \(NumberText.decimal(required)) fps exactly",
            hint: "Export the animation at \(NumberText.decimal(required)) fps (`build --platform \(context.platform.id)` "
                + "rewrites a Lottie's timing to it).")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("Telegram: a 30 fps .tgs", PlatformExamples.tgs(frameRate: 30), platform: .telegram),
                CheckExample("Telegram: a 59.94 fps .tgs", PlatformExamples.tgs(frameRate: 59.94), platform: .telegram),
            ],
            nonTriggering: [
                CheckExample("Telegram: a 60 fps .tgs", PlatformExamples.tgs(), platform: .telegram),
                CheckExample("Telegram: a 30 fps WebM (video takes up to 30)",
                             PlatformExamples.animation(frames: 12, delay: .fps(30), format: .webm), platform: .telegram),
                CheckExample("iMessage: a 30 fps APNG", .example(image: ExampleImage.animation(
                    [ExampleImage.canvas(408, 408, inset: 10), ExampleImage.canvas(408, 408, inset: 20)], delay: .fps(30), format: .apng))),
            ])
    }
}
