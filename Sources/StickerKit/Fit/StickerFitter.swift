import ImageCodec

/// Gets a sticker under a byte limit with the least measured loss, and says what it cost.
///
/// Lossless first (the encoder's full optimisation). Only when that is over the limit and lossy
/// fitting is allowed: a search over frame count (key poses kept, loop time kept), size (within the
/// grid, never below `minSide`) and palette size (one shared palette, optional dithering). For each
/// frame count and size it finds the largest palette that fits, measures the winner's quality, and
/// keeps the best-measuring fit overall; a frame count and size whose quality before quantising
/// cannot beat the best so far is skipped. Every returned file is at or under the limit and keeps
/// each frame's time exactly (the loop within 1 ms, verified by decoding the output).
public struct StickerFitter: Sendable {
    /// Options in force.
    public var options: FitOptions

    /// Palette sizes tried, largest first.
    static let colourLadder = [256, 200, 160, 128, 100, 80, 64, 48, 32, 24, 16]

    /// A fitter.
    public init(options: FitOptions = FitOptions()) { self.options = options }

    /// Fits `frames` (full canvases; one frame means a still PNG); `loopCount` 0 = forever.
    /// - Throws: `FitError` when nothing acceptable fits, with the best attempt's figures.
    public func fit(frames: [AnimationFrame], loopCount: Int, gridSize: GridSize) throws -> FitResult {
        guard let first = frames.first else { throw FitError.invalidInput("no frames") }
        guard options.maxBytes > 0 else { throw FitError.invalidInput("byte limit \(options.maxBytes) is not positive") }
        guard frames.allSatisfy({ $0.image.width == first.image.width && $0.image.height == first.image.height }) else {
            throw FitError.invalidInput("frames differ in size; all frames must share one canvas")
        }
        let session = FitSession(options: options, input: frames, loopCount: loopCount, grid: gridSize)
        let lossless = try session.encode(frames, effort: options.effort)
        let base = FitReport(lossless: true, steps: ["lossless \(lossless.bytes.count) B"], losslessBytes: lossless.bytes.count,
                             finalBytes: lossless.bytes.count, maxBytes: options.maxBytes,
                             headroom: options.maxBytes - lossless.bytes.count, quality: 1, qualityMetric: fitQualityMetric,
                             framesIn: frames.count, framesDropped: 0, colours: lossless.paletteCount, dithering: nil,
                             scale: 1, width: first.image.width, height: first.image.height,
                             loopDurationMs: Self.loopMilliseconds(frames), encodes: 1)
        if lossless.bytes.count <= options.maxBytes {
            return try verified(lossless.bytes, frames: frames, report: base)
        }
        guard options.lossy else {
            throw FitError.overLimitLossless(bytes: lossless.bytes.count, limit: options.maxBytes)
        }
        let best = try search(session)
        return try finish(best, session: session, base: base)
    }

    /// The best-measuring candidate at or under the limit, over all geometries.
    private func search(_ session: FitSession) throws -> FitCandidate {
        var best: FitCandidate?
        var smallest: FitCandidate?
        var fullPaletteSides = Set<Int>()
        for index in session.specs.indices {
            let side = session.specs[index].side ?? 0
            // Fewer frames at a size where the full palette already fits can only lose quality.
            if fullPaletteSides.contains(side) { continue }
            if let q = best?.quality, try session.bound(index) <= q { continue }
            let (fit, small) = try largestPaletteThatFits(session, geometry: index)
            if let small, smallest.map({ small.bytes < $0.bytes }) ?? true { smallest = small }
            guard var winner = fit else { continue }
            if winner.colours == Self.colourLadder[0] { fullPaletteSides.insert(side) }
            winner = try session.measured(winner)
            if options.dithering == .auto, try session.isLossyPalette(winner) {
                let dithered = try session.measured(try session.candidate(geometry: index, colours: winner.colours,
                                                                          dithering: .floydSteinberg(strength: 0.5)))
                let better = (dithered.quality ?? 0) > (winner.quality ?? 0)
                if dithered.bytes <= options.maxBytes && better { winner = dithered }
            }
            if (winner.quality ?? 0) > (best?.quality ?? -1) { best = winner }
        }
        guard let best, let quality = best.quality else {
            let tried = try smallest.map { try self.steps(for: $0, session: session) } ?? []
            throw FitError.nothingFits(smallestBytes: smallest?.bytes ?? 0, limit: options.maxBytes, steps: tried)
        }
        guard quality >= options.minQuality else {
            throw FitError.belowQualityFloor(quality: quality, minQuality: options.minQuality, bytes: best.bytes,
                                             limit: options.maxBytes, steps: try steps(for: best, session: session))
        }
        return best
    }

    /// Binary search down the colour ladder (bytes fall as colours fall): the largest palette that
    /// fits, and the smallest attempt (for the failure message when none fits).
    private func largestPaletteThatFits(_ s: FitSession, geometry: Int) throws -> (FitCandidate?, FitCandidate?) {
        let ladder = Self.colourLadder
        let dither: Dithering = options.dithering == .on ? .floydSteinberg(strength: 0.5) : .none
        func attempt(_ i: Int) throws -> FitCandidate { try s.candidate(geometry: geometry, colours: ladder[i], dithering: dither) }
        let top = try attempt(0)
        if top.bytes <= options.maxBytes { return (top, top) }
        let bottom = try attempt(ladder.count - 1)
        guard bottom.bytes <= options.maxBytes else { return (nil, bottom) }
        var lo = 0, hi = ladder.count - 1, fit = bottom   // ladder[lo] fails, ladder[hi] fits
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            let c = try attempt(mid)
            if c.bytes <= options.maxBytes { hi = mid; fit = c } else { lo = mid }
        }
        return (fit, bottom)
    }
}
