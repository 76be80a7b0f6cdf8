import ImageCodec

/// Whether the lossy search may dither when it quantises.
public enum FitDithering: String, Sendable, Codable, CaseIterable {
    /// Never dither (smallest files; gradients may band).
    case off
    /// Try Floyd-Steinberg at half strength on each winning candidate and keep it when it fits and
    /// measures better.
    case auto
    /// Always dither at half strength.
    case on
}
