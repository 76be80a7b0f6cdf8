import ImageCodec
import StickerCore

/// Viewers hold every decoded frame: width x height x 4 bytes x frames (docs/imessage-rules.md, Animation).
public struct AnimationMemoryCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "animation_memory", name: "Animation memory",
        summary: "All frames decoded to RGBA (width x height x 4 x frames) take more memory than the limit.",
        defaultSeverity: .warning, category: .animation, threshold: "67,108,864 bytes = 64 MiB (thresholds.maxAnimationBytes)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard subject.isAnimated, let image = subject.decoded else { return [] }
        let bytes = image.decodedByteCount, limit = context.thresholds.maxAnimationBytes
        guard bytes > limit else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.count(image.frameCount, "frame")) of \(NumberText.size(image.width, image.height)) decode to "
                + "\(NumberText.int(bytes)) bytes (\(mebibytes(bytes))), limit \(NumberText.int(limit)) bytes (\(mebibytes(limit)))",
            hint: "Use fewer frames or a smaller canvas.")]
            .compactMap { $0 }
    }

    private func mebibytes(_ bytes: Int) -> String { NumberText.decimal(Double(bytes) / 1_048_576, places: 1) + " MiB" }

    public static var examples: CheckExamples {
        let big = ExampleImage.canvas(618, 618, inset: 20)
        // Frames share one buffer (copy on write), so the example itself stays small in memory.
        return CheckExamples(
            triggering: [CheckExample("44 frames of 618x618", .example(image: ExampleImage.animation(Array(repeating: big, count: 44))))],
            nonTriggering: [CheckExample("43 frames of 618x618", .example(image: ExampleImage.animation(Array(repeating: big, count: 43))))])
    }
}
