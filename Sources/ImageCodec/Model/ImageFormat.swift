/// The real format of a file, from its bytes (never from its extension).
public enum ImageFormat: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case png, apng, gif, jpeg
    case webp, heic, avif, bmp, tiff, svg, unknown

    /// Whether Messages accepts this format for a sticker.
    public var isStickerFormat: Bool { [.png, .apng, .gif, .jpeg].contains(self) }
    /// Whether this project can decode it.
    public var isDecodable: Bool { isStickerFormat }
    /// The extensions a file of this format usually carries (lower case, no dot).
    public var usualExtensions: [String] {
        switch self {
        case .png, .apng: return ["png", "apng"]
        case .gif: return ["gif"]
        case .jpeg: return ["jpg", "jpeg"]
        case .webp: return ["webp"]
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
