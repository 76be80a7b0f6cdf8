import ImageCodec
import StickerCore

/// LINE's guideline asks for still stickers of even width and height (`PixelLimits.evenSides`).
/// Off where the store's table does not ask for even sides.
public struct OddDimensionsCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "odd_dimensions", name: "Odd width or height",
        summary: "A side of the sticker is an odd number of pixels where the chosen store asks for even sides.",
        defaultSeverity: .error, category: .pixels, threshold: "LINE still stickers: even width and height")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let kind = subject.platformKind(context), kind.pixels.evenSides, let image = subject.decoded,
              image.width % 2 != 0 || image.height % 2 != 0 else { return [] }
        let width = image.width + image.width % 2, height = image.height + image.height % 2
        let fits = width <= kind.pixels.maximum.width && height <= kind.pixels.maximum.height
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(image.width, image.height)); \(context.platform.name) asks for even width and height",
            hint: fits ? "Add a transparent pixel column or row to make it \(NumberText.size(width, height))."
                : "Scale it to an even size within \(kind.pixels.text).")].compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("LINE: a 369x320 PNG", PlatformExamples.still(369, height: 320, format: .png), platform: .line),
                CheckExample("LINE: a 370x319 PNG", PlatformExamples.still(370, height: 319, format: .png), platform: .line),
            ],
            nonTriggering: [
                CheckExample("LINE: a 370x320 PNG", PlatformExamples.still(370, height: 320, format: .png), platform: .line),
                CheckExample("Telegram: a 512x301 WebP", PlatformExamples.still(512, height: 301), platform: .telegram),
                CheckExample("iMessage: 301x301", PlatformExamples.still(301, format: .png)),
            ])
    }
}
