import ImageCodec
import StickerCore

/// A sticker file must be smaller than 500 KB; the whole file counts (docs/imessage-rules.md, File size).
///
/// Sequences are skipped: what Messages receives is the APNG `build` assembles from the frames,
/// so the assembler judges that output; the frame files' sizes say little about it. Foreign
/// formats (WebP...) are skipped for the same reason: `build` ships the PNG/APNG it converts them to
/// (and `--fit` fits that), while `unsupported_format` already stops the pack as it is.
public struct FileTooLargeCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "file_too_large", name: "File too large",
        summary: "The sticker file is larger than Messages accepts (Xcode and Messages refuse it).",
        defaultSeverity: .error, category: .size, threshold: "500,000 bytes (maxBytes)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        if !context.platform.isIMessage { return storeFindings(subject, context: context) }
        guard case .file = subject.source.content, let file = subject.files.first,
              !file.format.isConvertibleForeign else { return [] }
        let limit = context.configuration.maxBytes
        guard file.byteCount > limit else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: file.path,
            message: "\(NumberText.int(file.byteCount)) bytes, limit \(NumberText.int(limit)) bytes "
                + "(\(NumberText.int(file.byteCount - limit)) over)",
            hint: "Reduce the pixel size, the number of frames or the colours (a palette PNG is much smaller) until the file is under the limit.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let image = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        return CheckExamples(
            triggering: [CheckExample("612,345 bytes", .example(image: image, byteCount: 612_345))]
                + storeTriggering.map { CheckExample($0.0, $0.1, platform: $0.2) },
            nonTriggering: [
                CheckExample("exactly 500,000 bytes", .example(image: image, byteCount: 500_000)),
                CheckExample("a WebP is judged after conversion",
                             .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20), format: .webp),
                                      byteCount: 612_345)),
                CheckExample("sequence frames are judged after assembly",
                             .exampleSequence(frames: Array(repeating: ExampleImage.still(
                                ExampleImage.canvas(408, 408, inset: 20), fileSize: 400_000), count: 3))),
                CheckExample("WhatsApp: a 100 KB still WebP", PlatformExamples.still(byteCount: 102_400), platform: .whatsapp),
                CheckExample("WhatsApp: a 500 KB animated WebP", PlatformExamples.animation(byteCount: 512_000),
                             platform: .whatsapp),
            ])
    }
}
