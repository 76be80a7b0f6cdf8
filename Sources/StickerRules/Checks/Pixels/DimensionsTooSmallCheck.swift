import ImageCodec
import StickerCore

/// The SDK header: a sticker image must be no smaller than 300 x 300 px.
public struct DimensionsTooSmallCheck: StickerCheck {
    /// A check.
    public init() {}

    /// The smallest side Messages accepts.
    public static let minimumSide = PlatformRules.iMessageMinimumSide

    public static let description = RuleDescription(
        id: "dimensions_too_small", name: "Dimensions too small",
        summary: "A side is below 300 px, the smallest sticker Messages accepts.",
        defaultSeverity: .error, category: .pixels, threshold: "300 px a side")

    /// A side below the table's minimum for the sticker's kind, or no side as long as the table
    /// needs one side to be.
    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let (limits, width, height) = subject.judgedPixels(context) else { return [] }
        let belowMinimum = limits.minimum.map { width < $0.width || height < $0.height } ?? false
        let noLongSide = limits.oneSideAtLeast.map { max(width, height) < $0 } ?? false
        guard belowMinimum || noLongSide else { return [] }
        let platform = context.platform
        let limitText = platform.wording.namesStore ? "\(platform.name) takes for \(subject.kindText): \(limits.text)"
            : limits.minimum.map { "the minimum of \($0)" } ?? limits.text
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(width, height)), smaller than \(limitText)",
            hint: platform.wording.dimensionsTooSmallHint ?? "Export the artwork larger (or scale it up) to \(limits.text).")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("250x400", .example(image: ExampleImage.still(ExampleImage.canvas(250, 400, inset: 10)))),
                CheckExample("WhatsApp: 408x408 WebP", PlatformExamples.still(408), platform: .whatsapp),
                CheckExample("Telegram: 500x300, no side of 512", PlatformExamples.still(500, height: 300, format: .png),
                             platform: .telegram),
                CheckExample("Discord: a 300x300 PNG (320x320 exactly)", PlatformExamples.still(300, format: .png), platform: .discord),
                CheckExample("Telegram: a 500x500 .tgs, rendered at 512 (exactly 512x512)", PlatformExamples.tgs(500, 500),
                             platform: .telegram),
                CheckExample("LINE: a 260x200 APNG, no side of 270", PlatformExamples.animation(260, height: 200, format: .apng),
                             platform: .line),
            ],
            nonTriggering: [
                CheckExample("a 300x300 animated GIF", .example(image: ExampleImage.animation(
                    [ExampleImage.canvas(300, 300, inset: 10), ExampleImage.canvas(300, 300, inset: 20)], format: .gif), file: "Anim.gif")),
                CheckExample("300x300", .example(image: ExampleImage.still(ExampleImage.canvas(300, 300, inset: 10)))),
                CheckExample("Telegram: 300x512", PlatformExamples.still(300, height: 512, format: .png), platform: .telegram),
                CheckExample("Telegram: a 512x512 .tgs", PlatformExamples.tgs(), platform: .telegram),
                CheckExample("LINE: a 300x200 APNG (width over 270)", PlatformExamples.animation(300, height: 200, format: .apng),
                             platform: .line),
                CheckExample("LINE: a 100x100 still PNG", PlatformExamples.still(100, format: .png), platform: .line),
            ])
    }
}
