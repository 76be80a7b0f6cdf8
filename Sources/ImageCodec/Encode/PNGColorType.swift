/// A PNG colour type (IHDR byte 9), as the encoder chose it for all frames together.
public enum PNGColorType: UInt8, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Grey samples; a `tRNS` key may mark one grey value as transparent.
    case grayscale = 0
    /// RGB samples; a `tRNS` key may mark one colour as transparent.
    case rgb = 2
    /// Palette indices; `tRNS` holds the alphas of the first entries.
    case palette = 3
    /// Grey and alpha samples.
    case grayscaleAlpha = 4
    /// RGB and alpha samples.
    case rgba = 6

    /// Samples per pixel.
    public var channels: Int {
        switch self {
        case .grayscale, .palette: return 1
        case .grayscaleAlpha: return 2
        case .rgb: return 3
        case .rgba: return 4
        }
    }

    /// The name used in reports ("grayscale-alpha", "palette", ...).
    public var description: String {
        switch self {
        case .grayscale: return "grayscale"
        case .rgb: return "rgb"
        case .palette: return "palette"
        case .grayscaleAlpha: return "grayscale-alpha"
        case .rgba: return "rgba"
        }
    }
}
