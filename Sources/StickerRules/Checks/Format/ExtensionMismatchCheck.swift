import ImageCodec
import StickerCore

/// A file's name should say what its bytes are; an APNG may be named `.png` (Apple's advice) or `.apng`.
public struct ExtensionMismatchCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "extension_mismatch", name: "Extension does not match format",
        summary: "The file's extension names another format than its bytes, which confuses Xcode and other tools.",
        defaultSeverity: .warning, category: .format)

    /// Extensions that fit each sticker format (lower case).
    package static func fittingExtensions(_ format: ImageFormat) -> [String] {
        switch format {
        case .png: return ["png"]
        case .apng: return ["png", "apng"]
        case .gif: return ["gif"]
        case .jpeg: return ["jpg", "jpeg"]
        default: return format.usualExtensions
        }
    }

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        // Unsupported formats get `unsupported_format`; renaming them would not help.
        subject.files.filter { $0.format.isStickerFormat }.compactMap { file in
            let fitting = Self.fittingExtensions(file.format)
            guard !fitting.contains(file.pathExtension) else { return nil }
            let named = file.pathExtension.isEmpty ? "has no extension" : "is named .\(file.pathExtension)"
            return context.finding(
                Self.description, sticker: subject.name, file: file.path,
                message: "\(file.fileName) holds \(file.format.displayName) data but \(named)",
                hint: "Rename it with the .\(fitting[0]) extension.")
        }
    }

    public static var examples: CheckExamples {
        let gif = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20), format: .gif)
        let apng = ExampleImage.animation([ExampleImage.canvas(408, 408, inset: 20), ExampleImage.canvas(408, 408, inset: 30)])
        return CheckExamples(
            triggering: [
                CheckExample("GIF named .png", .example(image: gif, file: "Wave.png")),
                CheckExample("JPEG named .png", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg),
                                                         file: "Photo.png")),
            ],
            nonTriggering: [
                CheckExample("APNG named .png", .example(image: apng, file: "Dance.png")),
                CheckExample("APNG named .apng", .example(image: apng, file: "Dance.apng")),
                CheckExample("JPEG named .JPG", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg),
                                                         file: "Photo.JPG")),
            ])
    }
}
