import ImageCodec
import StickerCore

extension FileTooLargeCheck {
    /// The store's byte limit for the sticker's kind and format. Files of a format the store does not
    /// take are left to `platform_format` (what ships is the converted file); sequences are judged
    /// after assembly, as for iMessage.
    func storeFindings(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard case .file = subject.source.content, let file = subject.files.first,
              let kind = subject.platformKind(context), kind.formats.contains(file.format) else { return [] }
        let limit = kind.maxBytes(for: file.format)
        guard file.byteCount > limit else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: file.path,
            message: "\(NumberText.int(file.byteCount)) bytes, \(context.platform.name)'s limit for \(subject.kindText) "
                + "(\(file.format.displayName)) is \(NumberText.int(limit)) bytes (\(NumberText.int(file.byteCount - limit)) over)",
            hint: "Lower the quality, the colours or the number of frames until the file is under the limit.")]
            .compactMap { $0 }
    }

    /// Examples over a store's limit.
    static var storeTriggering: [(String, StickerSubject, PlatformRules)] {
        [("WhatsApp: a 100 KB + 1 still WebP", PlatformExamples.still(byteCount: 102_401), .whatsapp),
         ("Telegram: a 65 KB .tgs", PlatformExamples.animation(format: .tgs, byteCount: 66_000), .telegram),
         ("LINE: a 300,001-byte APNG", PlatformExamples.animation(320, height: 270, format: .apng, byteCount: 300_001), .line)]
    }
}
