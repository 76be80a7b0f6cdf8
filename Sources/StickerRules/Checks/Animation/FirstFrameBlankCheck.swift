import ImageCodec
import StickerCore

/// A store that shows an animation's first frame where it does not play it (WhatsApp: the tray and
/// picker show it, and the app ends on it; LINE: its shop shows it as the still;
/// `AnimationLimits.firstFrameShown`) shows next to
/// nothing when that frame is faint or nearly empty. `fully_transparent` reports a first frame with
/// no pixel at all; this rule the one with some, but hardly any visible.
public struct FirstFrameBlankCheck: StickerCheck {
    /// A check.
    public init() {}

    /// The first frame is nearly empty when its visible content's box (alpha >= 128) covers less than
    /// this share of the largest box of any frame.
    public static let smallestShare = 0.1

    public static let description = RuleDescription(
        id: "first_frame_blank", name: "First frame nearly empty",
        summary: "The animation's first frame, which the store shows where it does not play the sticker, has hardly anything visible.",
        defaultSeverity: .warning, category: .animation,
        threshold: "WhatsApp, LINE: nothing at alpha 128 or more, or a box under 10% of the largest frame's")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let shown = context.platform.animation.firstFrameShown, subject.isAnimated,
              let first = subject.alphaScans.first, first.contentBounds != nil else { return [] }
        func area(_ scan: FrameAlphaScan) -> Int { scan.visibleBounds.map { $0.width * $0.height } ?? 0 }
        let largest = subject.alphaScans.map(area).max() ?? 0
        guard largest > 0 else { return [] }
        let share = Double(area(first)) / Double(largest)
        guard share < Self.smallestShare else { return [] }
        let what = first.visibleBounds == nil
            ? "has no pixel at alpha 128 or more (only faint ones)"
            : "shows content in a box \(NumberText.int(Int((share * 100).rounded())))% the size of the largest frame's"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile, frame: 0,
            message: "the first frame \(what); \(context.platform.name) shows the first frame \(shown)",
            hint: "Start the animation on a frame that shows the whole sticker (move the fade-in later, or start on the full picture).")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let art = ExampleImage.canvas(512, 512, inset: 16)
        var faint = art
        for index in stride(from: 3, to: faint.pixels.count, by: 4) where faint.pixels[index] > 0 { faint.pixels[index] = 40 }
        let speck = ExampleImage.canvas(512, 512, inset: 240)
        let empty = PixelBuffer(width: 512, height: 512)
        func animation(_ frames: [PixelBuffer]) -> StickerSubject {
            .example(image: ExampleImage.animation(frames, format: .webp), byteCount: 200_000)
        }
        return CheckExamples(
            triggering: [
                CheckExample("WhatsApp: a faint first frame", animation([faint, art, art]), severity: .warning, platform: .whatsapp),
                CheckExample("WhatsApp: a speck, then the sticker", animation([speck, art]), severity: .warning,
                             platform: .whatsapp),
                CheckExample("LINE: a speck, then the sticker (its shop shows the first frame)",
                             .example(image: ExampleImage.animation([ExampleImage.canvas(320, 270, inset: 130),
                                                                     ExampleImage.canvas(320, 270, inset: 8)], format: .apng),
                                      byteCount: 100_000),
                             severity: .warning, platform: .line),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: starts on the sticker", animation([art, speck]), platform: .whatsapp),
                CheckExample("WhatsApp: an empty first frame (fully_transparent's)", animation([empty, art]), platform: .whatsapp),
                CheckExample("Telegram: a faint first frame", animation([faint, art]), platform: .telegram),
            ])
    }
}
