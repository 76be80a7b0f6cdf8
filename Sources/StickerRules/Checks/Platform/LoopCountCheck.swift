import ImageCodec
import StickerCore

/// LINE takes animations played 1 to 4 times, never forever. Off where the store sets no play count.
public struct LoopCountCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "loop_count", name: "Play count outside the store's range",
        summary: "An animation plays forever, or more or fewer times than the chosen store takes.",
        defaultSeverity: .error, category: .animation, threshold: "LINE: 1 to 4 plays")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let range = context.platform.animation.plays, subject.isAnimated, let image = subject.decoded,
              !range.contains(image.loopCount) else { return [] }
        let plays = image.loopCount == 0 ? "plays forever" : "plays \(NumberText.count(image.loopCount, "time"))"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "the animation \(plays); \(context.platform.name) takes \(range.lowerBound) to \(range.upperBound) plays",
            hint: "Set the loop count (APNG num_plays, or `loops:` for a sequence) to \(range.lowerBound)-\(range.upperBound), "
                + "keeping all plays together within the duration limit.")].compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("LINE: loops forever", PlatformExamples.animation(320, height: 270, frames: 6, loopCount: 0, format: .apng),
                             platform: .line),
                CheckExample("LINE: 5 plays", PlatformExamples.animation(320, height: 270, frames: 6, loopCount: 5, format: .apng),
                             platform: .line),
            ],
            nonTriggering: [
                CheckExample("LINE: 3 plays", PlatformExamples.animation(320, height: 270, frames: 6, loopCount: 3, format: .apng),
                             platform: .line),
                CheckExample("Signal: loops forever", PlatformExamples.animation(format: .apng), platform: .signal),
            ])
    }
}
