import ImageCodec
import StickerCore

/// The state of one sticker's lossy search: the input decoded once, geometries and colour censuses
/// built once, reduced frames and encodes cached by (geometry, colour step, dithering).
final class FitSession {
    let options: FitOptions
    let input: [AnimationFrame]
    let loopCount: Int
    let reference: [PixelBuffer]
    let weights: [Double]
    let specs: [(keep: Int, side: Int?)]
    private var geometries: [Int: FitGeometry] = [:]
    private var censuses: [Int: ColorCensus] = [:]
    private var attempts: [String: FitCandidate] = [:]
    private var bounds: [Int: Double] = [:]
    /// Per kept-frame count: whether its frames are merged runs (`TemporalMerge`) and the quality of
    /// the better of cut and merge at the input's size.
    private var mergeChoices: [Int: (merged: Bool, quality: Double)] = [:]
    /// Encodes of every frame of a candidate, and of one frame as a still (calibration); and the
    /// pixels handed to the encoder over all of them (`FitSearchCost`).
    var fullEncodes = 0, partialEncodes = 0, encodedPixels = 0
    /// Encodes made (whole animations and calibration stills).
    var encodes: Int { fullEncodes + partialEncodes }
    /// Where the time is read (the report's seconds; the budget too when `wallBudget`).
    let clock: FitClock
    /// Whether the budget is read on `clock`; otherwise it is counted in work (`work`).
    let wallBudget: Bool
    /// Pixels processed so far: encoded, quantised, measured. The work budget counts these, so where
    /// the search stops does not depend on the machine's speed or load.
    var work = 0.0
    /// When the fit started, on `clock`.
    let start: Double
    /// Longest side of the pack's grid cell for this sticker (never above the input's own).
    let cellSide: Int
    /// Whether the time budget ended some part of the search early.
    var budgetReached = false
    /// Geometries skipped because their quality before quantising is under the floor.
    var skippedUnderFloor = 0
    /// Whether the search gave up at the budget without an acceptable candidate.
    var gaveUp = false
    /// Every candidate made, in order, for the report; lossy ones by key, to add their quality.
    private var log: [(key: String?, text: String, quality: Double?)] = []
    /// Requested-effort size over quick size, per kind of candidate (palette or levels: the quick
    /// encode leaves rows unfiltered, which costs truecolour far more than a palette), measured on
    /// the first candidate of the kind's frame 0 and updated with every candidate of the kind later
    /// encoded at the requested effort.
    private var quickRatios: [RatioKind: Double] = [:]

    private enum RatioKind { case palette, levels }

    private static func kind(_ step: ColourStep) -> RatioKind { step.paletteSize == nil ? .levels : .palette }
    private let dropper: FrameDropper

    init(options: FitOptions, input: [AnimationFrame], loopCount: Int, grid: GridSize, clock: FitClock, wallBudget: Bool) {
        self.options = options
        self.clock = clock
        self.wallBudget = wallBudget
        start = clock.now()
        self.loopCount = loopCount
        reference = input.map { $0.image.normalizedTransparent() }
        // The input as the encoder sees it (transparent pixels' colour dropped), sharing the
        // reference's storage: one copy of the animation for the session, and none per encode.
        self.input = zip(reference, input).map { AnimationFrame(image: $0, delay: $1.delay) }
        weights = input.map { $0.delay.milliseconds }
        dropper = FrameDropper(images: reference)
        let w = input[0].image.width, h = input[0].image.height
        cellSide = min(max(w, h), grid.maxPixels)
        var specs: [(keep: Int, side: Int?)] = []
        for side in FitGeometry.sides(width: w, height: h, grid: grid, minSide: options.minSide) {
            for keep in FitGeometry.keepCounts(input.count) { specs.append((keep, side)) }
        }
        self.specs = specs
    }

    /// Seconds since the fit started, on `clock`.
    var elapsed: Double { clock.now() - start }
    /// Budget seconds spent: on the clock, or work seconds (`work` over `FitOptions.workPixelsPerSecond`).
    var spent: Double { wallBudget ? elapsed : work / FitOptions.workPixelsPerSecond }
    /// The budget in the unit of `spent`. A work budget is `timeBudget` work seconds or, when more,
    /// `FitOptions.passesPerBudget` passes over the input per default budget: one pass over a 512 px,
    /// 90-frame video is 24 megapixels, so a flat 40 megapixels ran out within the first candidate and
    /// 15 and 10 fps were never tried. Still a function of the input alone: deterministic.
    var budget: Double {
        guard !wallBudget else { return options.timeBudget }
        let passes = Double(input.count * reference[0].pixelCount) * FitOptions.passesPerBudget
            * options.timeBudget / FitOptions.defaultTimeBudget / FitOptions.workPixelsPerSecond
        return max(options.timeBudget, passes)
    }
    /// "time budget of 5 s" or "work budget of 5 s (40 megapixels processed)".
    var budgetText: String {
        wallBudget || budget == options.timeBudget ? options.budgetText(wallClock: wallBudget)
            : "work budget of \(FitError.seconds(budget)) s (\(Int(FitOptions.passesPerBudget)) passes over the input: "
                + "\(NumberText.decimal(budget * FitOptions.workPixelsPerSecond / 1e6, places: 1)) megapixels processed)"
    }
    /// Whether the time budget is spent.
    var overBudget: Bool { spent >= budget }

    /// Counts `frames` x `width` x `height` pixels of work.
    func count(_ frames: Int, _ image: PixelBuffer) { work += Double(frames * image.width * image.height) }

    /// Whether geometry `index` is smaller than the grid cell (a display-size loss, tried last).
    func isBelowCell(_ index: Int) -> Bool { specs[index].side.map { $0 < cellSide } ?? false }

    /// Records a lossless file made, for the report's candidate list.
    func noteLossless(_ text: String) { log.append((nil, text, nil)) }

    /// The candidate list of the report, lossy candidates with their quality when measured.
    var candidateLog: [String] {
        log.map { entry in entry.text + (entry.quality.map { ", quality \(FitError.figure($0))" } ?? "") }
    }

    /// Geometry `index` of `specs`, built on first use.
    func geometry(_ index: Int) throws -> FitGeometry {
        if let g = geometries[index] { return g }
        let spec = specs[index]
        let kept = dropper.kept(count: spec.keep)
        let (keptFrames, merged) = try frames(keeping: kept)
        var frames = keptFrames
        if let side = spec.side {
            let size = FitGeometry.size(width: reference[0].width, height: reference[0].height, side: side)
            let resampler = Resampler()
            let images = try Parallel.map(frames.count) { try resampler.resized(frames[$0].image, width: size.width, height: size.height) }
            frames = zip(images, frames).map { AnimationFrame(image: $0, delay: $1.delay) }
        }
        let g = FitGeometry(keepCount: spec.keep, side: spec.side, kept: kept, merged: merged, frames: frames,
                            shown: FrameDropper.shownFrame(kept: kept, frameCount: input.count))
        geometries[index] = g
        return g
    }

    /// The frames kept for `kept` at the input's size, and whether each stands for its run as a
    /// `TemporalMerge` rather than a plain cut: whichever of the two measures better against the
    /// input, decided once per frame count (the choice is about what changes over time, which
    /// scaling keeps) and its quality kept as the bound of that count at the input's size.
    private func frames(keeping kept: [Int]) throws -> (frames: [AnimationFrame], merged: Bool) {
        let held = FrameDropper.merge(input, kept: kept)
        guard kept.count < input.count else { return (held, false) }
        if let choice = mergeChoices[kept.count] { return (choice.merged ? try FrameDropper.merged(input, kept: kept) : held, choice.merged) }
        let merged = try FrameDropper.merged(input, kept: kept)
        let shown = FrameDropper.shownFrame(kept: kept, frameCount: input.count)
        let meter = StickerQuality()
        count(2 * reference.count, reference[0])
        let qHeld = try meter.score(reference: reference, candidate: shown.map { held[$0].image }, weights: weights)
        let qMerged = try meter.score(reference: reference, candidate: shown.map { merged[$0].image }, weights: weights)
        let useMerged = qMerged > qHeld
        mergeChoices[kept.count] = (useMerged, max(qHeld, qMerged))
        return useMerged ? (merged, true) : (held, false)
    }

    /// Quality of geometry `index` before any quantising: no candidate of it can do better.
    func bound(_ index: Int) throws -> Double {
        if let b = bounds[index] { return b }
        let spec = specs[index]
        let b: Double
        if spec.keep == input.count && spec.side == nil {
            b = 1
        } else if spec.side == nil {
            _ = try geometry(index)   // measures the count's cut and merge, and keeps the better
            b = mergeChoices[spec.keep]?.quality ?? 0
        } else {
            b = try quality(of: try geometry(index).frames.map(\.image), geometry: index)
        }
        bounds[index] = b
        return b
    }

    /// The candidate for (geometry, colour step, dithering), reduced and quick-encoded once.
    func candidate(geometry index: Int, step: ColourStep, dithering: Dithering) throws -> FitCandidate {
        let key = Self.key(index, step, dithering)
        let seen = attempts[key]
        if let c = seen, !c.frames.isEmpty { return c }
        let g = try geometry(index)
        let images: [PixelBuffer]
        switch step {
        case .levels(let bits):
            let posterizer = try Self.posterizer(bits)
            images = try Parallel.map(g.frames.count) { posterizer.apply(g.frames[$0].image) }
        case .palette(let colours):
            let census: ColorCensus
            if let c = censuses[index] { census = c } else { census = ColorCensus(g.frames.map(\.image)); censuses[index] = census }
            let quantiser = PaletteQuantizer(maxColors: colours)
            let palette = try quantiser.palette(for: census)
            images = try quantiser.remap(g.frames.map(\.image), census: census, palette: palette, dithering: dithering)
        }
        let frames = zip(images, g.frames).map { AnimationFrame(image: $0, delay: $1.delay) }
        count(frames.count, frames[0].image)
        // Unfiltered rows size palettes well, but smooth truecolour poorly and unevenly (the levels'
        // predictions were 20% pessimistic): levels are sized with filtered rows.
        let quick: EncodeMode = step.paletteSize == nil ? .quickFiltered : .quick
        let encoded = try encode(frames, mode: quick)
        if quickRatios[Self.kind(step)] == nil {
            // Calibration: this kind's first candidate's frame 0 is encoded as a still both ways; the
            // ratio predicts every candidate's final size from its quick encode (within about 4% of
            // the real file on the test animations; the final encode is checked anyway).
            quickRatios[Self.kind(step)] = try effortToQuickRatio(of: frames[0].image, quick: quick)
        }
        let c = FitCandidate(geometry: index, step: step, dithering: dithering, frames: frames, encoded: encoded,
                             effortEncoded: nil, predictedBytes: predictedSize(of: step, fromQuick: encoded.bytes.count))
        cache(c, key: key)
        guard seen == nil else { return c }
        let size = frames[0].image
        log.append((key, "\(size.width)x\(size.height), \(g.keepCount) frames\(g.merged ? " merged" : ""), \(step)"
                    + (step.paletteSize == nil ? "" : ", dithering \(dithering)") + ": \(c.predictedBytes) B predicted", nil))
        return c
    }

    /// Final size expected from a quick encode's size: the calibrated ratio with a 2% margin.
    func predictedSize(of step: ColourStep, fromQuick bytes: Int) -> Int {
        Int((Double(bytes) * (quickRatios[Self.kind(step)] ?? 1) * Self.predictionMargin).rounded(.up))
    }

    /// Safety factor on predicted sizes.
    static let predictionMargin = 1.02

    /// `c` with its encode at the requested effort made (once).
    func withEffortEncode(_ c: FitCandidate) throws -> FitCandidate {
        if c.effortEncoded != nil { return c }
        var out = c
        let made = try encode(c.frames, mode: .effort(options.effort))
        out.effortEncoded = made
        // The latest real ratio predicts neighbours (same geometry, nearby palette) best.
        quickRatios[Self.kind(c.step)] = Double(made.bytes.count) / Double(max(1, c.encoded.bytes.count))
        attempts[Self.key(c.geometry, c.step, c.dithering)] = out
        return out
    }

    /// Caches `c` under `key`. A candidate predicted over the limit is kept without its frames (a
    /// whole copy of the animation each: a bisection over a 90-frame 512 px video held half a
    /// gigabyte of them); in the rare case it is wanted again (a final encode stepping down),
    /// `candidate` makes it again.
    private func cache(_ c: FitCandidate, key: String) {
        attempts[key] = c.predictedBytes > options.maxBytes ? c.withoutFrames : c
    }

    private static func key(_ geometry: Int, _ step: ColourStep, _ dithering: Dithering) -> String {
        "\(geometry)/\(step)/\(dithering)"
    }

    private static func posterizer(_ bits: Int) throws -> Posterizer {
        do { return try Posterizer(bits: bits) } catch { throw FitError.invalidInput("\(error)") }
    }

    /// Forgets everything cached for geometry `index` but its quality bound: its frames, colour
    /// census and candidates. The search calls it for geometries that can no longer win, so a
    /// sticker's working set stays at about two geometries' frames, not all of them.
    func evict(geometry index: Int) {
        geometries[index] = nil
        censuses[index] = nil
        let prefix = "\(index)/"
        attempts = attempts.filter { !$0.key.hasPrefix(prefix) }
    }

    /// Whether `c` is a palette that changed colours (the geometry has more colours than it).
    func isLossyPalette(_ c: FitCandidate) throws -> Bool {
        guard let size = c.step.paletteSize else { return false }
        guard let census = censuses[c.geometry] else { return true }
        return census.distinctColors > size
    }

    /// `c` with its quality measured.
    func measured(_ c: FitCandidate) throws -> FitCandidate {
        if c.quality != nil { return c }
        var out = c
        out.quality = try quality(of: c.frames.map(\.image), geometry: c.geometry)
        let key = Self.key(c.geometry, c.step, c.dithering)
        cache(out, key: key)
        if let at = log.lastIndex(where: { $0.key == key }) { log[at].quality = out.quality }
        return out
    }

    /// `StickerQuality` of `images` (the geometry's kept frames) against the input, each input frame
    /// against the kept frame on screen at its time, scaled back up to the input size when the
    /// geometry is smaller.
    func quality(of images: [PixelBuffer], geometry index: Int) throws -> Double {
        let g = try geometry(index)
        let w = reference[0].width, h = reference[0].height
        count(reference.count, reference[0])
        let full: [PixelBuffer] = g.side == nil ? images
            : try Parallel.map(images.count) { try Resampler().resized(images[$0], width: w, height: h) }
        return try StickerQuality().score(reference: reference, candidate: g.shown.map { full[$0] }, weights: weights)
    }
}
