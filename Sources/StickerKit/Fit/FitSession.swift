import ImageCodec

/// The state of one sticker's lossy search: the input decoded once, geometries and colour censuses
/// built once, quantised frames and encodes cached by (geometry, colours, dithering).
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
    private(set) var encodes = 0
    private let dropper: FrameDropper

    init(options: FitOptions, input: [AnimationFrame], loopCount: Int, grid: GridSize) {
        self.options = options
        self.input = input
        self.loopCount = loopCount
        reference = input.map { $0.image.normalizedTransparent() }
        weights = input.map { $0.delay.milliseconds }
        dropper = FrameDropper(images: reference)
        let w = input[0].image.width, h = input[0].image.height
        var specs: [(keep: Int, side: Int?)] = []
        for side in FitGeometry.sides(width: w, height: h, grid: grid, minSide: options.minSide) {
            for keep in FitGeometry.keepCounts(input.count) { specs.append((keep, side)) }
        }
        self.specs = specs
    }

    /// Geometry `index` of `specs`, built on first use.
    func geometry(_ index: Int) throws -> FitGeometry {
        if let g = geometries[index] { return g }
        let spec = specs[index]
        let kept = dropper.kept(count: spec.keep)
        var frames = FrameDropper.merge(input.map { AnimationFrame(image: $0.image.normalizedTransparent(), delay: $0.delay) },
                                        kept: kept)
        if let side = spec.side {
            let size = FitGeometry.size(width: reference[0].width, height: reference[0].height, side: side)
            let resampler = Resampler()
            let images = try FitParallel.map(frames.count) { try resampler.resized(frames[$0].image, width: size.width, height: size.height) }
            frames = zip(images, frames).map { AnimationFrame(image: $0, delay: $1.delay) }
        }
        let g = FitGeometry(keepCount: spec.keep, side: spec.side, kept: kept, frames: frames,
                            shown: FrameDropper.shownFrame(kept: kept, frameCount: input.count))
        geometries[index] = g
        return g
    }

    /// Quality of geometry `index` before any quantising: no candidate of it can do better.
    func bound(_ index: Int) throws -> Double {
        if let b = bounds[index] { return b }
        let spec = specs[index]
        let b = spec.keep == input.count && spec.side == nil ? 1 : try quality(of: try geometry(index).frames.map(\.image), geometry: index)
        bounds[index] = b
        return b
    }

    /// The candidate for (geometry, colours, dithering), quantised and encoded at `.fast` once.
    func candidate(geometry index: Int, colours: Int, dithering: Dithering) throws -> FitCandidate {
        let key = "\(index)/\(colours)/\(dithering)"
        if let c = attempts[key] { return c }
        let g = try geometry(index)
        let census: ColorCensus
        if let c = censuses[index] { census = c } else { census = ColorCensus(g.frames.map(\.image)); censuses[index] = census }
        let quantiser = PaletteQuantizer(maxColors: colours)
        let palette = try quantiser.palette(for: census)
        let images = try quantiser.remap(g.frames.map(\.image), census: census, palette: palette, dithering: dithering)
        let frames = zip(images, g.frames).map { AnimationFrame(image: $0, delay: $1.delay) }
        let encoded = try encode(frames, effort: .fast)
        let c = FitCandidate(geometry: index, colours: colours, dithering: dithering, frames: frames, encoded: encoded)
        attempts[key] = c
        return c
    }

    /// Whether quantising `c` changed colours (the geometry has more colours than its palette).
    func isLossyPalette(_ c: FitCandidate) throws -> Bool {
        guard let census = censuses[c.geometry] else { return true }
        return census.distinctColors > c.colours
    }

    /// `c` with its quality measured.
    func measured(_ c: FitCandidate) throws -> FitCandidate {
        if c.quality != nil { return c }
        var out = c
        out.quality = try quality(of: c.frames.map(\.image), geometry: c.geometry)
        attempts["\(c.geometry)/\(c.colours)/\(c.dithering)"] = out
        return out
    }

    /// Time-weighted composited SSIM of `images` (the geometry's kept frames) against the input,
    /// scaled back up to the input size when the geometry is smaller.
    func quality(of images: [PixelBuffer], geometry index: Int) throws -> Double {
        let g = try geometry(index)
        let w = reference[0].width, h = reference[0].height
        let full: [PixelBuffer] = g.side == nil ? images
            : try FitParallel.map(images.count) { try Resampler().resized(images[$0], width: w, height: h) }
        return try CompositedSSIM().score(reference: reference, candidate: g.shown.map { full[$0] }, weights: weights)
    }

    /// Encodes frames as an APNG, or a PNG when the input was a still.
    func encode(_ frames: [AnimationFrame], effort: DeflateEffort) throws -> EncodeReport {
        encodes += 1
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: effort))
        do {
            if input.count == 1 { return try encoder.encodeWithReport(frames[0].image) }
            return try encoder.encodeAnimationWithReport(frames, loopCount: loopCount)
        } catch {
            throw FitError.codec("\(error)")
        }
    }
}
