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

    /// A .tgs whose document is `width` x `height` at `frameRate`, rendered (as the checker renders
    /// it for Telegram) at 512 px.
    static func tgs(_ width: Int = 512, _ height: Int = 512, frameRate: Double = 60) -> StickerSubject {
        let delay = FrameDelay(numerator: 100, denominator: Int((frameRate * 100).rounded()))
        var image = ExampleImage.animation((0..<6).map { ExampleImage.canvas(512, 512, inset: $0 % 2 == 0 ? 16 : 24) },
                                           delay: delay, loopCount: 0, format: .tgs)
        image.facts.lottieCanvas = LottieCanvas(width: width, height: height, frameRate: frameRate)
        return .example(image: image, byteCount: 30_000)
    }
}

extension StickerSubject {
    /// The limits of the platform judged that apply to this sticker: its still or animated rules.
    func platformKind(_ context: CheckContext) -> StickerKindRules? { context.platform.kind(animated: isAnimated) }

    /// The pixel limits the table sets for this sticker's kind and format, and the size they judge:
    /// a vector document's own canvas where the table sets sizes for its format (a .tgs for
    /// Telegram), else the decoded size.
    func judgedPixels(_ context: CheckContext) -> (limits: PixelLimits, width: Int, height: Int)? {
        guard let image = decoded, let kind = platformKind(context) else { return nil }
        let format = image.facts.format
        if kind.pixelsByFormat[format] != nil, let canvas = image.facts.lottieCanvas {
            return (kind.pixels(for: format), canvas.width, canvas.height)
        }
        return (kind.pixels, image.width, image.height)
    }

    /// "a still sticker" or "an animated sticker", for messages.
    var kindText: String { isAnimated ? "an animated sticker" : "a still sticker" }
}
