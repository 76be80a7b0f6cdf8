import ImageCodec
import StickerCore

/// The format `convert --to` writes.
public enum ConvertFormat: String, Sendable, Codable, CaseIterable {
    /// An APNG, even for a still (one frame).
    case apng
    /// A PNG still; an animation is refused rather than cut to its first frame.
    case png
    /// WebP: lossless unless fitting asks for loss; animated when the source is.
    case webp
    /// WebM: VP9 with alpha (WebMEncoder), constant quality unless fitting aims it at a byte limit.
    case webm

    /// The file extension written.
    public var fileExtension: String { rawValue == "apng" ? "png" : rawValue }
    /// The format the file is.
    public var imageFormat: ImageFormat {
        switch self {
        case .apng: return .apng
        case .png: return .png
        case .webp: return .webp
        case .webm: return .webm
        }
    }
}
