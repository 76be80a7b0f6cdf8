import ImageCodec
import StickerCore

/// A sticker file must be no larger than the store's limit (Messages: 500,000 bytes); the whole file
/// counts (docs/imessage-rules.md, File size; docs/platforms.md).
///
/// Sequences are skipped: what ships is the file `build` assembles from the frames, so the assembler
/// judges that output; the frame files' sizes say little about it. Files `build` converts
/// (`PlatformRules.converts`: for Messages the foreign formats, WebP...; for a store every format it
/// does not take) are skipped for the same reason: what ships is the converted file (and `--fit` fits
/// that), while `unsupported_format` or `platform_format` already stops the pack as it is.
public struct FileTooLargeCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "file_too_large", name: "File too large",
        summary: "The sticker file is larger than Messages accepts (Xcode and Messages refuse it).",
        defaultSeverity: .error, category: .size, threshold: "500,000 bytes (maxBytes)")

    /// The limit is the table's for the sticker's kind and format, or the configured one where the
    /// table says so (iMessage: `--max-bytes`); a file `build` converts ships as the converted file.
    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        let platform = context.platform
        guard case .file = subject.source.content, let file = subject.files.first,
              !platform.converts(file.format, animated: subject.isAnimated),
              let limit = platform.byteLimit(animated: subject.isAnimated, format: file.format,
                                             configured: context.configuration.maxBytes),
              file.byteCount > limit else { return [] }
        let limitText = platform.wording.namesStore
            ? "\(platform.name)'s limit for \(subject.kindText) (\(file.format.displayName)) is \(NumberText.int(limit)) bytes"
            : "limit \(NumberText.int(limit)) bytes"
        return [context.finding(
            Self.description, sticker: subject.name, file: file.path,
            message: "\(NumberText.int(file.byteCount)) bytes, \(limitText) (\(NumberText.int(file.byteCount - limit)) over)",
            hint: platform.wording.fileTooLargeHint)]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let image = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        return CheckExamples(
            triggering: [
                CheckExample("612,345 bytes", .example(image: image, byteCount: 612_345)),
                CheckExample("WhatsApp: a 100 KB + 1 still WebP", PlatformExamples.still(byteCount: 102_401), platform: .whatsapp),
                CheckExample("Telegram: a 65 KB .tgs", PlatformExamples.animation(format: .tgs, byteCount: 66_000), platform: .telegram),
                CheckExample("LINE: a 300,001-byte APNG", PlatformExamples.animation(320, height: 270, format: .apng, byteCount: 300_001),
                             platform: .line),
                CheckExample("Discord: a 512,001-byte PNG", PlatformExamples.still(320, format: .png, byteCount: 512_001),
                             platform: .discord),
            ],
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
                CheckExample("WhatsApp: a 600 KB still PNG is judged after conversion to WebP",
                             PlatformExamples.still(format: .png, byteCount: 600_000), platform: .whatsapp),
                CheckExample("Telegram: a 500 KB still WebP (512 KB for stills)", PlatformExamples.still(byteCount: 500_000),
                             platform: .telegram),
            ])
    }
}
