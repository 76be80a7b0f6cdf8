import ImageCodec
import StickerCore

extension StickerSummary {
    /// Whether the sticker animates, as the stores sort stickers: several frames, an APNG, or a sequence.
    var animatesForStore: Bool { facts.map { $0.frames > 1 || $0.format == .apng } ?? false }
}

extension PackSubject {
    /// A pack subject for the store rules' examples: `count` 512 px WebP stills named s1, s2, ...
    /// (animated ones when `animated`), with `emojis` for each and the `tray` given.
    static func storeExample(count: Int, animated: Bool = false, emojis: [String]? = ["😀"], refusedEmojis: [String] = [],
                             tray: TrayFile? = nil) -> PackSubject {
        let subjects = (0..<count).map { i in
            animated ? PlatformExamples.animation(name: "s\(i + 1)") : PlatformExamples.still(name: "s\(i + 1)")
        }
        var subject = PackSubject.example(subjects: subjects)
        if let emojis { for s in subjects { subject.pack.config.emojis[s.name] = emojis } }
        if !refusedEmojis.isEmpty { for s in subjects { subject.pack.config.refusedEmojis[s.name] = refusedEmojis } }
        subject.tray = tray
        return subject
    }

}

extension TrayFile {
    /// A tray file of `format`, `width` x `height` px and `byteCount` bytes.
    static func exampleTray(_ width: Int = 96, _ height: Int = 96, format: ImageFormat = .png, byteCount: Int = 4_000) -> TrayFile {
        TrayFile(file: "tray.png", loaded: LoadedFile(path: "tray.png", byteCount: byteCount, format: format,
                                                      pixelSize: PixelSize(width: width, height: height)))
    }
}
