import ImageCodec

/// Gets a sticker under a byte limit with the least measured loss, and says what it cost.
///
/// Lossless first (the encoder's full optimisation, up to `.max` effort when that can close the
/// gap). Only when that is over the limit and lossy fitting is allowed: a search over frame count
/// (key poses kept, loop time kept), size (within the grid, never below `minSide`) and palette size
/// (one shared palette, optional dithering). For each frame count and size it finds the largest
/// palette that fits, measures its quality, and keeps the best-measuring fit overall; a frame count
/// and size whose quality before quantising cannot beat the best so far is skipped. Every returned
/// file is at or under the limit and keeps each frame's time exactly (the loop within 1 ms,
/// verified by decoding the output).
public struct StickerFitter: Sendable {
    /// Options in force.
    public var options: FitOptions

    /// A lossless estimate must be this far over the limit before the slow lossless encodes are
    /// skipped. The estimate (quick encode x frame-0 ratio) overshot the real size by at most 2.2%
    /// on the test animations (and undershoots by up to 20% on gradients, which only costs time).
    static let losslessSkipMargin = 1.10
    /// How far over the limit the requested effort's lossless file may be for `.max` to be tried
    /// (it saves 2-5% over `.default`).
    static let maxEffortSlack = 1.06

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
        let lossless = try losslessStage(session)
        var base = FitReport(lossless: true, steps: lossless.steps, losslessBytes: lossless.bytes,
                             finalBytes: lossless.bytes, maxBytes: options.maxBytes,
                             headroom: options.maxBytes - lossless.bytes, quality: 1, qualityMetric: fitQualityMetric,
                             framesIn: frames.count, framesDropped: 0, colours: lossless.encoded?.paletteCount,
                             dithering: nil, scale: 1, width: first.image.width, height: first.image.height,
                             loopDurationMs: Self.loopMilliseconds(frames), encodes: 0)
        if let encoded = lossless.encoded, encoded.bytes.count <= options.maxBytes {
            base.encodes = session.encodes
            return try verified(encoded.bytes, frames: frames, report: base)
        }
        guard options.lossy else {
            throw FitError.overLimitLossless(bytes: lossless.bytes, limit: options.maxBytes)
        }
        let best = try search(session)
        return try finish(best, session: session, base: base)
    }

    /// What the lossless stage found: the smallest lossless file made (nil when the slow encodes were
    /// skipped because they could not fit), its size, and the steps taken.
    struct LosslessOutcome {
        var encoded: EncodeReport?
        var bytes: Int
        var steps: [String]
    }

    /// A quick encode decides whether the requested effort can possibly fit: its size times the
    /// effort-to-quick ratio measured on frame 0 alone estimates the lossless file. Only when
    /// that estimate is clearly over the limit (and lossy fitting is allowed) are the slow encodes
    /// skipped; otherwise the requested effort runs, and `.max` follows when it is close. Without
    /// `lossy` the requested effort always runs, so the error gives the true lossless size.
    private func losslessStage(_ session: FitSession) throws -> LosslessOutcome {
        let limit = Double(options.maxBytes)
        let input = session.input
        let sized = try session.encode(input, mode: .quick)
        var steps = ["lossless quick encode \(sized.bytes.count) B"]
        if options.lossy && sized.bytes.count > options.maxBytes && input.count > 1 {
            let ratio = try session.effortToQuickRatio(of: input[0].image)
            let estimate = Int((Double(sized.bytes.count) * ratio).rounded())
            if Double(estimate) > limit * Self.losslessSkipMargin {
                steps.append("lossless \(options.effort.rawValue) effort estimated at \(estimate) B "
                             + "(frame 0 ratio \(FitError.figure(ratio))): over the limit, lossy search")
                return LosslessOutcome(encoded: nil, bytes: estimate, steps: steps)
            }
        }
        let strong = try session.encode(input, mode: .effort(options.effort))
        steps.append("lossless \(options.effort.rawValue) effort \(strong.bytes.count) B")
        // The requested effort's file when it fits (what a plain build writes), else the smaller.
        var best = strong.bytes.count <= options.maxBytes || strong.bytes.count <= sized.bytes.count ? strong : sized
        if best.bytes.count > options.maxBytes && options.effort != .max
            && Double(best.bytes.count) <= limit * Self.maxEffortSlack {
            let strongest = try session.encode(input, mode: .effort(.max))
            steps.append("lossless max effort \(strongest.bytes.count) B")
            if strongest.bytes.count < best.bytes.count { best = strongest }
        }
        return LosslessOutcome(encoded: best, bytes: best.bytes.count, steps: steps)
    }

    /// The best-measuring candidate at or under the limit, over all geometries.
    private func search(_ session: FitSession) throws -> FitCandidate {
        var best: FitCandidate?
        var smallest: FitCandidate?
        // Sides come largest first, and at each side frame counts most first. Quality falls as
        // either falls, so once a geometry's bound cannot beat the best fit, fewer frames at that
        // side are skipped, and when that geometry keeps every frame, so are all smaller sides.
        var doneSides = Set<Int>()
        for index in session.specs.indices {
            let spec = session.specs[index], side = spec.side ?? 0
            if doneSides.contains(side) { continue }
            if let q = best?.quality, try session.bound(index) <= q {
                session.evict(geometry: index)
                if spec.keep == session.input.count { break }
                doneSides.insert(side)
                continue
            }
            let (fit, small) = try largestPaletteThatFits(session, geometry: index)
            if let small, smallest.map({ small.predictedBytes < $0.predictedBytes }) ?? true { smallest = small }
            guard var winner = try fit.map(session.measured) else {
                session.evict(geometry: index)
                continue
            }
            if winner.step == .palette(256) {
                // Fewer frames at a size where the full palette already fits can only lose quality;
                // fewer levels per channel (more colours than any palette) may measure better.
                doneSides.insert(side)
                if let levels = try finestLevelsThatFit(session, geometry: index), let q = levels.quality,
                   q > (winner.quality ?? 0) { winner = levels }
            }
            if (winner.quality ?? 0) > (best?.quality ?? -1) {
                if let previous = best?.geometry { session.evict(geometry: previous) }
                best = winner
            } else {
                session.evict(geometry: index)
            }
        }
        guard var best else {
            let tried = try smallest.map { try self.steps(for: $0, session: session) } ?? []
            throw FitError.nothingFits(smallestBytes: smallest?.predictedBytes ?? 0, limit: options.maxBytes, steps: tried)
        }
        // Dithering is tried once, on the winner: it trades structure for smooth gradients, and only
        // the measurement can say which wins for this sticker.
        if options.dithering == .auto, try session.isLossyPalette(best) {
            let dithered = try session.measured(try session.candidate(geometry: best.geometry, step: best.step,
                                                                      dithering: .floydSteinberg(strength: 0.5)))
            if dithered.predictedBytes <= options.maxBytes && (dithered.quality ?? 0) > (best.quality ?? 0) { best = dithered }
        }
        guard let quality = best.quality, quality >= options.minQuality else {
            throw FitError.belowQualityFloor(quality: best.quality ?? 0, minQuality: options.minQuality, bytes: best.predictedBytes,
                                             limit: options.maxBytes, steps: try steps(for: best, session: session))
        }
        return best
    }

    /// Binary search down the palettes of the colour ladder (bytes fall as colours fall): the largest
    /// palette whose predicted size fits, and the smallest attempt (for the failure message when none
    /// fits).
    private func largestPaletteThatFits(_ s: FitSession, geometry: Int) throws -> (FitCandidate?, FitCandidate?) {
        let ladder = Array(ColourStep.ladder[ColourStep.firstPalette...])
        let dither: Dithering = options.dithering == .on ? .floydSteinberg(strength: 0.5) : .none
        func attempt(_ i: Int) throws -> FitCandidate { try s.candidate(geometry: geometry, step: ladder[i], dithering: dither) }
        let top = try attempt(0)
        if top.predictedBytes <= options.maxBytes { return (top, top) }
        let bottom = try attempt(ladder.count - 1)
        guard bottom.predictedBytes <= options.maxBytes else { return (nil, bottom) }
        var lo = 0, hi = ladder.count - 1, fit = bottom   // ladder[lo] fails, ladder[hi] fits
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            let c = try attempt(mid)
            if c.predictedBytes <= options.maxBytes { hi = mid; fit = c } else { lo = mid }
        }
        return (fit, bottom)
    }

    /// Where a 256-colour palette fits: the most levels per channel predicted to fit (coarsest
    /// first, stopping at the first miss), measured; nil when not even the coarsest fits.
    private func finestLevelsThatFit(_ s: FitSession, geometry: Int) throws -> FitCandidate? {
        var found: FitCandidate?
        var step = ColourStep.palette(256).moreFaithful
        while let current = step {
            let c = try s.candidate(geometry: geometry, step: current, dithering: .none)
            guard c.predictedBytes <= options.maxBytes else { break }
            found = c
            step = current.moreFaithful
        }
        return try found.map(s.measured)
    }
}
