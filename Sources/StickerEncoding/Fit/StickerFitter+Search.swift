import Foundation
import ImageCodec
import StickerCore

extension StickerFitter {
    /// The best candidate, the one it replaced, and the smallest attempt so far.
    struct SearchState {
        var best: FitCandidate?
        /// The best before `best` (without its frames, which `FitSession.candidate` makes again):
        /// should `best` have to step down a colour at its final encode and then no longer beat it
        /// by the rule of `beats`, it ships instead.
        var runnerUp: FitCandidate?
        var smallest: FitCandidate?
        /// The palette ladder's size model at the geometry searched last (`PaletteSizes`): where
        /// the next geometry's search starts.
        var paletteSizes: PaletteSizes?
    }

    /// The palette ladder's predicted bytes at one geometry, by rung: the rungs tried there, and
    /// the others as the model carried over from the geometries before predicted them.
    struct PaletteSizes {
        /// Frames x width x height of the geometry.
        var pixels: Double
        /// Predicted bytes by rung (0 = 256 colours).
        var bytes: [Int: Double]

        /// Every rung's bytes at a geometry of `pixels`. A palette file's bytes grow about in
        /// proportion to the frames and area it holds (0.64-0.67x from 45 to 30 frames, 0.76x from
        /// 512 to 448 px on the benchmark's video), so the known rungs are scaled by the ratio of
        /// pixels; the rungs between known ones are interpolated and those beyond extrapolated, on
        /// a log scale. Nil without two known rungs.
        func estimate(rungs: Int, pixels target: Double) -> [Double]? {
            let known = bytes.keys.sorted()
            guard known.count >= 2, pixels > 0, target > 0 else { return nil }
            let scale = target / pixels
            return (0..<rungs).map { rung in
                var lo = known[0], hi = known[1]
                if rung > known[known.count - 1] {
                    (lo, hi) = (known[known.count - 2], known[known.count - 1])
                } else if rung > known[0] {
                    hi = known.first { $0 >= rung }!
                    lo = known.last { $0 < hi }!
                }
                return Self.logInterpolated(bytes[lo]!, bytes[hi]!, at: Double(rung - lo) / Double(hi - lo)) * scale
            }
        }

        /// The point `t` of the way from `a` to `b` on a log scale (bytes, floored at 1; `t` outside
        /// 0...1 extrapolates).
        static func logInterpolated(_ a: Double, _ b: Double, at t: Double) -> Double {
            let la = log(max(1, a)), lb = log(max(1, b))
            return exp(la + (lb - la) * t)
        }

        /// The model at a geometry of `pixels` whose rungs `tried` were made, the estimate there
        /// being `prior` (nil when there was none): the tried rungs as they came out, a rung between
        /// two of them interpolated between those (log scale), and a rung beyond them the prior's
        /// figure corrected by how far the prior was off at the nearest tried rung.
        static func updated(prior: [Double]?, pixels: Double, tried: [Int: Int]) -> PaletteSizes {
            var out = PaletteSizes(pixels: pixels, bytes: tried.mapValues(Double.init))
            guard let prior else { return out }
            let known = tried.keys.sorted()
            for rung in prior.indices where tried[rung] == nil {
                let below = known.last { $0 < rung }, above = known.first { $0 > rung }
                if let below, let above {
                    out.bytes[rung] = logInterpolated(Double(tried[below]!), Double(tried[above]!),
                                                      at: Double(rung - below) / Double(above - below))
                } else if let nearest = below ?? above {
                    out.bytes[rung] = prior[rung] * Double(max(1, tried[nearest]!)) / max(1, prior[nearest])
                } else {
                    out.bytes[rung] = prior[rung]
                }
            }
            return out
        }
    }

    /// The best-measuring acceptable candidate at or under the limit. Full-size geometries (the
    /// input's size and the grid cell's) come first: inside its cell a sticker is shown as is, so a
    /// smaller one looks smaller on every bubble, a loss the quality score (taken after scaling back
    /// up) does not see. Sizes below the cell are tried only when nothing at full size reaches
    /// `minQuality`.
    func search(_ session: FitSession) throws -> (best: FitCandidate, runnerUp: FitCandidate?) {
        var state = SearchState()
        let indices = Array(session.specs.indices)
        let below = indices.filter { session.isBelowCell($0) }
        // The budget is split: full size (colours, then 30 fps down to 1 fps) may spend
        // `fullSizeShare` of it when smaller sizes exist, so scaling, the last lever, is still tried.
        try searchGeometries(indices.filter { !session.isBelowCell($0) }, session, &state,
                             share: below.isEmpty ? 1 : Self.fullSizeShare)
        try dither(session, &state)
        if !isAcceptable(state.best) && !below.isEmpty && !session.gaveUp {
            try searchGeometries(below, session, &state, share: 1)
            try dither(session, &state)
        }
        guard let best = state.best else {
            var tried = try state.smallest.map { try self.steps(for: $0, session: session) } ?? []
            tried += skippedSteps(session)
            throw FitError.nothingFits(smallestBytes: state.smallest?.predictedBytes ?? 0, limit: options.maxBytes, steps: tried)
        }
        guard let quality = best.quality, quality >= options.minQuality || options.keepBestBelowFloor else {
            throw FitError.belowQualityFloor(quality: best.quality ?? 0, minQuality: options.minQuality, bytes: best.predictedBytes,
                                             limit: options.maxBytes, steps: try steps(for: best, session: session) + skippedSteps(session))
        }
        return (best, state.runnerUp)
    }

    /// Why a failed search did not try everything (geometries under the floor, the time budget), for
    /// the error's steps.
    private func skippedSteps(_ session: FitSession) -> [String] {
        let floor = FitError.figure(options.minQuality)
        var out: [String] = []
        if session.skippedUnderFloor > 0 {
            out.append("\(session.skippedUnderFloor) frame counts and sizes skipped: their quality before quantising "
                       + "(scaling and frame dropping alone) is already under the floor of \(floor)")
        }
        if session.gaveUp {
            out.append("\(session.budgetText) spent with nothing at or over the floor of \(floor): "
                       + "search stopped; raise --time-budget to search further")
        }
        return out
    }

    /// Share of the budget the full-size geometries may spend when smaller sizes remain to try.
    static let fullSizeShare = 0.75

    /// Quality at which a candidate is as good as lossless to the eye: no finer colour step is tried.
    static let indistinguishable = 0.999

    private func isAcceptable(_ c: FitCandidate?) -> Bool { (c?.quality ?? -1) >= options.minQuality }

    /// Runs the geometries `indices` (largest first, and at each side most frames first). Quality
    /// falls as either falls, so once a geometry's bound cannot beat the best fit, fewer frames at
    /// that side are skipped, and when that geometry keeps every frame, so are all smaller sides.
    /// Geometries whose quality before quantising is under the floor are skipped (no candidate of
    /// theirs could be accepted). Once `share` of the budget is spent, stops: with an acceptable
    /// candidate in hand, or without one at the next size (fewer frames at a size are still tried).
    private func searchGeometries(_ indices: [Int], _ session: FitSession, _ state: inout SearchState,
                                  share: Double) throws {
        var doneSides = Set<Int>(), triedHere = false
        let over = { session.spent >= session.budget * share }
        for index in indices {
            let spec = session.specs[index], side = spec.side ?? 0
            if doneSides.contains(side) { continue }
            if over() && isAcceptable(state.best) {
                session.budgetReached = true
                return
            }
            // Without one, the search goes on while the budget lasts, then gives up at the next
            // size (after at least one geometry of this phase, so budget 0 still tries the full-size
            // one): a fit that cannot succeed must not cost more than one that does. Fewer frames
            // at a size under way are always tried: the frame rate is the lever before scaling.
            if triedHere && state.smallest != nil && over() && spec.keep == session.input.count {
                session.budgetReached = true
                if share >= 1 { session.gaveUp = true }
                return
            }
            triedHere = true
            if let best = state.best, let q = best.quality,
               !Self.replaces(quality: try session.bound(index), keep: spec.keep, best: q, bestKeep: session.specs[best.geometry].keep) {
                session.evict(geometry: index)
                if spec.keep == session.input.count { return }
                doneSides.insert(side)
                continue
            }
            if !options.keepBestBelowFloor, try session.bound(index) < options.minQuality {
                // No candidate of this geometry can reach the floor, and fewer frames or a smaller
                // size can only measure lower: skip those too. (When the best below the floor ships,
                // the bound against the best so far, above, decides instead.)
                session.skippedUnderFloor += 1
                session.evict(geometry: index)
                if spec.keep == session.input.count { return }
                doneSides.insert(side)
                continue
            }
            let (fit, small) = try largestPaletteThatFits(session, geometry: index, sizes: &state.paletteSizes)
            if let small, state.smallest.map({ small.predictedBytes < $0.predictedBytes }) ?? true { state.smallest = small }
            guard var winner = try fit.map(session.measured) else {
                session.evict(geometry: index)
                continue
            }
            if winner.step == .palette(256) {
                // Where the full palette fits, fewer levels per channel (more colours than any
                // palette) may measure better. Fewer frames at this size can then only win by letting
                // a finer step fit (a calm clip's 15 fps at 7 bits against 30 fps at 256 colours): they
                // are tried (the bound above skips them when dropping frames alone costs more than
                // the colours do) unless nothing finer is left to gain.
                if session.overBudget && winner.quality ?? 0 >= options.minQuality {
                    session.budgetReached = true
                    doneSides.insert(side)
                } else if winner.quality ?? 0 < Self.indistinguishable,   // else nothing a finer step could show
                          let levels = try finestLevelsThatFit(session, geometry: index), let q = levels.quality,
                          q > (winner.quality ?? 0) {
                    winner = levels
                }
                if winner.quality ?? 0 >= Self.indistinguishable || winner.step == ColourStep.ladder[0] {
                    doneSides.insert(side)
                }
            }
            if beats(winner, state.best, session) {
                if let previous = state.best {
                    session.evict(geometry: previous.geometry)
                    state.runnerUp = previous.withoutFrames
                }
                state.best = winner
            } else {
                session.evict(geometry: index)
            }
        }
    }

    /// Whether `c` replaces `best`: it measures higher, and by more than `frameRateCutMargin` when it
    /// keeps fewer frames.
    func beats(_ c: FitCandidate, _ best: FitCandidate?, _ session: FitSession) -> Bool {
        guard let best else { return true }
        return Self.replaces(quality: c.quality ?? 0, keep: session.specs[c.geometry].keep,
                             best: best.quality ?? -1, bestKeep: session.specs[best.geometry].keep)
    }

    /// The rule of `beats` on the figures: quality `quality` with `keep` frames against the best's.
    static func replaces(quality: Double, keep: Int, best: Double, bestKeep: Int) -> Bool {
        quality > best + (keep < bestKeep ? frameRateCutMargin : 0)
    }

    /// How much better a candidate with fewer frames must measure to replace one with more. The
    /// measure scores each frame against the source on its own and does not see the judder of a
    /// lower rate on smooth motion: on the issue-19 benchmark's calm clip, 15 merged frames at 4 bits
    /// measured 0.9541 against 30 frames at 256 colours' 0.9533, while butteraugli over six frames
    /// put them at 16.9 and 9.1 (lower is better). Within this margin, the higher rate ships.
    static let frameRateCutMargin = 0.002

    /// Dithering is tried once, on the winner: it trades structure for smooth gradients, and only
    /// the measurement can say which wins for this sticker. Skipped once the budget is spent and
    /// the winner is acceptable.
    private func dither(_ session: FitSession, _ state: inout SearchState) throws {
        guard options.dithering == .auto, let best = state.best, try session.isLossyPalette(best) else { return }
        if session.overBudget && isAcceptable(best) {
            session.budgetReached = true
            return
        }
        var dithered = try session.candidate(geometry: best.geometry, step: best.step, dithering: .floydSteinberg(strength: Self.ditherStrength))
        if dithered.predictedBytes > options.maxBytes {
            guard let weaker = Self.weakerStrength(plain: best.predictedBytes, dithered: dithered.predictedBytes, limit: options.maxBytes) else { return }
            dithered = try session.candidate(geometry: best.geometry, step: best.step, dithering: .floydSteinberg(strength: weaker))
            guard dithered.predictedBytes <= options.maxBytes else { return }
        }
        let measured = try session.measured(dithered)
        if (measured.quality ?? 0) > (best.quality ?? 0) { state.best = measured }
    }

    /// The error diffusion's strength tried first.
    static let ditherStrength: Float = 0.5

    /// When the winner dithered at `ditherStrength` is predicted over the limit: the strength (in
    /// eighths, rounded down) where the bytes, taken as growing in proportion to the strength, would
    /// meet the limit; nil when that is under an eighth. A grainy video's winner often leaves a
    /// sixth of the limit unused that full-strength diffusion overshoots.
    static func weakerStrength(plain: Int, dithered: Int, limit: Int) -> Float? {
        guard dithered > plain, limit > plain else { return nil }
        let share = Double(limit - plain) / Double(dithered - plain)
        let eighths = (share * Double(ditherStrength) * 8).rounded(.down)
        return eighths >= 1 ? Float(eighths / 8) : nil
    }

    /// The largest palette of the colour ladder whose predicted size fits (bytes fall as colours
    /// fall), and the smallest attempt (for the failure message when none fits). A bracket of rungs
    /// known to miss and to fit closes on the boundary; each candidate is the rung a size model
    /// (`PaletteSizes`) predicts as the most faithful to fit within the bracket. The model starts
    /// from the geometry searched before, scaled; the first geometry has none, so it tries the top
    /// (which settles it when it fits) and the bottom (which settles it when it misses) first. On the
    /// benchmark's video the model's first guess and its neighbour are the answer at most geometries:
    /// two or three candidates where halving the eleven palettes made five or six. Both end on the
    /// same rung whenever bytes fall along the ladder.
    private func largestPaletteThatFits(_ s: FitSession, geometry: Int, sizes: inout PaletteSizes?) throws -> (FitCandidate?, FitCandidate?) {
        let ladder = Array(ColourStep.ladder[ColourStep.firstPalette...])
        let dither: Dithering = options.dithering == .on ? .floydSteinberg(strength: Self.ditherStrength) : .none
        let g = try s.geometry(geometry)
        let pixels = Double(g.frames.count * g.frames[0].image.pixelCount)
        let prior = sizes?.estimate(rungs: ladder.count, pixels: pixels)
        var tried: [Int: Int] = [:], smallest: FitCandidate?
        defer { if prior != nil || tried.count >= 2 { sizes = .updated(prior: prior, pixels: pixels, tried: tried) } }
        func attempt(_ i: Int) throws -> FitCandidate {
            let c = try s.candidate(geometry: geometry, step: ladder[i], dithering: dither)
            tried[i] = c.predictedBytes
            if smallest.map({ c.predictedBytes < $0.predictedBytes }) ?? true { smallest = c }
            return c
        }
        let limit = options.maxBytes
        // Rung `misses` is known over the limit (-1: none is), rung `fits` under it (ladder.count: none is).
        var misses = -1, fits = ladder.count, fit: FitCandidate?
        if prior == nil {
            let top = try attempt(0)
            if top.predictedBytes <= limit { return (top, top) }
            let bottom = try attempt(ladder.count - 1)
            guard bottom.predictedBytes <= limit else { return (nil, bottom) }
            (misses, fits, fit) = (0, ladder.count - 1, bottom)
        }
        let found = try mostFaithfulThatFits(misses: misses, fits: fits, fit: fit, attempt: attempt, guess: { misses, fits in
            let model = PaletteSizes.updated(prior: prior, pixels: pixels, tried: tried).estimate(rungs: ladder.count, pixels: pixels)
            return model.map { m in ((misses + 1)..<fits).first { m[$0] <= Double(limit) } ?? fits - 1 } ?? (misses + fits) / 2
        })
        return (found, smallest)
    }

    /// Where a 256-colour palette fits: the most faithful levels step predicted to fit, measured; nil
    /// when not even the coarsest fits. Bytes fall down the ladder, so the coarsest step is tried
    /// first (when it misses, that one candidate settles it), then a binary search between it and the
    /// top, cut short (keeping the finest found) once the time budget is spent.
    func finestLevelsThatFit(_ s: FitSession, geometry: Int) throws -> FitCandidate? {
        let ladder = Array(ColourStep.ladder[..<ColourStep.firstPalette])
        func attempt(_ i: Int) throws -> FitCandidate { try s.candidate(geometry: geometry, step: ladder[i], dithering: .none) }
        let coarsest = try attempt(ladder.count - 1)
        guard coarsest.predictedBytes <= options.maxBytes else { return nil }
        return try mostFaithfulThatFits(misses: -1, fits: ladder.count - 1, fit: coarsest, attempt: attempt, stop: {
            guard s.overBudget else { return false }
            s.budgetReached = true
            return true
        }).map(s.measured)
    }

    /// A bracket closed on a ladder whose bytes fall step by step: rung `misses` is predicted over
    /// the limit (-1: above the top, untried), rung `fits` under it with candidate `fit` (the
    /// ladder's length and nil: below the bottom, untried); returns the most faithful rung between
    /// them predicted to fit (nil when none is). Each attempt is at `guess(misses, fits)`, a rung
    /// strictly between the two (halfway unless told). `stop`, asked before each attempt, ends it
    /// early with the most faithful found so far.
    private func mostFaithfulThatFits(misses: Int, fits: Int, fit: FitCandidate?, attempt: (Int) throws -> FitCandidate,
                                      stop: () -> Bool = { false },
                                      guess: (_ misses: Int, _ fits: Int) -> Int = { ($0 + $1) / 2 }) throws -> FitCandidate? {
        var lo = misses, hi = fits, best = fit
        while hi - lo > 1, !stop() {
            let mid = guess(lo, hi)
            let c = try attempt(mid)
            if c.predictedBytes <= options.maxBytes { hi = mid; best = c } else { lo = mid }
        }
        return best
    }
}
