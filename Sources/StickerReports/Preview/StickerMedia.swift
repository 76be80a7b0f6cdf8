import StickerCore
import StickerEncoding
import StickerRules

/// What the HTML report shows for one sticker: a displayable image (the sticker file itself, or the
/// APNG a sequence is assembled into) and, where edge problems were found, a marking overlay.
public struct StickerMedia: Equatable, Sendable {
    /// PNG, APNG, GIF or JPEG bytes a browser can show and animate.
    public var data: [UInt8]
    /// `image/png`, `image/apng`, `image/gif` or `image/jpeg`.
    public var mimeType: String
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
