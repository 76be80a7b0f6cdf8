import ImageCodec
import XCTest

/// The quality measure keeps its summed-area tables for a few rows at a time, composites both
/// backgrounds in one pass and skips blocks that are the same bytes. None of that may move a figure:
/// the fitters compare candidates by these numbers, and a last-bit change can pick another file. The
/// oracle below is the measure written out plainly (whole image-sized tables, one background per
/// pass, every block composited), and every figure must equal it bit for bit.
final class QualityStreamingEquivalenceTests: XCTestCase {
    func testSSIMAndColourEqualTheWholeTableMeasureToTheLastBit() throws {
        // Sizes below, at and above the 8 px window; odd sides leave single-row and -column blocks.
        let sizes = [(1, 1), (3, 5), (7, 20), (8, 8), (9, 2), (37, 29), (64, 48)]
        for (index, (w, h)) in sizes.enumerated() {
            let reference = Self.sticker(w, h, seed: UInt64(index + 1))
            let touched = Self.touched(reference, seed: UInt64(index + 100))
            for candidate in [reference, touched, Self.sticker(w, h, seed: UInt64(index + 50))] {
                let ssim = try CompositedSSIM().frameScore(reference: reference, candidate: candidate)
                let oracle = Oracle.frameScore(reference, candidate)
                XCTAssertEqual(ssim.dark.bitPattern, oracle.ssimDark.bitPattern, "\(w)x\(h) SSIM over black")
                XCTAssertEqual(ssim.light.bitPattern, oracle.ssimLight.bitPattern, "\(w)x\(h) SSIM over white")
                let score = try StickerQuality().frameScore(reference: reference, candidate: candidate)
                let cw = StickerQuality.colourWeight
                XCTAssertEqual(score.dark.bitPattern, ((1 - cw) * oracle.ssimDark + cw * oracle.colourDark).bitPattern,
                               "\(w)x\(h) score over black")
                XCTAssertEqual(score.light.bitPattern, ((1 - cw) * oracle.ssimLight + cw * oracle.colourLight).bitPattern,
                               "\(w)x\(h) score over white")
            }
        }
    }

    func testTheTouchedCandidatesExerciseBothBlockPaths() {
        // The test above means something only if some 2x2 blocks are the same bytes and some are not.
        let reference = Self.sticker(37, 29, seed: 6)
        let touched = Self.touched(reference, seed: 105)
        var same = 0, differ = 0
        for i in 0..<reference.pixelCount {
            let o = i * 4
            if reference.pixels[o..<(o + 4)] == touched.pixels[o..<(o + 4)] { same += 1 } else { differ += 1 }
        }
        XCTAssertGreaterThan(same, reference.pixelCount / 3)
        XCTAssertGreaterThan(differ, reference.pixelCount / 10)
    }

    /// A sticker-like frame: a transparent border, a soft-alpha ring, noise and a flat patch.
    static func sticker(_ w: Int, _ h: Int, seed: UInt64) -> PixelBuffer {
        var rng = SeededGenerator(seed: seed)
        var image = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let edge = min(x, y, w - 1 - x, h - 1 - y)
                if edge == 0 && w > 4 && h > 4 { continue }
                let alpha: UInt8 = edge == 1 ? UInt8.random(in: 1...254, using: &rng) : 255
                if x < w / 3 {
                    image[x, y] = RGBA(200, 40, 90, alpha)
                } else {
                    image[x, y] = RGBA(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                                       UInt8.random(in: 0...255, using: &rng), alpha)
                }
            }
        }
        return image
    }

    /// `image` with about a third of its pixels nudged (colour or alpha), the rest untouched.
    static func touched(_ image: PixelBuffer, seed: UInt64) -> PixelBuffer {
        var rng = SeededGenerator(seed: seed)
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width where UInt8.random(in: 0...2, using: &rng) == 0 {
                var c = image[x, y]
                c.r = c.r &+ UInt8.random(in: 1...40, using: &rng)
                if c.a > 0 { c.a = max(1, c.a &- UInt8.random(in: 0...3, using: &rng)) }
                out[x, y] = c
            }
        }
        return out
    }

    /// The measure written out plainly.
    enum Oracle {
        static func frameScore(_ x: PixelBuffer, _ y: PixelBuffer)
            -> (ssimDark: Double, ssimLight: Double, colourDark: Double, colourLight: Double) {
            (ssim(luma(x, 0), luma(y, 0), x.width, x.height), ssim(luma(x, 255), luma(y, 255), x.width, x.height),
             colour(x, y, 0), colour(x, y, 255))
        }

        static func luma(_ image: PixelBuffer, _ background: Double) -> [Double] {
            (0..<image.pixelCount).map { i in
                let p = image.pixels
                let a = Double(p[i * 4 + 3]) / 255
                let y = 0.299 * Double(p[i * 4]) + 0.587 * Double(p[i * 4 + 1]) + 0.114 * Double(p[i * 4 + 2])
                return y * a + background * (1 - a)
            }
        }

        static func ssim(_ x: [Double], _ y: [Double], _ width: Int, _ height: Int) -> Double {
            let c1 = (0.01 * 255.0) * (0.01 * 255.0), c2 = (0.03 * 255.0) * (0.03 * 255.0)
            let win = min(CompositedSSIM.window, width, height), stride = width + 1
            var t = [[Double]](repeating: [Double](repeating: 0, count: stride * (height + 1)), count: 5)
            for row in 0..<height {
                var sums = [Double](repeating: 0, count: 5)
                for col in 0..<width {
                    let a = x[row * width + col], b = y[row * width + col]
                    sums[0] += a; sums[1] += b; sums[2] += a * a; sums[3] += b * b; sums[4] += a * b
                    for k in 0..<5 { t[k][(row + 1) * stride + col + 1] = t[k][row * stride + col + 1] + sums[k] }
                }
            }
            func box(_ k: Int, _ r: Int, _ c: Int) -> Double {
                t[k][(r + win) * stride + c + win] - t[k][r * stride + c + win] - t[k][(r + win) * stride + c] + t[k][r * stride + c]
            }
            let n = Double(win * win)
            var total = 0.0
            for r in 0...(height - win) {
                for c in 0...(width - win) {
                    let mx = box(0, r, c) / n, my = box(1, r, c) / n
                    let vx = max(0, box(2, r, c) / n - mx * mx), vy = max(0, box(3, r, c) / n - my * my)
                    let cov = box(4, r, c) / n - mx * my
                    total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                }
            }
            return total / Double((height - win + 1) * (width - win + 1))
        }

        static func colour(_ x: PixelBuffer, _ y: PixelBuffer, _ background: Double) -> Double {
            let w = x.width, h = x.height, t2 = StickerQuality.colourTolerance * StickerQuality.colourTolerance
            func chroma(_ b: [UInt8], _ i: Int) -> (Double, Double) {
                let a = Double(b[i * 4 + 3]) / 255, bg = background * (1 - a)
                let r = Double(b[i * 4]) * a + bg, g = Double(b[i * 4 + 1]) * a + bg, bl = Double(b[i * 4 + 2]) * a + bg
                return (-0.168736 * r - 0.331264 * g + 0.5 * bl, 0.5 * r - 0.418688 * g - 0.081312 * bl)
            }
            var total = 0.0, blocks = 0
            for row in stride(from: 0, to: h, by: 2) {
                for col in stride(from: 0, to: w, by: 2) {
                    var dcb = 0.0, dcr = 0.0, n = 0.0
                    for yy in row..<min(row + 2, h) {
                        for xx in col..<min(col + 2, w) {
                            let (cb1, cr1) = chroma(x.pixels, yy * w + xx), (cb2, cr2) = chroma(y.pixels, yy * w + xx)
                            dcb += cb1 - cb2; dcr += cr1 - cr2; n += 1
                        }
                    }
                    total += t2 / (t2 + (dcb * dcb + dcr * dcr) / (n * n))
                    blocks += 1
                }
            }
            return total / Double(blocks)
        }
    }
}
