import ImageCodec
import StickerCore

/// A store takes only some formats (WhatsApp: WebP; Discord: PNG and APNG, no GIF); the bytes decide.
/// Off for iMessage, where `unsupported_format` says the same with Messages' own list.
public struct PlatformFormatCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "platform_format", name: "Format the store does not take",
        summary: "A sticker file's format is not one the chosen store takes for a still or an animated sticker.",
        defaultSeverity: .error, category: .format, threshold: "the store's formats (docs/platforms.md)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        let store = context.platform
        // A sequence ships as the APNG `build` assembles; a file is judged by its own bytes.
        let format: ImageFormat?
        let file: String?
        switch subject.source.content {
        case .sequence: format = subject.decoded.map { _ in .apng }; file = subject.primaryFile
        case .file: format = subject.files.first?.format; file = subject.files.first?.path
        }
        guard let format else { return [] }
        // A file that did not decode has no kind to judge it by (0 frames reads as a still): when
        // the store takes its format for either kind, `corrupt_image` (or the limit's rule) is its one finding.
        if subject.decoded == nil, !subject.failures.isEmpty,
           [false, true].contains(where: { store.kind(animated: $0)?.formats.contains(format) == true }) { return [] }
        guard let kind = subject.platformKind(context) else {
            return [context.finding(Self.description, sticker: subject.name, file: file,
                                    message: "\(store.name) takes no \(subject.isAnimated ? "animated" : "still") stickers",
                                    hint: "Leave this sticker out of the \(store.name) pack.")].compactMap { $0 }
        }
        guard !kind.formats.contains(format) else { return [] }
        let taken = PlatformRules.formatsText(kind.formats)
        return [context.finding(
            Self.description, sticker: subject.name, file: file,
            message: "\(LoadedFile.name(of: file ?? subject.name)) holds \(format.displayName) data; \(store.name) takes "
                + "\(taken) for \(subject.kindText)",
            hint: "Convert it to \(taken) (\(kind.pixels.text)).")].compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("Discord: an animated GIF", PlatformExamples.animation(320, format: .gif), platform: .discord),
                CheckExample("WhatsApp: a PNG", PlatformExamples.still(format: .png), platform: .whatsapp),
                CheckExample("LINE: an animated WebP", PlatformExamples.animation(320, height: 270), platform: .line),
            ],
            nonTriggering: [
                CheckExample("WhatsApp: a WebP", PlatformExamples.still(), platform: .whatsapp),
                CheckExample("Discord: an APNG", PlatformExamples.animation(320, format: .apng), platform: .discord),
                CheckExample("Telegram: a WebM", PlatformExamples.animation(format: .webm), platform: .telegram),
                CheckExample("Telegram: a TGS that does not decode (corrupt_image's business)", .example(
                    image: nil, file: "party.tgs", format: .tgs,
                    failures: [FileFailure(file: "party.tgs", error: .library(name: "rlottie", message: "rlottie could not parse the animation"))]),
                    platform: .telegram),
                CheckExample("iMessage: a WebP (unsupported_format's business)", PlatformExamples.still()),
            ])
    }
}
