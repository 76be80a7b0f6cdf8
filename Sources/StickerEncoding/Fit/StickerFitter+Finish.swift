import ImageCodec
import StickerCore

extension StickerFitter {
    /// Encodes the winner at the requested effort (the quick encode is kept when smaller). Should
    /// the prediction have been optimistic and the file miss the limit, the next smaller colour steps
    /// of the same geometry and dithering are tried until one fits; should it have been pessimistic,
    /// more faithful steps that now look likely to fit are tried. Then the file is verified.
    ///
    /// When the winner had to step down and so no longer beats `runnerUp` (the candidate it
    /// replaced in the search) by the search's rule, the runner-up is finished instead.
    func finish(_ chosen: FitCandidate, runnerUp: FitCandidate? = nil, session: FitSession, base: FitReport) throws -> FitResult {
        var best = chosen
        var encoded = try smallest(&best, session: session)
        var steppedDown: [String] = []
        while encoded.bytes.count > options.maxBytes {
            guard let smaller = best.step.smaller else {
                throw FitError.nothingFits(smallestBytes: encoded.bytes.count, limit: options.maxBytes,
                                           steps: try steps(for: best, session: session))
            }
            steppedDown.append("\(best.step): \(encoded.bytes.count) B at \(options.effort.rawValue) effort, over")
            best = try session.measured(try session.candidate(geometry: best.geometry, step: smaller, dithering: best.dithering))
            encoded = try smallest(&best, session: session)
        }
        if !steppedDown.isEmpty, let runner = runnerUp, !beats(best, runner, session) {
            var back = base
            back.steps += steppedDown + ["\(best.step): quality \(FitError.figure(best.quality ?? 0)) no longer beats the candidate it "
                                         + "replaced (\(session.specs[runner.geometry].keep) frames, \(runner.step), quality "
                                         + "\(FitError.figure(runner.quality ?? 0))): that one is finished instead"]
            let again = try session.measured(try session.candidate(geometry: runner.geometry, step: runner.step, dithering: runner.dithering))
            return try finish(again, session: session, base: back)
        }
        if steppedDown.isEmpty {
            var pastBudget = 0
            while true {
                // Past a work budget the climb goes on for `climbsPastBudget` palette steps: the file
                // just made measured the prediction, and bytes it left unused are quality given away
                // (a noisy video's 100-colour palette left 23% of the limit). Never past a wall-clock
                // budget (an upper bound on time) and never into the levels search (a bisection).
                if session.overBudget {
                    let palettes = best.step.moreFaithful?.paletteSize != nil
                    guard !session.wallBudget, palettes, pastBudget < Self.climbsPastBudget else {
                        if best.step.moreFaithful != nil { session.budgetReached = true }
                        break
                    }
                    pastBudget += 1
                }
                guard let larger = try moreFaithfulStepThatFits(than: best, session: session) else { break }
                best = larger.0
                encoded = larger.1
            }
        }
        guard let quality = best.quality, quality >= options.minQuality || options.keepBestBelowFloor else {
            throw FitError.belowQualityFloor(quality: best.quality ?? 0, minQuality: options.minQuality,
                                             bytes: encoded.bytes.count, limit: options.maxBytes,
                                             steps: try steps(for: best, session: session))
        }
        let g = try session.geometry(best.geometry)
        var report = base
        report.lossless = false
        report.steps += steppedDown + (try steps(for: best, session: session))
        report.steps.append("\(encoded.bytes.count) B at \(options.effort.rawValue) effort")
        if quality < options.minQuality {
            report.belowQualityFloor = true
            report.steps.append("quality \(FitError.figure(quality, below: options.minQuality)), below the floor of "
                                + "\(FitError.figure(options.minQuality)): the best candidate under the limit, kept")
        }
        report.finalBytes = encoded.bytes.count
        report.headroom = options.maxBytes - encoded.bytes.count
        report.quality = quality
        report.framesDropped = session.input.count - g.keepCount
        report.framesMerged = g.merged
        report.colours = encoded.paletteCount
        report.bitsPerChannel = best.step.bitsPerChannel
        report.dithering = best.dithering.description
        report.width = g.frames[0].image.width
        report.height = g.frames[0].image.height
        report.scale = Double(max(report.width, report.height)) / Double(max(base.width, base.height))
        report.scaledBelowGridCell = session.isBelowCell(best.geometry)
        return try verified(encoded.bytes, session: session, report: report)
    }

    /// The next more faithful colour step of `c`'s geometry, measured, with its file, when the
    /// ratio just measured predicts it fits, it does fit, and it measures better; else nil. Above a
    /// 256-colour palette (whose prediction may have kept the search from levels) it is the finest
    /// levels step predicted to fit: the coarsest levels can measure below the palette while finer
    /// ones beat it, so the next rung alone would stop the climb too early.
    private func moreFaithfulStepThatFits(than c: FitCandidate, session: FitSession) throws -> (FitCandidate, EncodeReport)? {
        guard (c.quality ?? 0) < Self.indistinguishable else { return nil }
        let larger: FitCandidate
        if c.step == .palette(256) {
            guard let levels = try finestLevelsThatFit(session, geometry: c.geometry) else { return nil }
            larger = levels
        } else {
            guard let step = c.step.moreFaithful else { return nil }
            // Levels are never dithered.
            larger = try session.candidate(geometry: c.geometry, step: step, dithering: step.paletteSize == nil ? .none : c.dithering)
            guard session.predictedSize(of: larger.step, fromQuick: larger.bytes) <= options.maxBytes else { return nil }
        }
        var next = try session.measured(larger)
        let file = try smallest(&next, session: session)
        guard file.bytes.count <= options.maxBytes, (next.quality ?? 0) > (c.quality ?? 0) else { return nil }
        return (next, file)
    }

    /// Palette steps the final climb may take once the work budget is spent (see `finish`).
    static let climbsPastBudget = 2

    /// The smaller of `c`'s encode at the requested effort (made now if needed) and its quick encode.
    private func smallest(_ c: inout FitCandidate, session: FitSession) throws -> EncodeReport {
        c = try session.withEffortEncode(c)
        guard let strong = c.effortEncoded, strong.bytes.count <= c.encoded.bytes.count else { return c.encoded }
        return strong
    }

    /// Human-readable steps of a candidate.
    func steps(for c: FitCandidate, session: FitSession) throws -> [String] {
        let g = try session.geometry(c.geometry)
        var out: [String] = []
        if g.keepCount < session.input.count {
            out.append("frames \(session.input.count) -> \(g.keepCount)" + (g.merged ? ", each kept frame merging the run it stands for "
                                                                               + "(grain averaged, motion held)" : ""))
        }
        if let side = g.side {
            let w = session.reference[0].width, h = session.reference[0].height
            out.append("scale \(w)x\(h) -> \(g.frames[0].image.width)x\(g.frames[0].image.height) (longest side \(side) px)"
                       + (session.isBelowCell(c.geometry) ? ", below the \(session.cellSide) px grid cell: no candidate at full size "
                          + "reached quality \(FitError.figure(options.minQuality))" : ""))
        }
        out.append(c.step.paletteSize == nil ? "\(c.step)" : "\(c.step), dithering \(c.dithering)")
        if let q = c.quality { out.append("quality \(FitError.figure(q))") }
        out.append("\(c.bytes) B quick encode, predicted \(c.predictedBytes) B at \(options.effort.rawValue) effort")
        return out
    }

    /// Checks what is about to be returned: at or under the limit, and one loop within 1 ms of the
    /// input's (read back from the file itself); then adds the search's cost to the report.
    func verified(_ bytes: [UInt8], session: FitSession, report: FitReport) throws -> FitResult {
        let frames = session.input
        guard bytes.count <= options.maxBytes else {
            throw FitError.nothingFits(smallestBytes: bytes.count, limit: options.maxBytes, steps: report.steps)
        }
        let decoded: DecodedImage
        do { decoded = try ImageDecoder().decode(bytes) } catch {
            throw FitError.codec("the fitted file does not decode: \(error)")
        }
        let want = Self.loopMilliseconds(frames)
        if frames.count > 1 && abs(decoded.loopDurationMilliseconds - want) > 1 {
            throw FitError.codec("internal: fitted loop lasts \(decoded.loopDurationMilliseconds) ms, input \(want) ms")
        }
        var report = report
        report.encodes = session.encodes
        report.searchCost = FitSearchCost(fullEncodes: session.fullEncodes, partialEncodes: session.partialEncodes,
                                          encodedPixels: session.encodedPixels,
                                          outputPixels: max(1, report.framesIn - report.framesDropped) * report.width * report.height)
        report.candidates = session.candidateLog
        report.timeBudgetReached = session.budgetReached
        report.timeBudgetSeconds = session.budget
        report.seconds = (session.elapsed * 100).rounded() / 100
        report.timeBudgetWallClock = session.wallBudget
        return FitResult(bytes: bytes, format: frames.count > 1 ? .apng : .png, report: report)
    }

    /// One loop in milliseconds (0 for a still).
    static func loopMilliseconds(_ frames: [AnimationFrame]) -> Double {
        frames.count > 1 ? frames.map(\.delay).reduce(FrameDelay.zero, +).milliseconds : 0
    }
}
