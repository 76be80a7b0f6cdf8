import ImageCodec
import StickerCore

/// The SDK header: a sticker image must be no larger than 618 x 618 px.
public struct DimensionsTooLargeCheck: StickerCheck {
    /// A check.
    public init() {}

    /// The largest side Messages accepts.
    public static let maximumSide = PlatformRules.iMessageMaximumSide

    public static let description = RuleDescription(
        id: "dimensions_too_large", name: "Dimensions too large",
        summary: "A side is above 618 px, the largest sticker Messages accepts.",
        defaultSeverity: .error, category: .pixels, threshold: "618 px a side")

    /// A side above the table's maximum for the sticker's kind.
    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let (limits, width, height) = subject.judgedPixels(context),
              width > limits.maximum.width || height > limits.maximum.height else { return [] }
        let platform = context.platform
        let limitText = platform.wording.namesStore ? "\(platform.name) takes for \(subject.kindText): \(limits.text)"
            : "the maximum of \(limits.maximum)"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(width, height)), larger than \(limitText)",
            hint: platform.wording.dimensionsTooLargeHint ?? "Scale it to fit \(limits.maximum), keeping the aspect ratio.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("700x600", .example(image: ExampleImage.still(ExampleImage.canvas(700, 600, inset: 20)))),
                CheckExample("WhatsApp: 600x600 WebP", PlatformExamples.still(600), platform: .whatsapp),
                CheckExample("LINE: a 330x270 APNG", PlatformExamples.animation(330, height: 270, format: .apng), platform: .line),
                CheckExample("Discord: a 618x618 PNG (320x320 exactly)", PlatformExamples.still(618, format: .png), platform: .discord),
                CheckExample("Telegram: a 600x600 .tgs, rendered at 512", PlatformExamples.tgs(600, 600), platform: .telegram),
            ],
            nonTriggering: [
                CheckExample("618x618", .example(image: ExampleImage.still(ExampleImage.canvas(618, 618, inset: 20)))),
                CheckExample("Telegram: 512x300 PNG", PlatformExamples.still(512, height: 300, format: .png), platform: .telegram),
                CheckExample("LINE: a 370x320 PNG", PlatformExamples.still(370, height: 320, format: .png), platform: .line),
            ])
    }
}
