import StickerCore
import StickerEncoding
import StickerRules

/// What the HTML report shows for one sticker: a displayable image (the sticker file itself, or the
/// APNG a sequence is assembled into) and, where edge problems were found, a marking overlay.
/// The image is embedded (`data`), or linked (`link`) where the page sits beside the file it shows.
public struct StickerMedia: Equatable, Sendable {
    /// PNG, APNG, GIF or JPEG bytes a browser can show and animate; empty when the page links the file.
    public var data: [UInt8]
    /// `image/png`, `image/apng`, `image/gif` or `image/jpeg`; for a linked file also `image/webp`
    /// or `video/webm` (shown by a `<video>`).
    public var mimeType: String
    /// The file's URL relative to the page, percent-encoded, when the page links it instead of
    /// embedding `data` (a store build's report, written beside the files it shows).
    public var link: String?
    /// Pixel width of the image.
    public var width: Int
    /// Pixel height of the image.
    public var height: Int
    /// A PNG of the same size, transparent except the edge pixels a finding points at.
    public var overlayPNG: [UInt8]?
    /// The rules the overlay marks (`edge_halo`, `gif_hard_edges`).
    public var overlayRules: [String]

    /// Media for one sticker.
    public init(data: [UInt8], mimeType: String, width: Int, height: Int,
                overlayPNG: [UInt8]? = nil, overlayRules: [String] = []) {
        self.data = data; self.mimeType = mimeType; self.width = width; self.height = height
        self.overlayPNG = overlayPNG; self.overlayRules = overlayRules
    }

    /// Media that links the file at `link` (relative to the page, percent-encoded) instead of embedding it.
    public static func linked(_ link: String, mimeType: String, width: Int, height: Int) -> StickerMedia {
        var media = StickerMedia(data: [], mimeType: mimeType, width: width, height: height)
        media.link = link
        return media
    }

    /// Whether the page shows it by a `<video>` (a linked WebM) rather than as an image.
    public var isVideo: Bool { mimeType.hasPrefix("video/") }
}

/// The backgrounds Apple asks designers to try, as the report and the preview sheet show them.
public enum PreviewBackground: String, CaseIterable, Sendable {
    case dark, light, checkerboard, bubble, photo

    /// Human label.
    public var label: String {
        switch self {
        case .dark: return "Dark"
        case .light: return "Light"
        case .checkerboard: return "Transparency"
        case .bubble: return "Sent bubble"
        case .photo: return "Photo"
        }
    }
}
