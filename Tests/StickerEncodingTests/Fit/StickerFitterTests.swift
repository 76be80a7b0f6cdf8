import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class StickerFitterTests: XCTestCase {
    /// A clock that never moves: the default budget is never spent, so slow (debug, sanitizer) runs
    /// search as fully as fast ones.
    static let frozen = FitClock { 0 }

    /// Frames of smooth colour with some noise (`FitFixtures.frames`).
    static func frames(count: Int = 4, side: Int = 32, delay: FrameDelay = .fps(12)) -> [AnimationFrame] {
        FitFixtures.frames(count: count, side: side, delay: delay)
    }

    private func losslessSize(_ frames: [AnimationFrame]) throws -> Int {
        try PNGEncoder().encodeAnimation(frames, loopCount: 0).count
    }

    private func decodedLoopMs(_ bytes: [UInt8]) throws -> Double {
        try ImageDecoder().decode(bytes).loopDurationMilliseconds
    }

    func testLosslessWhenItFitsNeverChangesPixelsOrTiming() throws {
        let input = Self.frames(count: 3, delay: FrameDelay(numerator: 1, denominator: 7))
        let result = try StickerFitter(options: FitOptions(maxBytes: 1_000_000), clock: Self.frozen).fit(frames: input, loopCount: 2, gridSize: .regular)
        XCTAssertTrue(result.report.lossless)
        XCTAssertEqual(result.report.quality, 1)
        XCTAssertEqual(result.report.framesDropped, 0)
        XCTAssertEqual(result.bytes, try PNGEncoder().encodeAnimation(input, loopCount: 2))
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(decoded.frames.map(\.image), input.map { $0.image.normalizedTransparent() })
        XCTAssertEqual(decoded.frames.map(\.delay).map { $0.isSameDuration(as: FrameDelay(numerator: 1, denominator: 7)) }, [true, true, true])
        XCTAssertEqual(result.report.headroom, 1_000_000 - result.bytes.count)
    }

    func testLosslessOnlyOverTheLimitFailsWithTheFigures() throws {
        let input = Self.frames()
        // Just over the limit at default effort, so max effort is tried too; both miss.
        let strongest = try PNGEncoder(options: PNGEncodeOptions(effort: .max)).encodeAnimation(input, loopCount: 0).count
        XCTAssertThrowsError(try StickerFitter(options: FitOptions(maxBytes: strongest - 1), clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .regular)) { error in
            XCTAssertEqual(error as? FitError, .overLimitLossless(bytes: strongest, limit: strongest - 1))
        }
    }

    func testLossyAllowedStaysLosslessWheneverLosslessFits() throws {
        let input = Self.frames()
        let plain = try PNGEncoder().encodeAnimation(input, loopCount: 0)
        let result = try StickerFitter(options: FitOptions(maxBytes: plain.count, lossy: true), clock: Self.frozen)
            .fit(frames: input, loopCount: 0, gridSize: .regular)
        XCTAssertTrue(result.report.lossless)
        XCTAssertEqual(result.bytes, plain)
        XCTAssertEqual(result.report.headroom, 0)
    }

    /// Smooth colour with no noise: thousands of colours, so a palette bands while fewer levels per
    /// channel barely show.
    static func gradient(count: Int = 4, side: Int = 96) -> [AnimationFrame] {
        (0..<count).map { f in
            var image = PixelBuffer(width: side, height: side)
            for y in 0..<side { for x in 0..<side {
                let t = Double(f) * 2.1, fx = Double(x), fy = Double(y)
                func wave(_ v: Double) -> UInt8 { UInt8((127.5 + 127.5 * sin(v)).rounded()) }
                image[x, y] = RGBA(wave(fx / 13 + t), wave(fy / 17 - t), wave((fx + fy) / 23 + fx * fy / 900), 255)
            } }
            return AnimationFrame(image: image, delay: .milliseconds(100))
        }
    }

    func testFewerLevelsPerChannelWinOnGradientsAndAreExact() throws {
        let input = Self.gradient()
        let limit = try losslessSize(input) * 9 / 10
        let result = try StickerFitter(options: FitOptions(maxBytes: limit, lossy: true, minQuality: 0.5, minSide: 96), clock: Self.frozen)
            .fit(frames: input, loopCount: 0, gridSize: .regular)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        let bits = try XCTUnwrap(result.report.bitsPerChannel, "\(result.report.steps) \(result.report.candidates)")
        XCTAssertEqual(result.report.scale, 1)
        XCTAssertEqual(result.report.framesDropped, 0)
        // The file holds exactly the input with each colour channel rounded to 2^bits levels.
        let posterizer = try Posterizer(bits: bits)
        let decoded = try ImageDecoder().decode(result.bytes).frames.map(\.image)
        XCTAssertTrue(decoded == input.map { posterizer.apply($0.image) }, "decoded frames differ from the posterized input")
        XCTAssertGreaterThan(result.report.quality, 0.97)
    }

    func testMaxEffortClosesASmallGapLosslessly() throws {
        let input = Self.frames()
        let plain = try losslessSize(input)
        let strongest = try PNGEncoder(options: PNGEncodeOptions(effort: .max)).encodeAnimation(input, loopCount: 0)
        try XCTSkipUnless(strongest.count < plain, "max effort is not smaller on this input")
        let result = try StickerFitter(options: FitOptions(maxBytes: plain - 1, lossy: true), clock: Self.frozen)
            .fit(frames: input, loopCount: 0, gridSize: .regular)
        XCTAssertTrue(result.report.lossless)
        XCTAssertEqual(result.bytes, strongest)
        XCTAssertEqual(result.report.steps.last, "lossless max effort \(strongest.count) B")
        XCTAssertEqual(try ImageDecoder().decode(result.bytes).frames.map(\.image), input.map { $0.image.normalizedTransparent() })
    }

    func testLossyFitIsUnderTheLimitKeepsTimingAndReportsHonestly() throws {
        let input = Self.frames(delay: .milliseconds(83))
        let limit = try losslessSize(input) * 2 / 3
        let options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0.5)
        let result = try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .regular)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        XCTAssertFalse(result.report.lossless)
        XCTAssertEqual(result.report.finalBytes, result.bytes.count)
        XCTAssertEqual(result.report.headroom, limit - result.bytes.count)
        XCTAssertGreaterThanOrEqual(result.report.quality, 0.5)
        XCTAssertLessThan(result.report.quality, 1)
        XCTAssertEqual(try decodedLoopMs(result.bytes), 4 * 83, accuracy: 1)
        XCTAssertEqual(result.report.loopDurationMs, 4 * 83, accuracy: 1e-9)
        XCTAssertNotNil(result.report.colours)
        XCTAssertTrue(result.report.steps.contains { $0.hasPrefix("palette ") }, "\(result.report.steps)")
    }

    func testQualityFloorIsRespected() throws {
        let input = Self.frames()
        let limit = try losslessSize(input) / 3
        let options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0.999_9)
        XCTAssertThrowsError(try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .regular)) { error in
            guard case let .belowQualityFloor(quality, floor, bytes, max, steps)? = error as? FitError else {
                return XCTFail("expected belowQualityFloor, got \(error)")
            }
            XCTAssertLessThan(quality, 0.999_9); XCTAssertEqual(floor, 0.999_9)
            XCTAssertLessThanOrEqual(bytes, max); XCTAssertEqual(max, limit); XCTAssertFalse(steps.isEmpty)
        }
    }

    func testImpossibleLimitFailsWithTheSmallestAttempt() throws {
        let options = FitOptions(maxBytes: 200, lossy: true, minQuality: 0)
        XCTAssertThrowsError(try StickerFitter(options: options, clock: Self.frozen).fit(frames: Self.frames(), loopCount: 0, gridSize: .regular)) { error in
            guard case let .nothingFits(smallest, limit, _)? = error as? FitError else {
                return XCTFail("expected nothingFits, got \(error)")
            }
            XCTAssertGreaterThan(smallest, 200); XCTAssertEqual(limit, 200)
        }
    }

    func testDownscaleStaysWithinGridAndAboveTheMinimumSide() throws {
        let input = Self.frames(count: 3, side: 48)
        let limit = try losslessSize(input) / 3
        let options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0, minSide: 30)
        let result = try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .regular)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        XCTAssertGreaterThanOrEqual(max(result.report.width, result.report.height), 30)
        XCTAssertLessThanOrEqual(max(result.report.width, result.report.height), 48)
        XCTAssertEqual(result.report.scale, Double(result.report.width) / 48, accuracy: 1e-12)
    }

    func testDeterministic() throws {
        let input = Self.frames()
        let options = FitOptions(maxBytes: try losslessSize(input) / 2, lossy: true, minQuality: 0)
        let a = try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .regular)
        let b = try StickerFitter(options: options, clock: Self.frozen).fit(frames: input, loopCount: 0, gridSize: .regular)
        XCTAssertEqual(a, b)
    }
}
