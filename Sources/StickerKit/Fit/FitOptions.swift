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

/// What `StickerFitter` aims for and what it may trade.
public struct FitOptions: Equatable, Sendable {
    /// The byte limit every output must meet (500,000 by default, Messages' limit).
    public var maxBytes: Int
    /// Whether quality may be traded (palette, frame rate, scale) when lossless is still too big.
    public var lossy: Bool
    /// The lowest acceptable quality (time-weighted SSIM over black and white, 0...1).
    public var minQuality: Double
    /// Deflate effort of the final encode; the search itself sizes candidates with quick draft encodes.
    public var effort: DeflateEffort
    /// Dithering policy for palettes.
    public var dithering: FitDithering
    /// Smallest longest side a downscale may produce.
    public var minSide: Int
    /// Wall seconds one sticker's search may take (0 or more). Once spent, the search keeps the best
    /// acceptable candidate it has and stops; it goes on only while it has none (docs/fit.md).
    public var timeBudget: Double

    /// The default time budget: below the time apngasm's plain lossless assembly takes for the fit
    /// benchmark's 408 px animations on the project's 2-core machine (docs/fit.md).
    public static let defaultTimeBudget = 5.0

    /// Fitting options; lossless only unless `lossy` is set.
    public init(maxBytes: Int = 500_000, lossy: Bool = false, minQuality: Double = 0.90,
                effort: DeflateEffort = .default, dithering: FitDithering = .auto, minSide: Int = 300,
                timeBudget: Double = FitOptions.defaultTimeBudget) {
        self.maxBytes = maxBytes; self.lossy = lossy; self.minQuality = minQuality
        self.effort = effort; self.dithering = dithering; self.minSide = minSide; self.timeBudget = timeBudget
    }
}
