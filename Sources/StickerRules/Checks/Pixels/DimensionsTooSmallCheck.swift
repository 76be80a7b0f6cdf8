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

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        if !context.platform.isIMessage { return storeFindings(subject, context: context) }
        guard let image = subject.decoded else { return [] }
        let m = Self.minimumSide
        guard image.width < m || image.height < m else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(image.width, image.height)), smaller than the minimum of \(NumberText.size(m, m))",
            hint: "Export at @3x: 300x300 px for the small grid, 408x408 for regular, 618x618 for large.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("250x400", .example(image: ExampleImage.still(ExampleImage.canvas(250, 400, inset: 10)))),
                CheckExample("WhatsApp: 408x408 WebP", PlatformExamples.still(408), platform: .whatsapp),
                CheckExample("Telegram: 500x300, no side of 512", PlatformExamples.still(500, height: 300, format: .png),
                             platform: .telegram),
                CheckExample("LINE: a 260x200 APNG, no side of 270", PlatformExamples.animation(260, height: 200, format: .apng),
                             platform: .line),
            ],
            nonTriggering: [
                CheckExample("300x300", .example(image: ExampleImage.still(ExampleImage.canvas(300, 300, inset: 10)))),
                CheckExample("Telegram: 300x512", PlatformExamples.still(300, height: 512, format: .png), platform: .telegram),
                CheckExample("LINE: a 300x200 APNG (width over 270)", PlatformExamples.animation(300, height: 200, format: .apng),
                             platform: .line),
                CheckExample("LINE: a 100x100 still PNG", PlatformExamples.still(100, format: .png), platform: .line),
            ])
    }
}
