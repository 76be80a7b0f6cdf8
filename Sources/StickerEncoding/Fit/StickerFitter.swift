import ImageCodec
import StickerCore

/// Gets a sticker under a byte limit with the least measured loss, and says what it cost.
///
/// Lossless first (the encoder's full optimisation, up to `.max` effort when that can close the
/// gap). Only when that is over the limit and lossy fitting is allowed: a search over frame count
/// (key poses kept, loop time kept), size (within the grid, never below `minSide`) and palette size
/// (one shared palette, optional dithering). For each frame count and size it finds the largest
/// palette that fits, measures its quality, and keeps the best-measuring fit overall; a frame count
/// and size whose quality before quantising cannot beat the best so far is skipped. Sizes down to
/// the grid cell come first; smaller sizes only when nothing at full size reaches `minQuality`
/// (the display size is part of the design). The search stops once `timeBudget` is spent and an
/// acceptable candidate is in hand. Every returned file is at or under the limit and keeps each
/// frame's time exactly (the loop within 1 ms, verified by decoding the output).
public struct StickerFitter: Sendable {
    /// Options in force.
    public var options: FitOptions

    /// A lossless estimate must be this far over the limit before the slow lossless encodes are
    /// skipped. The estimate (quick encode x frame-0 ratio) overshot the real size by at most 2.2%
    /// on the test animations (and undershoots by up to 20% on gradients, which only costs time).
    static let losslessSkipMargin = 1.10
    /// How far over the limit the requested effort's lossless file may be for `.max` to be tried
    /// (with the brute-force filter it saves 4-8% over `.default`; docs/encoder.md).
    static let maxEffortSlack = 1.10
    /// `.max` effort's wall time over `.default`'s on the same frames (the encoder benchmark's
    /// figures, rounded up): predicts whether a max-effort lossless encode fits the time budget.
    static let maxEffortTimeFactor = 10.0

    /// Where the time is read: the report's seconds, and the budget when it is a wall-clock one.
    public var clock: FitClock
    /// Whether the budget is read on `clock` (else counted in work: deterministic).
    public var wallClockBudget: Bool

    /// A fitter; the budget is counted in work unless `options.wallClock`.
    public init(options: FitOptions = FitOptions()) {
        self.options = options; self.clock = .system; self.wallClockBudget = options.wallClock
    }

    /// A fitter reading the time budget from `clock` (tests inject one).
    public init(options: FitOptions, clock: FitClock) { self.options = options; self.clock = clock; self.wallClockBudget = true }

    /// Fits `frames` (full canvases; one frame means a still PNG); `loopCount` 0 = forever.
    /// - Throws: `FitError` when nothing acceptable fits, with the best attempt's figures.
    public func fit(frames: [AnimationFrame], loopCount: Int, gridSize: GridSize) throws -> FitResult {
        guard let first = frames.first else { throw FitError.invalidInput("no frames") }
        guard options.maxBytes > 0 else { throw FitError.invalidInput("byte limit \(options.maxBytes) is not positive") }
        guard frames.allSatisfy({ $0.image.width == first.image.width && $0.image.height == first.image.height }) else {
            throw FitError.invalidInput("frames differ in size; all frames must share one canvas")
        }
        guard options.timeBudget >= 0, options.timeBudget.isFinite else {
            throw FitError.invalidInput("time budget \(options.timeBudget) s is not a finite number of seconds, 0 or more")
        }
        let session = FitSession(options: options, input: frames, loopCount: loopCount, grid: gridSize, clock: clock,
                                  wallBudget: wallClockBudget)
        let lossless = try losslessStage(session)
        let base = FitReport(lossless: true, steps: lossless.steps, losslessBytes: lossless.bytes,
                             finalBytes: lossless.bytes, maxBytes: options.maxBytes,
                             headroom: options.maxBytes - lossless.bytes, quality: 1, qualityMetric: fitQualityMetric,
                             framesIn: frames.count, framesDropped: 0, colours: lossless.encoded?.paletteCount,
                             dithering: nil, scale: 1, width: first.image.width, height: first.image.height,
                             loopDurationMs: Self.loopMilliseconds(frames), encodes: 0, scaledBelowGridCell: false,
                             candidates: [], seconds: 0, timeBudgetSeconds: options.timeBudget, timeBudgetReached: false)
        if let encoded = lossless.encoded, encoded.bytes.count <= options.maxBytes {
            return try verified(encoded.bytes, session: session, report: base)
        }
        guard options.lossy else {
            throw FitError.overLimitLossless(bytes: lossless.bytes, limit: options.maxBytes)
        }
        let found = try search(session)
        return try finish(found.best, runnerUp: found.runnerUp, session: session, base: base)
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
        session.noteLossless("lossless quick encode: \(sized.bytes.count) B")
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
        let started = session.spent
        let strong = try session.encode(input, mode: .effort(options.effort))
        let strongSeconds = session.spent - started
        session.noteLossless("lossless \(options.effort.rawValue) effort: \(strong.bytes.count) B")
        steps.append("lossless \(options.effort.rawValue) effort \(strong.bytes.count) B")
        // The requested effort's file when it fits (what a plain build writes), else the smaller.
        var best = strong.bytes.count <= options.maxBytes || strong.bytes.count <= sized.bytes.count ? strong : sized
        if best.bytes.count > options.maxBytes && options.effort != .max
            && Double(best.bytes.count) <= limit * Self.maxEffortSlack {
            // With lossy allowed, max effort races the lossy search (whose most faithful candidates
            // are near-lossless) for the time budget: it runs only when it should end within it.
            let expected = strongSeconds * Self.maxEffortTimeFactor
            if options.lossy && session.spent + expected >= session.budget {
                session.budgetReached = true
                steps.append("lossless max effort skipped: about \(FitError.seconds(expected)) s expected, "
                             + "over the \(session.budgetText)")
            } else {
                let strongest = try session.encode(input, mode: .effort(.max))
                session.noteLossless("lossless max effort: \(strongest.bytes.count) B")
                steps.append("lossless max effort \(strongest.bytes.count) B")
                if strongest.bytes.count < best.bytes.count { best = strongest }
            }
        }
        return LosslessOutcome(encoded: best, bytes: best.bytes.count, steps: steps)
    }
}
