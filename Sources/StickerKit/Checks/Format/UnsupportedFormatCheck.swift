import ImageCodec

/// Messages accepts PNG, APNG, GIF and JPEG only; the bytes decide, not the extension.
public struct UnsupportedFormatCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "unsupported_format", name: "Unsupported format",
        summary: "A file's bytes are not PNG, APNG, GIF or JPEG, the only formats Messages accepts.",
        defaultSeverity: .error, category: .format)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        subject.files.filter { !$0.format.isStickerFormat }.compactMap { file in
            let what = file.format == .unknown
                ? "not an image format StickerForge recognises"
                : "\(file.format.displayName) data"
            return context.finding(
                Self.description, sticker: subject.name, file: file.path,
                message: "\(file.fileName) is \(what), not PNG, APNG, GIF or JPEG",
                hint: "Convert it to PNG (APNG for animation); Messages accepts only PNG, APNG, GIF and JPEG.")
        }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("WebP bytes named .png",
                             .example(image: nil, file: "Wave.png", format: .webp)),
                CheckExample("unrecognised bytes", .example(image: nil, file: "Notes.png", format: .unknown)),
            ],
            nonTriggering: [
                CheckExample("PNG", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
                CheckExample("JPEG", .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg))),
            ])
    }
}
