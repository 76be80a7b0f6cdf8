import ImageCodec
import StickerCore

/// What `StickerFitter` aims for and what it may trade.
public struct FitOptions: Equatable, Sendable {
    /// The byte limit every output must meet (500,000 by default, Messages' limit).
    public var maxBytes: Int
    /// Whether quality may be traded (palette, frame rate, scale) when lossless is still too big.
    public var lossy: Bool
    /// The lowest acceptable quality (`StickerQuality`: lightness SSIM and colour over black and
    /// white, the worst frames weighted in; 0...1).
    public var minQuality: Double
    /// Deflate effort of the final encode; the search itself sizes candidates with quick draft encodes.
    public var effort: DeflateEffort
    /// Dithering policy for palettes.
    public var dithering: FitDithering
    /// Smallest longest side a downscale may produce.
    public var minSide: Int
    /// Seconds one sticker's search may take (0 or more). Once spent, the search keeps the best
    /// acceptable candidate it has and stops; it goes on only while it has none (docs/fit.md).
    /// Unless `wallClock` is set these are work seconds: pixels processed (encoded, quantised,
    /// measured) over `workPixelsPerSecond`, so the same input gives the same file at any load.
    public var timeBudget: Double
    /// Whether `timeBudget` is read on the wall clock (`--time-budget`: an upper bound on time, whose
    /// output may then depend on the machine's speed and load) instead of counted in work.
    public var wallClock = false
    /// Whether the best candidate under the limit is returned even when it measures below
    /// `minQuality` (its report then says `belowQualityFloor`) instead of failing: a build ships it
    /// rather than the lossless file over the limit, and reports the floor missed.
    public var keepBestBelowFloor = false

    /// Pixels the search processes per work second: about what the 2-core machine the budget was
    /// chosen on processes per wall second when idle (docs/fit.md).
    public static let workPixelsPerSecond = 8_000_000.0

    /// Passes over the input (frames x pixels) the default work budget always allows: enough for the
    /// palette search at every frame count at full size (30, 15, 10, 7.5 and 5 fps: 2.25 passes a
    /// colour step; the 3, 2 and 1 fps counts add 0.2), so a large video's levers are all tried
    /// (docs/fit.md, "Budget: work, not wall time").
    public static let passesPerBudget = 16.0

    /// What the budget is, for messages: "time budget of 5 s" or "work budget of 5 s (40 megapixels processed)".
    public func budgetText(wallClock: Bool) -> String {
        wallClock ? "time budget of \(FitError.seconds(timeBudget)) s"
            : "work budget of \(FitError.seconds(timeBudget)) s (\(NumberText.decimal(timeBudget * Self.workPixelsPerSecond / 1e6, places: 1)) megapixels processed)"
    }

    /// The default time budget: below the time apngasm's plain lossless assembly takes for the fit
    /// benchmark's 408 px animations on the project's 2-core machine (docs/fit.md).
    public static let defaultTimeBudget = 5.0

    /// Fitting options; lossless only unless `lossy` is set.
    public init(maxBytes: Int = PlatformRules.iMessageMaxBytes, lossy: Bool = false, minQuality: Double = 0.90,
                effort: DeflateEffort = .default, dithering: FitDithering = .auto, minSide: Int = PlatformRules.iMessageMinimumSide,
                timeBudget: Double = FitOptions.defaultTimeBudget) {
        self.maxBytes = maxBytes; self.lossy = lossy; self.minQuality = minQuality
        self.effort = effort; self.dithering = dithering; self.minSide = minSide; self.timeBudget = timeBudget
    }
}
