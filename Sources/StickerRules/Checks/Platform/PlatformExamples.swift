import ImageCodec
import StickerCore

/// Shared example stickers for the store rules: 512 px WebP stills and animations, as WhatsApp,
/// Telegram and Signal take them.
enum PlatformExamples {
    /// A still of `format`, `side` px square, `byteCount` bytes.
    static func still(_ side: Int = 512, height: Int? = nil, format: ImageFormat = .webp, byteCount: Int = 40_000,
                      name: String = "Example") -> StickerSubject {
        .example(image: ExampleImage.still(ExampleImage.canvas(side, height ?? side, inset: 16), format: format),
                 name: name, byteCount: byteCount)
    }

    /// An animation of `format`: `frames` frames of `delay`, playing `loopCount` times (0 = forever).
    static func animation(_ side: Int = 512, height: Int? = nil, frames: Int = 6, delay: FrameDelay = .milliseconds(100),
                          loopCount: Int = 0, format: ImageFormat = .webp, byteCount: Int = 200_000,
                          name: String = "Example") -> StickerSubject {
        let buffers = (0..<frames).map { ExampleImage.canvas(side, height ?? side, inset: $0 % 2 == 0 ? 16 : 24) }
        return .example(image: ExampleImage.animation(buffers, delay: delay, loopCount: loopCount, format: format),
                        name: name, byteCount: byteCount)
    }
}

extension StickerSubject {
    /// The limits of the platform judged that apply to this sticker: its still or animated rules.
    func platformKind(_ context: CheckContext) -> StickerKindRules? { context.platform.kind(animated: isAnimated) }

    /// "a still sticker" or "an animated sticker", for messages.
    var kindText: String { isAnimated ? "an animated sticker" : "a still sticker" }
}
