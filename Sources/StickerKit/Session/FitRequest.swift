import Foundation
import ImageCodec
import StickerCore
import StickerEncoding

/// What the fitting flags ask for (`--fit`, `--lossy`, `--min-quality`, `--dither`, `--time-budget`,
/// `--fill-cell`; docs/fit.md), before the pack's settings fill the gaps.
public struct FitRequest: Equatable, Sendable {
    /// `--fit`: fit every output under the byte limit.
    public var fit = false
    /// `--lossy`: allow lossy fits.
    public var lossy = false
    /// `--min-quality`: the lowest SSIM accepted.
    public var minQuality: Double?
    /// `--dither`.
    public var dither: FitDithering?
    /// `--time-budget`: wall seconds per sticker.
    public var timeBudget: Double?
    /// `--fill-cell`: scale every sticker so its longer side fills the grid cell.
    public var fillCell = false

    /// A request; every flag off by default.
    public init(fit: Bool = false, lossy: Bool = false, minQuality: Double? = nil, dither: FitDithering? = nil,
                timeBudget: Double? = nil, fillCell: Bool = false) {
        self.fit = fit; self.lossy = lossy; self.minQuality = minQuality; self.dither = dither
        self.timeBudget = timeBudget; self.fillCell = fillCell
    }

    /// The request of a catalog built as one of `build --platform`'s stores: it scales and fits like
    /// every other store, as `--fit --lossy` (every sticker inside the grid cell and under the byte
    /// limit, the quality floor held), with the other flags as given.
    public var forStore: FitRequest {
        var store = self
        (store.fit, store.lossy) = (true, true)
        return store
    }

    /// Why these flags cannot be used when fitting is `enabled` (by `--fit` or a pack setting), or nil.
    public func problem(fitEnabled enabled: Bool) -> SessionError? {
        enabled || !(lossy || minQuality != nil || dither != nil || timeBudget != nil || fillCell) ? nil : .fitFlagsWithoutFit
    }

    /// The fit target asked for on top of `config` (flags win), or nil when fitting is off.
    public func target(maxBytes: Int, gridSize: GridSize, effort: DeflateEffort, config: PackConfig = PackConfig()) -> FitTarget? {
        guard fit || config.fit else { return nil }
        var options = FitOptions(maxBytes: maxBytes, lossy: lossy || config.lossy,
                                 minQuality: minQuality ?? config.minQuality ?? FitOptions().minQuality, effort: effort,
                                 dithering: dither ?? config.dither ?? FitOptions().dithering,
                                 timeBudget: timeBudget ?? config.timeBudget ?? FitOptions.defaultTimeBudget)
        // Without a budget given, the search is bounded by work: the same bytes at any machine load.
        options.wallClock = (timeBudget ?? config.timeBudget) != nil
        return FitTarget(options: options, gridSize: gridSize, fillCell: fillCell)
    }
}
