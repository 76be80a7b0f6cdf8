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
    /// Requested-effort size over quick size, measured on the first candidate's frame 0 and
    /// updated with every candidate encoded at the requested effort.
    private(set) var quickRatio: Double?
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
        var frames = FrameDropper.merge(zip(reference, input).map { AnimationFrame(image: $0, delay: $1.delay) }, kept: kept)
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

    /// The candidate for (geometry, colours, dithering), quantised and quick-encoded once.
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
        let encoded = try encode(frames, mode: .quick)
        if quickRatio == nil {
            // Calibration: the first candidate's frame 0 is encoded as a still both ways; the ratio
            // predicts every candidate's final size from its quick encode (within about 4% of the
            // real file on the test animations; the final encode is checked anyway).
            quickRatio = Double(try encodeStill(frames[0].image, mode: .effort(options.effort)))
                / Double(max(1, try encodeStill(frames[0].image, mode: .quick)))
        }
        let c = FitCandidate(geometry: index, colours: colours, dithering: dithering, frames: frames, encoded: encoded,
                             effortEncoded: nil, predictedBytes: predictedSize(fromQuick: encoded.bytes.count))
        attempts[key] = c
        return c
    }

    /// Final size expected from a quick encode's size: the calibrated ratio with a 2% margin.
    func predictedSize(fromQuick bytes: Int) -> Int {
        Int((Double(bytes) * (quickRatio ?? 1) * Self.predictionMargin).rounded(.up))
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
        quickRatio = Double(made.bytes.count) / Double(max(1, c.encoded.bytes.count))
        attempts["\(c.geometry)/\(c.colours)/\(c.dithering)"] = out
        return out
    }

    /// The candidate for (geometry, colours, dithering) when it was already made.
    func cached(geometry index: Int, colours: Int, dithering: Dithering) -> FitCandidate? {
        attempts["\(index)/\(colours)/\(dithering)"]
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

    /// How hard an encode works: a quick draft encode that only sizes a candidate (the encoder's
    /// frame plan, unfiltered rows, the fastest deflate), or an output effort.
    enum EncodeMode {
        case quick
        case effort(DeflateEffort)
    }

    /// Encodes one image as a still PNG (for calibrating the lossless estimate on frame 0).
    func encodeStill(_ image: PixelBuffer, mode: EncodeMode) throws -> Int {
        encodes += 1
        do { return try PNGEncoder(options: Self.encodeOptions(mode)).encode(image).count } catch {
            throw FitError.codec("\(error)")
        }
    }

    private static func encodeOptions(_ mode: EncodeMode) -> PNGEncodeOptions {
        switch mode {
        case .quick: return PNGEncodeOptions(draft: true)
        case .effort(let effort): return PNGEncodeOptions(effort: effort)
        }
    }

    /// Encodes frames as an APNG, or a PNG when the input was a still.
    func encode(_ frames: [AnimationFrame], mode: EncodeMode) throws -> EncodeReport {
        encodes += 1
        let encoder = PNGEncoder(options: Self.encodeOptions(mode))
        do {
            if input.count == 1 { return try encoder.encodeWithReport(frames[0].image) }
            return try encoder.encodeAnimationWithReport(frames, loopCount: loopCount)
        } catch {
            throw FitError.codec("\(error)")
        }
    }
}
