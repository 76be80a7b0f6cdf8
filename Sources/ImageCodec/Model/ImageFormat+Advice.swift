/// What a format's bytes are and what to do with them, for messages about files that cannot ship
/// or cannot be read (`CodecError.unsupportedFormat`, the `unsupported_format` finding).
extension ImageFormat {
    /// What the bytes are, in words a user recognises ("MP4 video (ISO BMFF)", "QuickTime movie").
    public var kindDescription: String {
        switch self {
        case .png: return "PNG image"
        case .apng: return "APNG animation"
        case .gif: return "GIF image"
        case .jpeg: return "JPEG image"
        case .webp: return "WebP image"
        case .webm: return "WebM video (Matroska)"
        case .lottie: return "Lottie animation (JSON)"
        case .tgs: return "Telegram animated sticker (TGS, gzipped Lottie)"
        case .mp4: return "MP4 video (ISO BMFF)"
        case .mov: return "QuickTime movie"
        case .heic: return "HEIC image (HEIF)"
        case .avif: return "AVIF image (AV1 in HEIF)"
        case .bmp: return "BMP bitmap"
        case .tiff: return "TIFF image"
        case .svg: return "SVG vector drawing"
        case .unknown: return "not an image format StickerForge recognises"
        }
    }

    /// What to do with a file of this format that StickerForge cannot read.
    public var unreadableAdvice: String {
        switch self {
        case .mp4, .mov, .webm:
            return "export the animation as WebM with alpha, APNG or a PNG sequence (PNG for a still)"
        case .svg, .lottie, .tgs:
            return "render it to PNG at the sticker size (APNG or a PNG sequence for an animation)"
        default:
            return "export it as PNG (APNG or a PNG sequence for an animation)"
        }
    }
}
