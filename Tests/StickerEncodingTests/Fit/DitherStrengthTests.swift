import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Dithering is tried on the winning palette; when full-strength diffusion is predicted over the
/// limit, a weaker strength aimed at the limit is tried instead of giving dithering up.
final class DitherStrengthTests: XCTestCase {
    func testTheWeakerStrengthIsTheLimitsShareInEighths() {
        // The issue-19 benchmark's small and Telegram videos.
        XCTAssertEqual(StickerFitter.weakerStrength(plain: 433_197, dithered: 620_765, limit: 500_000), 0.125)
        XCTAssertEqual(StickerFitter.weakerStrength(plain: 411_556, dithered: 533_055, limit: 500_000), 0.25)
        XCTAssertEqual(StickerFitter.weakerStrength(plain: 1_000, dithered: 2_000, limit: 1_999), 0.375)
        XCTAssertNil(StickerFitter.weakerStrength(plain: 490_000, dithered: 620_000, limit: 500_000), "under an eighth")
        XCTAssertNil(StickerFitter.weakerStrength(plain: 510_000, dithered: 620_000, limit: 500_000), "plain over")
        XCTAssertNil(StickerFitter.weakerStrength(plain: 400_000, dithered: 400_000, limit: 500_000))
    }

    func testAnOvershootingDitherIsRetriedWeakerWithinTheLimit() throws {
        let input = StickerFitterTests.frames(count: 1, side: 48)
        func fit(_ limit: Int) throws -> FitResult {
            var options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0, minSide: 48)
            options.keepBestBelowFloor = true
            return try StickerFitter(options: options, clock: StickerFitterTests.frozen).fit(frames: [input[0]], loopCount: 0, gridSize: .regular)
        }
        // With room for it, the winner (160 colours) ships dithered at full strength, which measures better.
        let lossless = try PNGEncoder().encodeAnimation(input, loopCount: 0).count
        let roomy = try fit(lossless * 3 / 4)
        XCTAssertEqual(roomy.report.dithering, "floyd-steinberg 50%", "\(roomy.report.candidates)")
        func predicted(_ r: FitResult, _ what: String) -> Int? {
            guard let line = r.report.candidates.first(where: { $0.hasPrefix("48x48, 1 frames, palette 160 colours, dithering \(what): ") }) else { return nil }
            return Int(line.split(separator: ":")[1].split(separator: " ")[0])
        }
        let plain = try XCTUnwrap(predicted(roomy, "none")), full = try XCTUnwrap(predicted(roomy, "floyd-steinberg 50%"))
        // A limit three fifths of the way from the plain file to the dithered one: 50% no longer
        // fits, and a quarter's strength (3/5 of 50%, in eighths rounded down) is tried and ships.
        let limit = plain + (full - plain) * 3 / 5
        let tight = try fit(limit)
        let weaker = try XCTUnwrap(predicted(tight, "floyd-steinberg 25%"), "\(tight.report.candidates)")
        XCTAssertLessThanOrEqual(weaker, limit)
        XCTAssertEqual(tight.report.dithering, "floyd-steinberg 25%", "\(tight.report.candidates)")
        XCTAssertLessThanOrEqual(tight.bytes.count, limit)
        XCTAssertTrue(tight.report.candidates.contains { $0.hasPrefix("48x48, 1 frames, palette 160 colours, dithering floyd-steinberg 50%: \(full) B predicted") })
    }
}
