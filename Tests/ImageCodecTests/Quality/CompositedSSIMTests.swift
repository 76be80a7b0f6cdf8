import ImageCodec
import XCTest

final class CompositedSSIMTests: XCTestCase {
    func testIdenticalFramesScoreOne() throws {
        var image = PixelBuffer(width: 20, height: 12, fill: RGBA(30, 90, 200, 180))
        image[3, 4] = .clear
        let q = try CompositedSSIM().frameScore(reference: image, candidate: image)
        XCTAssertEqual(q.dark, 1, accuracy: 1e-12)
        XCTAssertEqual(q.light, 1, accuracy: 1e-12)
    }

    func testFlatOpaqueFramesFollowTheLuminanceTerm() throws {
        // Flat windows have no variance, so SSIM = (2xy + C1) / (x^2 + y^2 + C1) on both backgrounds.
        let x = PixelBuffer(width: 16, height: 16, fill: RGBA(100, 100, 100))
        let y = PixelBuffer(width: 16, height: 16, fill: RGBA(110, 110, 110))
        let c1 = 2.55 * 2.55
        let expected = (2 * 100.0 * 110 + c1) / (100.0 * 100 + 110 * 110 + c1)
        let q = try CompositedSSIM().frameScore(reference: x, candidate: y)
        XCTAssertEqual(q.dark, expected, accuracy: 1e-9)
        XCTAssertEqual(q.light, expected, accuracy: 1e-9)
    }

    func testAlphaDamageCountsEvenWhenColourIsKept() throws {
        var ref = PixelBuffer(width: 16, height: 16)
        var bad = PixelBuffer(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<8 {
            ref[x, y] = RGBA(255, 255, 255, 255); bad[x, y] = RGBA(255, 255, 255, 128)
        } }
        let q = try CompositedSSIM().frameScore(reference: ref, candidate: bad)
        XCTAssertLessThan(q.dark, 0.95)                // visible over black
        XCTAssertEqual(q.light, 1, accuracy: 1e-12)    // white on white: invisible
        XCTAssertLessThan(q.mean, 0.98)
    }

    func testScoreIsTimeWeighted() throws {
        let a = PixelBuffer(width: 8, height: 8, fill: RGBA(100, 100, 100))
        let b = PixelBuffer(width: 8, height: 8, fill: RGBA(110, 110, 110))
        let meter = CompositedSSIM()
        let one = try meter.frameScore(reference: a, candidate: b).mean
        let score = try meter.score(reference: [a, a], candidate: [a, b], weights: [300, 100])
        XCTAssertEqual(score, (300 + 100 * one) / 400, accuracy: 1e-12)
    }

    func testMismatchedSizesThrow() {
        XCTAssertThrowsError(try CompositedSSIM().frameScore(reference: PixelBuffer(width: 2, height: 2),
                                                             candidate: PixelBuffer(width: 3, height: 2))) { error in
            XCTAssertEqual(error as? CodecError, .invalidInput("SSIM needs equal sizes; got 2x2 and 3x2 px"))
        }
    }
}
