import ImageCodec
import StickerCore

/// LINE takes animations of 5 to 20 frames, counting identical neighbouring frames as one (APNG
/// tools merge them). Off where the store sets no frame count.
public struct FrameCountCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "frame_count", name: "Frame count outside the store's range",
        summary: "An animation has fewer or more distinct frames than the chosen store takes.",
        defaultSeverity: .error, category: .animation, threshold: "LINE: 5 to 20 frames")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let range = context.platform.animation.frameCount, subject.isAnimated, let image = subject.decoded else { return [] }
        let distinct = Self.distinctFrames(subject.alphaScans.map(\.digest))
        guard !range.contains(distinct) else { return [] }
        let merged = distinct == image.frameCount ? "" : " (\(NumberText.int(image.frameCount)) before merging identical neighbours)"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.count(distinct, "frame"))\(merged); \(context.platform.name) takes "
                + "\(range.lowerBound) to \(range.upperBound)",
            hint: distinct < range.lowerBound ? "Add in-between frames, or hold poses with distinct frames."
                : "Drop frames (keep every second one and double the delays).")].compactMap { $0 }
    }

    /// Frames once identical neighbours are merged into one, as APNG assemblers do (and as the
    /// store counts them: `Retimer` splits frames until this count reaches the store's fewest).
    /// Frames are given as pixels, or as their digests (equal digests: equal frames, up to a
    /// chance hash collision), so that `check` counts frames it no longer holds.
    package static func distinctFrames<Frame: Equatable>(_ images: [Frame]) -> Int {
        guard var previous = images.first else { return 0 }
        var count = 1
        for image in images.dropFirst() where image != previous {
            count += 1
            previous = image
        }
        return count
    }

    public static var examples: CheckExamples {
        let still = ExampleImage.canvas(320, 270, inset: 16)
        let held = StickerSubject.example(image: ExampleImage.animation([still, still, still, still, still, still], loopCount: 1))
        return CheckExamples(
            triggering: [
                CheckExample("LINE: 4 frames", PlatformExamples.animation(320, height: 270, frames: 4, loopCount: 1, format: .apng),
                             platform: .line),
                CheckExample("LINE: 21 frames", PlatformExamples.animation(320, height: 270, frames: 21, loopCount: 1, format: .apng),
                             platform: .line),
                CheckExample("LINE: 6 identical frames count as 1", held, platform: .line),
            ],
            nonTriggering: [
                CheckExample("LINE: 5 frames", PlatformExamples.animation(320, height: 270, frames: 5, loopCount: 1, format: .apng),
                             platform: .line),
                CheckExample("WhatsApp: 40 frames", PlatformExamples.animation(frames: 40, delay: .milliseconds(50)), platform: .whatsapp),
            ])
    }
}
