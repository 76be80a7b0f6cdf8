import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

extension FitDithering: ExpressibleByArgument {}

/// `--fit`, `--lossy`, `--min-quality`, `--dither`, `--time-budget`: fit outputs under the byte limit, losslessly
/// first, then (only with `--lossy`) with the least measured loss (docs/fit.md). `build` takes these
/// as they are (its limit and grid size come from the pack); `assemble` and `convert` add
/// `FitLimitFlags`.
struct FitFlags: ParsableArguments {
    @Flag(help: "Fit every output under the byte limit: lossless first, lossy with --lossy or for an already lossy source.")
    var fit = false

    @Flag(help: "With --fit, allow fewer colours (levels per channel or one shared palette), frame dropping and downscaling when lossless is not enough.")
    var lossy = false

    @Option(name: .customLong("min-quality"), help: "With --lossy, the lowest composited SSIM accepted (0-1, default 0.90).")
    var minQuality: Double?

    @Option(help: "With --lossy, dithering: off, auto or on (default auto: tried, kept when it measures better).")
    var dither: FitDithering?

    @Option(name: .customLong("time-budget"), help: ArgumentHelp(
        "With --fit, wall seconds the search may take per sticker, an upper bound (the output may then depend on the machine's load); without it the search is bounded by work (about \(String(format: "%g", FitOptions.defaultTimeBudget)) s on an idle 2-core machine) and reproducible.",
        valueName: "seconds"))
    var timeBudget: Double?

    @Flag(name: .customLong("fill-cell"), help: "With --fit, scale every sticker (up or down) so its longer side fills the grid cell (vector sources are rendered at that size).")
    var fillCell = false

    func validate() throws {
        if let minQuality, !(0...1).contains(minQuality) { throw ValidationError("--min-quality must be between 0 and 1") }
        if let timeBudget, !(timeBudget >= 0 && timeBudget.isFinite) {
            throw ValidationError("--time-budget must be a number of seconds, 0 or more")
        }
    }

    /// What these flags ask for, as the library takes it.
    var request: FitRequest {
        FitRequest(fit: fit, lossy: lossy, minQuality: minQuality, dither: dither, timeBudget: timeBudget, fillCell: fillCell)
    }

    /// Why these flags cannot be used when fitting is `enabled` (by `--fit` or a pack setting), or nil.
    func problem(fitEnabled enabled: Bool) -> String? {
        request.problem(fitEnabled: enabled)?.description
    }

    /// The fit target these flags ask for on top of `config` (flags win), or nil when fitting is off.
    func target(maxBytes: Int, gridSize: GridSize, effort: DeflateEffort, config: PackConfig = PackConfig()) -> FitTarget? {
        request.target(maxBytes: maxBytes, gridSize: gridSize, effort: effort, config: config)
    }
}

/// `--max-bytes` and `--grid-size` for `assemble` and `convert`, which have no pack to take them from.
struct FitLimitFlags: ParsableArguments {
    @Option(name: .customLong("max-bytes"), help: "With --fit, the byte limit (default 500000).")
    var maxBytes: Int?

    @Option(name: .customLong("grid-size"), help: "With --fit, the grid size that bounds downscaling (default large).")
    var gridSize: GridSize?

    func validate() throws {
        if let maxBytes, maxBytes <= 0 { throw ValidationError("--max-bytes must be a positive number of bytes") }
    }

    /// The fit target of `flags` with these limits; nil without `--fit`.
    /// - Throws: `ValidationError` when fitting flags are given without `--fit`.
    func target(_ flags: FitFlags, effort: DeflateEffort) throws -> FitTarget? {
        if let problem = flags.problem(fitEnabled: flags.fit) ?? (flags.fit || (maxBytes == nil && gridSize == nil) ? nil
            : "--max-bytes and --grid-size go with --fit") {
            throw ValidationError(problem)
        }
        return flags.target(maxBytes: maxBytes ?? FitOptions().maxBytes, gridSize: gridSize ?? .large, effort: effort)
    }
}
