import ImageCodec
@testable import StickerKit
import TestSupport
import XCTest

/// WebP and WebM fitting: lossless when it fits, the least measured loss under the limit when it
/// does not, a fixed number of candidates, the same file every run.
final class EncodedFormatFitterTests: XCTestCase {
    private func frames(_ count: Int, size: Int = 96) -> [AnimationFrame] {
        (0..<count).map { AnimationFrame(image: StickerArt.frame(width: size, height: size, phase: $0), delay: .fps(30)) }
    }

    private func fitter(_ format: ConvertFormat, maxBytes: Int, lossy: Bool = true, minQuality: Double = 0.5) -> EncodedFormatFitter {
        EncodedFormatFitter(options: FitOptions(maxBytes: maxBytes, lossy: lossy, minQuality: minQuality), format: format)
    }

    func testWebPKeepsLosslessWhenItFits() throws {
        let input = frames(1)
        let result = try fitter(.webp, maxBytes: 1_000_000).fit(input, loopCount: 0)
        XCTAssertTrue(result.report.lossless)
        XCTAssertEqual(result.report.quality, 1)
        XCTAssertEqual(result.report.candidates.count, 1)
        XCTAssertEqual(result.format, .webp)
        XCTAssertEqual(result.bytes, try WebPEncoder().encode(input[0].image))
    }

    func testWebPGoesLossyUnderTheLimitAndIsDeterministic() throws {
        let input = frames(4, size: 64)
        let lossless = try WebPEncoder().encodeAnimation(input, loopCount: 0).count
        let limit = lossless / 3
        let result = try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0)
        XCTAssertFalse(result.report.lossless)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        XCTAssertEqual(result.report.losslessBytes, lossless)
        XCTAssertGreaterThan(result.report.quality, 0.9)
        XCTAssertLessThanOrEqual(result.report.encodes, EncodedFormatFitter.webpEncodeBudget)
        XCTAssertTrue(result.report.candidates[0].hasPrefix("lossless WebP: "), "\(result.report.candidates)")
        XCTAssertTrue(result.report.steps[0].hasPrefix("lossy WebP quality "), "\(result.report.steps)")
        // The search is bounded by a count of encodes, and says that, not a budget in seconds.
        XCTAssertTrue(result.report.searchText.hasSuffix("(at most \(EncodedFormatFitter.webpEncodeBudget) encodes)"),
                      result.report.searchText)
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(decoded.loopDurationMilliseconds, 133)
        XCTAssertEqual(try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0).bytes, result.bytes)
    }

    func testWebPWithoutLossyRefusesWithTheLosslessSize() throws {
        let input = frames(1)
        let lossless = try WebPEncoder().encode(input[0].image).count
        XCTAssertThrowsError(try fitter(.webp, maxBytes: lossless - 1, lossy: false).fit(input, loopCount: 0)) {
            XCTAssertEqual($0 as? FitError, .overLimitLossless(bytes: lossless, limit: lossless - 1))
        }
    }

    func testWebMAimsUnderTheLimitAndReportsItsCandidates() throws {
        let input = frames(12)
        let result = try fitter(.webm, maxBytes: 9000, lossy: false).fit(input, loopCount: 0)
        XCTAssertLessThanOrEqual(result.bytes.count, 9000)
        XCTAssertEqual(result.format, .webm)
        XCTAssertFalse(result.report.lossless)
        XCTAssertTrue(result.report.candidates.allSatisfy { $0.hasPrefix("two-pass VP9 aimed at ") }, "\(result.report.candidates)")
        XCTAssertLessThanOrEqual(result.report.encodes, EncodedFormatFitter.webmEncodeBudget)
        XCTAssertTrue(result.report.searchText.hasSuffix("(at most \(EncodedFormatFitter.webmEncodeBudget) encodes)"),
                      result.report.searchText)
        XCTAssertGreaterThan(result.report.quality, 0.8)
        XCTAssertEqual(try ImageDecoder().decode(result.bytes).frames.count, 12 - result.report.framesDropped)
    }

    func testNothingFittingIsReportedWithTheSmallestSize() {
        XCTAssertThrowsError(try fitter(.webp, maxBytes: 100).fit(frames(1), loopCount: 0)) { error in
            guard case .nothingFits(let smallest, let limit, _)? = error as? FitError else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, 100)
            XCTAssertGreaterThan(smallest, 100)
        }
    }

    func testQualityComparesTheFrameOnScreenAtEachSourceFrame() throws {
        let input = frames(4, size: 24)
        // The candidate shows frame 1 for the first two source frames and frame 3 for the rest,
        // with starts rounded to whole milliseconds (0, 67).
        let candidate = [Frame(image: input[0].image, delay: .milliseconds(67)), Frame(image: input[2].image, delay: .milliseconds(66))]
        let measured = try EncodedFormatQuality.measure(source: input, candidate: candidate)
        let expected = try CompositedSSIM().score(reference: input.map(\.image),
                                                  candidate: [input[0].image, input[0].image, input[2].image, input[2].image],
                                                  weights: input.map { $0.delay.milliseconds })
        XCTAssertEqual(measured, expected, accuracy: 1e-12)
        XCTAssertLessThan(measured, 1)
    }
}
