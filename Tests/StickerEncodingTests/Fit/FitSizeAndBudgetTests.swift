import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The display size is kept (scaling below the grid cell only when nothing at full size reaches the
/// quality floor, and then said), and the time budget ends the search (an injected clock, so no
/// test depends on the machine's speed).
final class FitSizeAndBudgetTests: XCTestCase {
    /// A clock that never moves: with budget 0 the budget is spent from the start, with any other
    /// budget it never is.
    private static let frozen = FitClock { 0 }

    /// Smooth colour with a little noise inside a soft alpha edge (the case): a palette at
    /// full size fits but bands, while a smaller size with more levels per channel measures better
    /// after scaling back up, which is what used to shrink stickers.
    private let input = FitSizeAndBudgetTests.softEdged(count: 2, side: 48)

    static func softEdged(count: Int, side: Int) -> [AnimationFrame] {
        (0..<count).map { f in
            var image = PixelBuffer(width: side, height: side)
            var s = UInt32(f * 7919 + 1)
            for y in 0..<side { for x in 0..<side {
                s ^= s << 13; s ^= s >> 17; s ^= s << 5
                let n = Int(s % 5) - 2, t = Double(f) * 2.1, fx = Double(x), fy = Double(y)
                func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int((127.5 + 120 * sin(v)).rounded()) + n))) }
                let dx = fx - Double(side) / 2 - 6 * sin(t), dy = fy - Double(side) / 2
                let r = (dx * dx + dy * dy).squareRoot() / Double(side)
                let alpha = UInt8(max(0, min(255, Int(255 * (1 - max(0, r - 0.25) / 0.2)))))
                image[x, y] = RGBA(channel(fx / 13 + t), channel(fy / 17 - t), channel((fx + fy) / 23 + fx * fy / 900), alpha)
            } }
            return AnimationFrame(image: image, delay: .milliseconds(100))
        }
    }

    private func fit(limit: Int, minQuality: Double, budget: Double = 1_000) throws -> FitResult {
        let options = FitOptions(maxBytes: limit, lossy: true, minQuality: minQuality, dithering: .off, minSide: 24,
                                 timeBudget: budget)
        return try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .large)
    }

    /// The limit of these tests: a 256-colour palette at full size fits, 5 bits per channel does not.
    private func limit() throws -> Int {
        let palette = try PaletteQuantizer(maxColors: 256).quantize(input.map(\.image), dithering: .none)
        let paletteBytes = try PNGEncoder().encodeAnimation(zip(palette.frames, input).map { AnimationFrame(image: $0, delay: $1.delay) },
                                                            loopCount: 0).count
        return paletteBytes * 11 / 10
    }

    func testAStickerThatFitsAtFullSizeWithAPaletteKeepsItsSize() throws {
        let limit = try limit()
        let kept = try fit(limit: limit, minQuality: 0.5)
        XCTAssertEqual(kept.report.scale, 1, "\(kept.report.steps)")
        XCTAssertEqual([kept.report.width, kept.report.height], [48, 48])
        XCTAssertFalse(kept.report.scaledBelowGridCell)
        XCTAssertNotNil(kept.report.colours, "\(kept.report.steps)")
        XCTAssertLessThanOrEqual(kept.bytes.count, limit)
        XCTAssertEqual(try ImageDecoder().decode(kept.bytes).frames[0].image.width, 48)
        XCTAssertFalse(kept.report.candidates.contains { $0.hasPrefix("42x42") }, "\(kept.report.candidates)")
        // A floor the full size cannot reach: now scaled below the cell, and said everywhere.
        let floor = kept.report.quality + (1 - kept.report.quality) / 4
        let scaled = try fit(limit: limit, minQuality: floor)
        XCTAssertLessThan(scaled.report.scale, 1)
        XCTAssertTrue(scaled.report.scaledBelowGridCell)
        XCTAssertGreaterThanOrEqual(scaled.report.quality, floor)
        XCTAssertGreaterThan(scaled.report.quality, kept.report.quality, "the smaller size measures better, yet was not taken")
        XCTAssertTrue(scaled.report.summary.contains("below the grid cell: no full-size candidate reached the quality floor"),
                      scaled.report.summary)
        XCTAssertTrue(scaled.report.steps.contains { $0.contains("below the 48 px grid cell: no candidate at full size reached quality") },
                      "\(scaled.report.steps)")
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(scaled.report)) as? [String: Any]
        XCTAssertEqual(json?["scaledBelowGridCell"] as? Bool, true)
    }

    func testATimeBudgetOfZeroStillGivesAVerifiedFitAndSaysTheBudgetEndedTheSearch() throws {
        let limit = try limit()
        let unbounded = try fit(limit: limit, minQuality: 0.5)
        let bounded = try fit(limit: limit, minQuality: 0.5, budget: 0)
        XCTAssertFalse(unbounded.report.timeBudgetReached)
        XCTAssertTrue(bounded.report.timeBudgetReached)
        XCTAssertEqual(bounded.report.timeBudgetSeconds, 0)
        XCTAssertLessThanOrEqual(bounded.bytes.count, limit)
        XCTAssertEqual(bounded.report.finalBytes, bounded.bytes.count)
        XCTAssertLessThan(bounded.report.candidates.count, unbounded.report.candidates.count)
        // The first acceptable candidate: the full-size 256-colour palette, no levels tried.
        XCTAssertEqual(bounded.report.colours.map { $0 > 16 }, true, "\(bounded.report.candidates)")
        XCTAssertTrue(bounded.report.candidates.contains { $0.hasPrefix("lossless quick encode: ") })
        XCTAssertTrue(bounded.report.candidates.contains { $0.hasPrefix("48x48, 2 frames, palette 256 colours, dithering none: ") })
        XCTAssertFalse(bounded.report.candidates.contains { $0.contains("bits per channel") }, "\(bounded.report.candidates)")
        XCTAssertEqual(try ImageDecoder().decode(bounded.bytes).loopDurationMilliseconds, 200, accuracy: 1)
        XCTAssertTrue(bounded.report.indentedText.contains("  search: \(bounded.report.candidates.count) candidates in "),
                      bounded.report.indentedText)
        XCTAssertTrue(bounded.report.indentedText.hasSuffix("(time budget 0 s, reached)\n"), bounded.report.indentedText)
    }

    func testMaxEffortLosslessIsSkippedWhenItCannotEndWithinTheBudget() throws {
        let frames = StickerFitterTests.frames()
        let plain = try PNGEncoder().encodeAnimation(frames, loopCount: 0).count
        let options = FitOptions(maxBytes: plain - 1, lossy: true, minQuality: 0.5, timeBudget: 0)
        let result = try StickerFitter(options: options, clock: Self.frozen).fit(frames: frames, loopCount: 0, gridSize: .regular)
        XCTAssertTrue(result.report.steps.contains { $0.hasPrefix("lossless max effort skipped: ") }, "\(result.report.steps)")
        XCTAssertFalse(result.report.candidates.contains { $0.hasPrefix("lossless max effort") })
        XCTAssertFalse(result.report.lossless)
        XCTAssertLessThanOrEqual(result.bytes.count, plain - 1)
        XCTAssertTrue(result.report.timeBudgetReached)
        // Without --lossy there is no other way to fit: max effort runs whatever the budget.
        let strict = FitOptions(maxBytes: plain - 1, lossy: false, timeBudget: 0)
        do {
            let lossless = try StickerFitter(options: strict, clock: Self.frozen).fit(frames: frames, loopCount: 0, gridSize: .regular)
            XCTAssertEqual(lossless.report.steps.last?.hasPrefix("lossless max effort "), true)
        } catch FitError.overLimitLossless(let bytes, _) {
            XCTAssertEqual(bytes, try PNGEncoder(options: PNGEncodeOptions(effort: .max)).encodeAnimation(frames, loopCount: 0).count)
        }
    }

    func testASearchTheBudgetStoppedSaysSoInItsFailure() throws {
        func attempt(budget: Double, clock: FitClock = Self.frozen) -> FitError? {
            let options = FitOptions(maxBytes: 600, lossy: true, minQuality: 0.9, minSide: 24, timeBudget: budget)
            do { _ = try StickerFitter(options: options, clock: clock).fit(frames: input, loopCount: 0, gridSize: .large) } catch {
                return error as? FitError
            }
            return nil
        }
        // Unhurried, the smaller sizes are made: one fits, below the floor.
        guard case .belowQualityFloor? = attempt(budget: 1_000) else { return XCTFail("\(String(describing: attempt(budget: 1_000)))") }
        // With the budget spent the search stops after the full size, and says why.
        guard case let .nothingFits(_, limit, steps)? = attempt(budget: 0) else { return XCTFail("\(String(describing: attempt(budget: 0)))") }
        XCTAssertEqual(limit, 600)
        XCTAssertTrue(steps.contains { $0.hasPrefix("time budget of 0 s spent with nothing at or over the floor of 0.9000: ") },
                      "\(steps)")
        // It gives up as soon as the budget is spent, not later: a clock that reads the fit's start
        // once and exactly the budget (10 s) ever after.
        let ticks = ClockTicks()
        let atBudget = FitClock { ticks.next() == 0 ? 0 : 10 }
        guard case let .nothingFits(_, _, spent)? = attempt(budget: 10, clock: atBudget) else {
            return XCTFail("\(String(describing: attempt(budget: 10, clock: atBudget)))")
        }
        XCTAssertTrue(spent.contains { $0.hasPrefix("time budget of 10 s spent with nothing at or over the floor of 0.9000: ") }, "\(spent)")
    }

    func testSizesAndFrameCountsThatCannotReachTheFloorAreNotTried() throws {
        // At a floor no scaled or thinned geometry reaches even before quantising, only the full
        // size is quantised, however long the budget, and the failure says why.
        let options = FitOptions(maxBytes: 600, lossy: true, minQuality: 0.9999, minSide: 24, timeBudget: 1_000)
        XCTAssertThrowsError(try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .large)) { error in
            guard case let .nothingFits(_, _, steps)? = error as? FitError else { return XCTFail("\(error)") }
            XCTAssertTrue(steps.contains { $0.hasSuffix(" frame counts and sizes skipped: their quality before quantising "
                                                        + "(scaling and frame dropping alone) is already under the floor of 0.9999") }, "\(steps)")
        }
    }

    /// Frame 0 is grain (its quick and careful encodes are about the same size), the others smooth
    /// colour (the careful encode is far smaller): the first prediction, made on frame 0, overstates
    /// every palette, so the search stops at a palette well under the limit.
    static func grainThenSmooth(side: Int) -> [AnimationFrame] {
        (0..<6).map { f in
            var image = PixelBuffer(width: side, height: side)
            var s = UInt32(77)
            for y in 0..<side { for x in 0..<side {
                s ^= s << 13; s ^= s >> 17; s ^= s << 5
                if f == 0 {
                    image[x, y] = RGBA(UInt8(truncatingIfNeeded: s), UInt8(truncatingIfNeeded: s >> 8), UInt8(truncatingIfNeeded: s >> 16), 255)
                } else {
                    let t = Double(f) / 3, fx = Double(x) / Double(side), fy = Double(y) / Double(side)
                    func c(_ v: Double) -> UInt8 { UInt8(max(0, min(255, Int((127.5 + 127 * sin(v)).rounded())))) }
                    image[x, y] = RGBA(c(fx * 5 + t), c(fy * 4 - t), c((fx + fy) * 3 + fx * fy * 4), 255)
                }
            } }
            return AnimationFrame(image: image, delay: .milliseconds(100))
        }
    }

    /// Once the work budget is spent, the final climb still takes up to two more palette steps when
    /// the file just made shows they fit: a budget of 0 used to ship the first palette predicted to
    /// fit and leave the rest of the limit unused.
    func testTheFinalClimbReclaimsBytesThePredictionLeftUnusedPastAWorkBudget() throws {
        let frames = Self.grainThenSmooth(side: 64)
        func file(_ colours: Int) throws -> Int {
            let q = try PaletteQuantizer(maxColors: colours).quantize(frames.map(\.image), dithering: .none)
            return try PNGEncoder().encodeAnimation(zip(q.frames, frames).map { AnimationFrame(image: $0, delay: $1.delay) },
                                                    loopCount: 0).count
        }
        let limit = try file(128) * 105 / 100   // room for the climb's 2% margin
        var options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0.5, dithering: .off, minSide: 64, timeBudget: 0)
        options.keepBestBelowFloor = true
        let result = try StickerFitter(options: options).fit(frames: frames, loopCount: 0, gridSize: .large)
        let searched = result.report.candidates.filter { $0.contains("quality") && $0.hasPrefix("64x64, 6 frames, palette ") }
        XCTAssertTrue(result.report.timeBudgetReached)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        XCTAssertTrue(result.report.steps.contains("palette 128 colours, dithering none"), "limit \(limit): \(result.report.steps)")
        XCTAssertGreaterThan(searched.count, 1, "the search's own pick was below 128 colours: \(result.report.candidates)")
        // The same fit with a wall-clock budget of 0 (an upper bound on time) does not climb past it.
        let wall = try StickerFitter(options: options, clock: FitClock { 0 }).fit(frames: frames, loopCount: 0, gridSize: .large)
        XCTAssertTrue(wall.report.steps.contains("palette 100 colours, dithering none"), "\(wall.report.steps)")
    }

    func testANegativeBudgetIsRefused() {
        let options = FitOptions(maxBytes: 1_000, lossy: true, timeBudget: -1)
        XCTAssertThrowsError(try StickerFitter(options: options).fit(frames: input, loopCount: 0, gridSize: .large)) { error in
            XCTAssertEqual(error as? FitError, .invalidInput("time budget -1.0 s is not a finite number of seconds, 0 or more"))
        }
    }

    /// A previous build's record holds fit objects without the newer keys; they still read.
    func testAReportWrittenBeforeTheSearchCostKeysStillReads() throws {
        let old = """
            {"colours": 256, "dithering": "none", "encodes": 6, "finalBytes": 116533, "framesDropped": 0, "framesIn": 24,
             "headroom": 383467, "height": 306, "loopDurationMs": 1600, "lossless": false, "losslessBytes": 675115,
             "maxBytes": 500000, "quality": 0.98, "qualityMetric": "m", "scale": 0.75, "steps": ["a"], "width": 306}
            """
        let report = try JSONDecoder().decode(FitReport.self, from: Data(old.utf8))
        XCTAssertEqual(report.finalBytes, 116_533)
        XCTAssertFalse(report.scaledBelowGridCell)
        XCTAssertEqual(report.candidates, [])
        XCTAssertEqual(report.seconds, 0)
        XCTAssertFalse(report.timeBudgetReached)
        let again = try JSONDecoder().decode(FitReport.self, from: try JSONEncoder().encode(report))
        XCTAssertEqual(again, report)
    }
}

/// Counts a clock's readings (thread-safe: the fitter may read it from its worker threads).
private final class ClockTicks: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The number of readings before this one.
    func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        count += 1
        return count - 1
    }
}
