import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Issue 19's video levers: every frame count is tried within the default work bound, and a rate
/// above 30 fps is cut uniformly before the search.
final class VideoFitTests: XCTestCase {
    /// `frames` frames at 30 fps: a fixed grain texture (costly to store, the same in every frame)
    /// inside a translucent disc drifting a quarter pixel a frame, so frames differ little and
    /// colours are dear: fewer frames cost less than fewer colours.
    static func calmGrainyClip(frames: Int, side: Int) -> [AnimationFrame] {
        var grain = [UInt8](repeating: 0, count: side * side * 3)
        var s: UInt32 = 12345
        for i in grain.indices { s ^= s << 13; s ^= s >> 17; s ^= s << 5; grain[i] = UInt8(truncatingIfNeeded: s) }
        return (0..<frames).map { f in
            var image = PixelBuffer(width: side, height: side)
            for y in 0..<side { for x in 0..<side {
                let g = (y * side + x) * 3, cx = Double(side) / 2 + Double(f) / 4 - 2
                let d = ((Double(x) - cx) * (Double(x) - cx) + Double((y - side / 2) * (y - side / 2))).squareRoot() / Double(side)
                let a = UInt8(max(0, min(255, Int(255 * (1.1 - d / 0.5)))))
                image[x, y] = RGBA(grain[g] / 2 + 60, grain[g + 1] / 2 + 40, grain[g + 2] / 2 + 80, a)
            } }
            return AnimationFrame(image: image, delay: .fps(30))
        }
    }

    /// The budget spent from the start (0 work seconds) and a floor nothing reaches: the search used to
    /// give up after the first geometry (30 fps) and ship it; now 15 and 10 fps are tried at that size
    /// before it gives up, and the best of them ships.
    func testFifteenAndTenFpsAreTriedOnANoisyThirtyFpsClipWhenTheBudgetIsSpent() throws {
        let clip = Self.calmGrainyClip(frames: 12, side: 24)
        let lossless = try PNGEncoder().encodeAnimation(clip, loopCount: 0).count
        var options = FitOptions(maxBytes: lossless / 6, lossy: true, minQuality: 0.9999, dithering: .off, minSide: 24,
                                 timeBudget: 0)
        options.keepBestBelowFloor = true
        let result = try StickerFitter(options: options).fit(frames: clip, loopCount: 0, gridSize: .large)
        let candidates = result.report.candidates
        XCTAssertTrue(candidates.contains { $0.hasPrefix("24x24, 6 frames merged, ") }, "\(candidates)")
        XCTAssertTrue(candidates.contains { $0.hasPrefix("24x24, 4 frames merged, ") }, "\(candidates)")
        XCTAssertTrue(result.report.timeBudgetReached)
        XCTAssertGreaterThan(result.report.framesDropped, 0, "fewer frames measure better here: \(candidates)")
        XCTAssertLessThanOrEqual(result.bytes.count, lossless / 6)
        XCTAssertEqual(result.report.loopDurationMs, 400, accuracy: 1e-9)
    }

    /// A calm clip where a 256-colour palette fits at every frame but truecolour only at fewer: the
    /// search used to stop at the palette (fewer frames "can only lose quality"); now fewer frames
    /// with more colours are tried, and they win when they measure better.
    func testFewerFramesAreTriedWhenTheyLetMoreColoursFit() throws {
        let clip = Self.calmGrainyClip(frames: 12, side: 24)
        let all = try PNGEncoder().encodeAnimation(clip, loopCount: 0).count
        let half = try PNGEncoder().encodeAnimation(FrameDropper.merge(clip, kept: FrameDropper(images: clip.map(\.image)).kept(count: 6)),
                                                    loopCount: 0).count
        XCTAssertLessThan(half * 10, all * 7, "every 2nd frame costs clearly less: \(half) of \(all) B")
        var options = FitOptions(maxBytes: (half + all) / 2, lossy: true, minQuality: 0.5, dithering: .off, minSide: 24)
        options.keepBestBelowFloor = true
        let result = try StickerFitter(options: options).fit(frames: clip, loopCount: 0, gridSize: .large)
        let candidates = result.report.candidates
        XCTAssertTrue(candidates.contains { $0.hasPrefix("24x24, 12 frames, palette 256 colours") }, "\(candidates)")
        XCTAssertTrue(candidates.contains { $0.hasPrefix("24x24, 6 frames merged, 7 bits per channel") }, "\(candidates)")
        XCTAssertEqual(result.report.framesDropped, 6, "\(candidates)")
        XCTAssertNotNil(result.report.bitsPerChannel, "\(candidates)")
        XCTAssertLessThanOrEqual(result.bytes.count, options.maxBytes)
        XCTAssertEqual(result.report.loopDurationMs, 400, accuracy: 1e-9)
    }

    /// `frames` frames at 30 fps of a grey field with fresh grain in every frame (`amplitude` code
    /// values either side), opaque.
    static func freshGrainClip(frames: Int, side: Int, amplitude: Int) -> [AnimationFrame] {
        var s: UInt32 = 2024
        return (0..<frames).map { _ in
            var image = PixelBuffer(width: side, height: side)
            for y in 0..<side { for x in 0..<side {
                s ^= s << 13; s ^= s >> 17; s ^= s << 5
                let v = UInt8(128 + Int(s % UInt32(2 * amplitude + 1)) - amplitude)
                image[x, y] = RGBA(v, v, v)
            } }
            return AnimationFrame(image: image, delay: .fps(30))
        }
    }

    /// Issue 19: on a clip whose frames differ by fresh grain, a frame-rate cut's kept frames merge
    /// the runs they stand for (`TemporalMerge`), which measures clearly better than holding each
    /// run's first frame; the geometry's bound is the merge's quality.
    func testACutOfAGrainyClipMergesItsRuns() throws {
        let clip = Self.freshGrainClip(frames: 8, side: 24, amplitude: 12)
        let session = FitSession(options: FitOptions(lossy: true, minSide: 24), input: clip, loopCount: 0, grid: .large,
                                 clock: .system, wallBudget: false)
        let index = try XCTUnwrap(session.specs.firstIndex { $0.keep == 4 && $0.side == nil })
        let g = try session.geometry(index)
        XCTAssertTrue(g.merged)
        XCTAssertEqual(g.frames.map(\.image), try FrameDropper.merged(session.input, kept: [0, 2, 4, 6]).map(\.image))
        let held = FrameDropper.merge(session.input, kept: [0, 2, 4, 6])
        let heldQuality = try StickerQuality().score(reference: session.reference, candidate: g.shown.map { held[$0].image },
                                                     weights: session.weights)
        let bound = try session.bound(index)
        XCTAssertEqual(bound, try StickerQuality().score(reference: session.reference, candidate: g.shown.map { g.frames[$0].image },
                                                         weights: session.weights), accuracy: 1e-12)
        XCTAssertGreaterThan(bound, heldQuality + 0.05, "merged \(bound), held \(heldQuality)")
    }

    /// A hard-edged square moving 3 px a frame: nothing is merged (the merge would equal the cut,
    /// and a tie keeps the cut), so no ghost.
    func testACutOfHardEdgedMotionHoldsItsFrames() throws {
        let clip = (0..<8).map { f -> AnimationFrame in
            var image = PixelBuffer(width: 32, height: 32, fill: RGBA(90, 90, 90))
            for y in 10..<18 { for x in (3 * f)..<(3 * f + 8) { image[x, y] = RGBA(250, 240, 20) } }
            return AnimationFrame(image: image, delay: .fps(30))
        }
        let session = FitSession(options: FitOptions(lossy: true, minSide: 32), input: clip, loopCount: 0, grid: .large,
                                 clock: .system, wallBudget: false)
        let index = try XCTUnwrap(session.specs.firstIndex { $0.keep == 4 && $0.side == nil })
        let g = try session.geometry(index)
        XCTAssertFalse(g.merged)
        XCTAssertEqual(g.frames.map(\.image), [0, 2, 4, 6].map { clip[$0].image })
        XCTAssertEqual(try FrameDropper.merged(session.input, kept: [0, 2, 4, 6]).map(\.image), g.frames.map(\.image))
    }

    /// Fewer frames replace more only when they measure better by more than the margin (the
    /// benchmark's calm clip: 15 merged frames at 0.9541 against 30 at 0.9533 keep the 30); the same
    /// frame count needs only to measure higher.
    func testFewerFramesMustMeasureBetterByTheMargin() {
        XCTAssertEqual(StickerFitter.frameRateCutMargin, 0.002)
        XCTAssertFalse(StickerFitter.replaces(quality: 0.9541, keep: 15, best: 0.9533, bestKeep: 30))
        XCTAssertFalse(StickerFitter.replaces(quality: 0.9552, keep: 15, best: 0.9533, bestKeep: 30))
        XCTAssertTrue(StickerFitter.replaces(quality: 0.9554, keep: 15, best: 0.9533, bestKeep: 30))
        XCTAssertTrue(StickerFitter.replaces(quality: 0.9534, keep: 30, best: 0.9533, bestKeep: 30))
        XCTAssertFalse(StickerFitter.replaces(quality: 0.9533, keep: 30, best: 0.9533, bestKeep: 30))
        XCTAssertTrue(StickerFitter.replaces(quality: 0.9534, keep: 30, best: 0.9533, bestKeep: 15))
    }

    /// The search's winner (6 of 12 frames at 5 bits) misses the limit at its final encode and steps
    /// down to 4 bits, which no longer beats the candidate it replaced (all 12 frames, given a
    /// quality it cannot beat): that candidate is finished instead, and the steps say why.
    func testAWinnerThatStepsDownYieldsToTheCandidateItReplaced() throws {
        let clip = Self.calmGrainyClip(frames: 12, side: 24)
        func session(_ maxBytes: Int) -> FitSession {
            FitSession(options: FitOptions(maxBytes: maxBytes, lossy: true, minQuality: 0, dithering: .off, minSide: 24), input: clip,
                       loopCount: 0, grid: .large, clock: .system, wallBudget: false)
        }
        let probe = session(100_000_000)
        let all = try XCTUnwrap(probe.specs.firstIndex { $0.keep == 12 && $0.side == nil })
        let half = try XCTUnwrap(probe.specs.firstIndex { $0.keep == 6 && $0.side == nil })
        // What `finish` ships for a candidate: the smaller of its effort and quick encodes.
        func shipped(_ s: FitSession, _ geometry: Int, _ step: ColourStep) throws -> Int {
            let c = try s.withEffortEncode(try s.candidate(geometry: geometry, step: step, dithering: .none))
            return min(c.effortEncoded!.bytes.count, c.encoded.bytes.count)
        }
        let five = try shipped(probe, half, .levels(bits: 5)), four = try shipped(probe, half, .levels(bits: 4))
        let runnerBytes = try shipped(probe, all, .palette(16))
        XCTAssertLessThan(four, five)
        XCTAssertLessThan(runnerBytes, five)
        let s = session(five - 1)   // 5 bits misses, 4 bits and the runner-up fit
        let fitter = StickerFitter(options: s.options)
        let winner = try s.measured(try s.candidate(geometry: half, step: .levels(bits: 5), dithering: .none))
        var runner = try s.measured(try s.candidate(geometry: all, step: .palette(16), dithering: .none)).withoutFrames
        runner.quality = 1
        let base = FitReport(lossless: true, steps: [], losslessBytes: 0, finalBytes: 0, maxBytes: s.options.maxBytes, headroom: 0,
                             quality: 1, qualityMetric: "", framesIn: 12, framesDropped: 0, colours: nil, dithering: nil, scale: 1,
                             width: 24, height: 24, loopDurationMs: 400, encodes: 0, scaledBelowGridCell: false, candidates: [],
                             seconds: 0, timeBudgetSeconds: 5, timeBudgetReached: false)
        let result = try fitter.finish(winner, runnerUp: runner, session: s, base: base)
        XCTAssertEqual(result.report.framesDropped, 0, "\(result.report.steps)")
        XCTAssertNotNil(result.report.colours)   // the runner-up's palette, climbed to the most colours that fit
        XCTAssertLessThanOrEqual(result.bytes.count, s.options.maxBytes)
        XCTAssertTrue(result.report.steps.contains { $0.hasPrefix("4 bits per channel: quality ") && $0.hasSuffix(
            "no longer beats the candidate it replaced (12 frames, palette 16 colours, quality 1.0000): that one is finished instead") },
                      "\(result.report.steps)")
        // Without a runner-up the stepped-down winner ships.
        let alone = try fitter.finish(winner, session: s, base: base)
        XCTAssertEqual(alone.report.framesDropped, 6)
        XCTAssertEqual(alone.report.bitsPerChannel, 4)
    }

    /// The default work budget is 5 work seconds or 16 passes over the input, whichever is more.
    func testTheWorkBudgetCoversSixteenPassesOverALargeVideo() throws {
        let small = FitSession(options: FitOptions(), input: Self.calmGrainyClip(frames: 3, side: 8), loopCount: 0,
                               grid: .large, clock: .system, wallBudget: false)
        XCTAssertEqual(small.budget, 5)
        let frames = (0..<10).map { _ in AnimationFrame(image: PixelBuffer(width: 512, height: 512), delay: .fps(30)) }
        let large = FitSession(options: FitOptions(), input: frames, loopCount: 0, grid: .large, clock: .system, wallBudget: false)
        XCTAssertEqual(large.budget, 10.0 * 512 * 512 * 16 / 8_000_000, accuracy: 1e-9)
        XCTAssertEqual(large.budgetText, "work budget of 5.24 s (16 passes over the input: 41.9 megapixels processed)")
        let wall = FitSession(options: FitOptions(), input: frames, loopCount: 0, grid: .large, clock: .system, wallBudget: true)
        XCTAssertEqual(wall.budget, 5)
    }

    /// 60 fps (a TGS render) becomes every 2nd frame, each held twice as long; the loop is exact.
    func testSixtyFpsIsCutUniformlyToThirty() {
        let frames = (0..<12).map { AnimationFrame(image: PixelBuffer(width: 2, height: 2, fill: RGBA(UInt8($0), 0, 0)), delay: .fps(60)) }
        let cut = FitTarget.rateCut(frames)
        XCTAssertEqual(cut.frames.map { $0.image[0, 0].r }, [0, 2, 4, 6, 8, 10])
        for frame in cut.frames { XCTAssertEqual(frame.delay.milliseconds, 1000.0 / 30, accuracy: 1e-9) }
        XCTAssertEqual(cut.frames.map(\.delay).reduce(FrameDelay.zero, +).milliseconds, 200, accuracy: 1e-9)
        XCTAssertEqual(cut.dropped, 6)
        XCTAssertEqual(cut.step, "frame rate 60 -> 30 fps: every 2nd frame kept (12 -> 6 frames, loop 200 ms kept; "
                       + "over 30 fps is frame_rate_high)")
        let thirty = (0..<12).map { _ in AnimationFrame(image: PixelBuffer(width: 2, height: 2), delay: .fps(30)) }
        XCTAssertNil(FitTarget.rateCut(thirty).step)
        XCTAssertEqual(FitTarget.rateCut(thirty).frames.count, 12)
    }
}
