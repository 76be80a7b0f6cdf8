import ImageCodec
import StickerCore

/// Messages accepts PNG, APNG, GIF and JPEG only; the bytes decide, not the extension.
///
/// Formats stickers come from elsewhere that StickerForge reads (WebP, and WebM and Lottie/TGS once
/// decodable) still cannot ship, so they stay errors here, with a hint that `convert` or `build`
/// turns them into PNG/APNG; the other checks judge their decoded pixels. Formats it cannot read
/// are named precisely (an MP4 video, a HEIC image) with what to export instead.
public struct UnsupportedFormatCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "unsupported_format", name: "Unsupported format",
        summary: "A file's bytes are not PNG, APNG, GIF or JPEG, the only formats Messages accepts.",
        defaultSeverity: .error, category: .format)

    static let accepted = "Messages accepts only PNG, APNG, GIF and JPEG."

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        subject.files.filter { !$0.format.isStickerFormat }.compactMap { file in
            let format = file.format
            let message: String, hint: String
            if format == .unknown && file.byteCount == 0 {
                message = "\(file.fileName) is empty (0 bytes)"
                hint = "Export the image again: the file holds no data. " + Self.accepted
            } else if format == .unknown {
                message = "\(file.fileName) is \(format.kindDescription), not PNG, APNG, GIF or JPEG"
                hint = "Convert it to PNG (APNG for animation); " + Self.accepted
            } else if format.isConvertibleForeign {
                message = "\(file.fileName) holds \(format.kindDescription) data, which cannot ship in an iMessage pack"
                hint = "`stickerforge build` converts it to \(Self.outputName(subject)) on the way, or run "
                    + "`stickerforge convert \(file.fileName)` to get the PNG/APNG yourself; " + Self.accepted
            } else {
                message = "\(file.fileName) holds \(format.kindDescription) data, not PNG, APNG, GIF or JPEG"
                hint = "StickerForge cannot read it: \(format.unreadableAdvice). " + Self.accepted
            }
            return context.finding(Self.description, sticker: subject.name, file: file.path, message: message, hint: hint)
        }
    }

    /// What `build` will ship for a decoded foreign file: APNG when it animates, else PNG.
    private static func outputName(_ subject: StickerSubject) -> String {
        guard let image = subject.decoded else { return "PNG or APNG" }
        return image.isAnimated ? "APNG" : "PNG"
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WebP bytes named .png",
                             .example(image: nil, file: "Wave.png", format: .webp)),
                CheckExample("a decoded WebP sticker (build converts it)",
                             .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20), format: .webp))),
                CheckExample("an MP4 video", .example(image: nil, file: "Clip.mp4", format: .mp4)),
                CheckExample("a HEIC photo", .example(image: nil, file: "Photo.heic", format: .heic)),
                CheckExample("unrecognised bytes", .example(image: nil, file: "Notes.png", format: .unknown)),
                CheckExample("an empty file", .example(image: nil, file: "Empty.png", format: .unknown, byteCount: 0)),
            ],
            nonTriggering: [
                CheckExample("PNG", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
                CheckExample("JPEG", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg))),
            ])
    }
}
