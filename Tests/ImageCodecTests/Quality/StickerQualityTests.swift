import ImageCodec
import XCTest

/// The fitters' quality measure: colour as well as lightness, and the worst frames weighted in.
final class StickerQualityTests: XCTestCase {
    func testIdenticalFramesScoreOne() throws {
        var image = PixelBuffer(width: 20, height: 12, fill: RGBA(30, 90, 200, 180))
        image[3, 4] = .clear
        XCTAssertEqual(try StickerQuality().score(reference: [image, image], candidate: [image, image], weights: [40, 60]), 1,
                       accuracy: 1e-12)
    }

    /// Flat opaque frames: SSIM is its luminance term, colour is T^2 / (T^2 + e^2) of the Cb/Cr shift.
    func testAHueShiftCostsByItsChromaDistance() throws {
        let x = PixelBuffer(width: 16, height: 16, fill: RGBA(100, 100, 100))
        let y = PixelBuffer(width: 16, height: 16, fill: RGBA(110, 100, 100))
        let c1 = 2.55 * 2.55, lx = 100.0, ly = 100 + 0.299 * 10
        let ssim = (2 * lx * ly + c1) / (lx * lx + ly * ly + c1)
        let dcb = -0.168736 * 10, dcr = 0.5 * 10
        let colour = 64 / (64 + dcb * dcb + dcr * dcr)
        let q = try StickerQuality().frameScore(reference: x, candidate: y)
        XCTAssertEqual(q.dark, 0.75 * ssim + 0.25 * colour, accuracy: 1e-9)
        XCTAssertEqual(q.light, 0.75 * ssim + 0.25 * colour, accuracy: 1e-9)
    }

    /// 20 equal frames, one of them at 0.5: mean 0.975, the worst 5% of the time is that frame.
    func testPoolingWeighsTheWorstFivePercentOfTheTime() {
        let scores = [Double](repeating: 1, count: 19) + [0.5]
        XCTAssertEqual(StickerQuality.pool(scores, weights: [Double](repeating: 50, count: 20)), 0.5 * 0.975 + 0.5 * 0.5,
                       accuracy: 1e-12)
        // 10 frames: the worst 5% is half of the worst frame's time; the rest of it counts in the mean only.
        let ten = [0.9, 1, 1, 1, 1, 1, 1, 1, 1, 0.8]
        XCTAssertEqual(StickerQuality.pool(ten, weights: [Double](repeating: 1, count: 10)), 0.5 * 0.97 + 0.5 * 0.8,
                       accuracy: 1e-12)
        XCTAssertEqual(StickerQuality.pool([0.7, 0.9], weights: [0, 0]), 0.5 * 0.8 + 0.5 * 0.7, accuracy: 1e-12)
    }

    /// A slowly moving pattern (1 px a frame, 24 frames). An even cut to every 3rd frame (8 kept)
    /// against a stall: 20 frames kept, but one held for 5 while the source moves on. The stall's
    /// mean error is smaller, so a mean over frames (CompositedSSIM) prefers it; a viewer sees it
    /// freeze, and the worst frames make it cost.
    func testAStallScoresLowerThanAnEvenFrameRateCut() throws {
        let frames = (0..<24).map { Self.stripes(shift: $0) }
        let even = (0..<24).map { frames[$0 / 3 * 3] }
        let stall = (0..<24).map { $0 >= 10 && $0 < 15 ? frames[10] : frames[$0] }
        let w = [Double](repeating: 1, count: 24)
        let q = StickerQuality(), mean = CompositedSSIM()
        XCTAssertGreaterThan(try mean.score(reference: frames, candidate: stall, weights: w),
                             try mean.score(reference: frames, candidate: even, weights: w),
                             "the mean alone must prefer the stall, or this test shows nothing")
        XCTAssertLessThan(try q.score(reference: frames, candidate: stall, weights: w),
                          try q.score(reference: frames, candidate: even, weights: w))
    }

    /// Hue bands on a smooth gradient: red and blue at 3 bits, green re-solved so every pixel keeps
    /// its lightness, against 5 bits on every channel. Luma-only SSIM cannot see the bands and
    /// prefers them (0.9996 against 0.9594); the colour term makes them cost (0.887 against 0.960).
    func testHueBandingOnAGradientCosts() throws {
        let source = Self.gradient()
        var bands = Self.posterized(source, bits: (3, 8, 3))
        for i in 0..<source.pixelCount {
            let p = source.pixels, b = bands.pixels
            let luma = 0.299 * Double(p[i * 4]) + 0.587 * Double(p[i * 4 + 1]) + 0.114 * Double(p[i * 4 + 2])
            let g = (luma - 0.299 * Double(b[i * 4]) - 0.114 * Double(b[i * 4 + 2])) / 0.587
            bands.pixels[i * 4 + 1] = UInt8(max(0, min(255, g.rounded())))
        }
        let even = Self.posterized(source, bits: (5, 5, 5))
        let lumaOnly = CompositedSSIM()
        XCTAssertGreaterThan(try lumaOnly.frameScore(reference: source, candidate: bands).mean,
                             try lumaOnly.frameScore(reference: source, candidate: even).mean,
                             "luma SSIM must prefer the hue bands, or this test shows nothing")
        let q = StickerQuality()
        XCTAssertLessThan(try q.frameScore(reference: source, candidate: bands).mean,
                          try q.frameScore(reference: source, candidate: even).mean - 0.05)
    }

    func testMismatchedListsThrowWithTheCounts() {
        let a = PixelBuffer(width: 8, height: 8)
        XCTAssertThrowsError(try StickerQuality().score(reference: [a], candidate: [a, a], weights: [1])) { error in
            XCTAssertTrue("\(error)".contains("got 1 reference, 2 candidate frames and 1 weights"), "\(error)")
        }
    }

    static func stripes(shift: Int) -> PixelBuffer {
        var image = PixelBuffer(width: 48, height: 16)
        for y in 0..<16 { for x in 0..<48 {
            let v = UInt8(127.5 + 100 * sin(Double(x + shift) * 2 * .pi / 40))
            image[x, y] = RGBA(v, v, v)
        } }
        return image
    }

    static func gradient() -> PixelBuffer {
        var image = PixelBuffer(width: 64, height: 32)
        for y in 0..<32 { for x in 0..<64 {
            image[x, y] = RGBA(UInt8(60 + x * 2), UInt8(120 + y), UInt8(200 - x * 2))
        } }
        return image
    }

    static func posterized(_ image: PixelBuffer, bits: (Int, Int, Int)) -> PixelBuffer {
        func level(_ v: UInt8, _ b: Int) -> UInt8 {
            let top = Double((1 << b) - 1)
            return UInt8((Double(v) / 255 * top).rounded() / top * 255)
        }
        var out = image
        for i in 0..<image.pixelCount {
            out.pixels[i * 4] = level(image.pixels[i * 4], bits.0)
            out.pixels[i * 4 + 1] = level(image.pixels[i * 4 + 1], bits.1)
            out.pixels[i * 4 + 2] = level(image.pixels[i * 4 + 2], bits.2)
        }
        return out
    }
}
