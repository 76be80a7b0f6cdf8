/// The real format of a file, from its bytes (never from its extension).
public enum ImageFormat: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case png, apng, gif, jpeg
    /// Formats stickers come from on other platforms (WebP, WebM video, Lottie JSON and Telegram's
    /// gzipped Lottie `.tgs`): never shipped in a pack, converted on the way in where decodable.
    case webp, webm, lottie, tgs
    /// Formats that are named precisely in messages but not read.
    case mp4, mov, heic, avif, bmp, tiff, svg, unknown

    /// Whether Messages accepts this format for a sticker.
    public var isStickerFormat: Bool { [.png, .apng, .gif, .jpeg].contains(self) }
    /// Whether this project can decode it. Decodable formats that are not sticker formats are
    /// foreign: `convert` and `build` turn them into PNG/APNG (one entry per decoder here).
    public var isDecodable: Bool { isStickerFormat || [.webp, .webm, .lottie, .tgs].contains(self) }
    /// Whether this is a format stickers come from elsewhere that this project reads and converts
    /// (decodable but not shippable): WebP, and WebM and Lottie once their decoders exist.
    public var isConvertibleForeign: Bool { isDecodable && !isStickerFormat }
    /// The extensions a file of this format usually carries (lower case, no dot).
    public var usualExtensions: [String] {
        switch self {
        case .png, .apng: return ["png", "apng"]
        case .gif: return ["gif"]
        case .jpeg: return ["jpg", "jpeg"]
        case .webp: return ["webp"]
        case .webm: return ["webm"]
        case .lottie: return ["json", "lottie"]
        case .tgs: return ["tgs"]
        case .mp4: return ["mp4", "m4v"]
        case .mov: return ["mov", "qt"]
        case .heic: return ["heic", "heif"]
        case .avif: return ["avif"]
        case .bmp: return ["bmp"]
        case .tiff: return ["tif", "tiff"]
        case .svg: return ["svg"]
        case .unknown: return []
        }
    }
    /// Human name used in messages ("APNG", "JPEG").
    public var displayName: String {
        switch self {
        case .png: return "PNG"
        case .apng: return "APNG"
        case .gif: return "GIF"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        case .webm: return "WebM"
        case .lottie: return "Lottie"
        case .tgs: return "TGS"
        case .mp4: return "MP4"
        case .mov: return "QuickTime"
        case .heic: return "HEIC"
        case .avif: return "AVIF"
        case .bmp: return "BMP"
        case .tiff: return "TIFF"
        case .svg: return "SVG"
        case .unknown: return "unknown"
        }
    }
    public var description: String { rawValue }
}
