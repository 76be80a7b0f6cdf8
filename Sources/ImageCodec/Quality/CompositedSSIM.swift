/// SSIM measured the way a sticker is seen: each frame is composited over black and over white,
/// and luma (Rec. 601 weights on sRGB codes) is compared with SSIM over every 8x8 window
/// (box-weighted, computed with summed-area tables; C1 = (0.01 * 255)^2, C2 = (0.03 * 255)^2).
///
/// Compositing is what makes alpha damage count: a halo of wrong alpha is invisible in RGB but shows
/// against one of the two backgrounds. The frame score is the mean of the two backgrounds.
public struct CompositedSSIM: Sendable {
    /// Window side in pixels.
    public static let window = 8

    /// A meter.
    public init() {}

    /// SSIM over black and over white of `candidate` against `reference` (1 = identical).
    /// - Throws: `CodecError.invalidInput` when the sizes differ.
    public func frameScore(reference: PixelBuffer, candidate: PixelBuffer) throws -> FrameQuality {
        guard reference.width == candidate.width, reference.height == candidate.height else {
            throw CodecError.invalidInput("SSIM needs equal sizes; got \(reference.width)x\(reference.height) "
                + "and \(candidate.width)x\(candidate.height) px")
        }
        let identical = reference.pixels == candidate.pixels
        let dark = Self.ssim(reference, candidate, over: 0, identical: identical)
        let light = Self.ssim(reference, candidate, over: 255, identical: identical)
        return FrameQuality(dark: dark, light: light)
    }

    /// Weighted mean of the frame scores (weights are display times; all zero means equal weights).
    /// Frames are measured in parallel; the sum is taken in frame order, so it is deterministic.
    /// - Throws: `CodecError.invalidInput` for mismatched counts or sizes.
    public func score(reference: [PixelBuffer], candidate: [PixelBuffer], weights: [Double]) throws -> Double {
        guard reference.count == candidate.count, reference.count == weights.count, !reference.isEmpty else {
            throw CodecError.invalidInput("SSIM needs matching non-empty frame lists; got \(reference.count) "
                + "reference, \(candidate.count) candidate frames and \(weights.count) weights")
        }
        let frames = try Parallel.map(reference.count) { try frameScore(reference: reference[$0], candidate: candidate[$0]) }
        let total = weights.reduce(0, +)
        let w = total > 0 ? weights : [Double](repeating: 1, count: weights.count)
        let sum = zip(frames, w).reduce(0.0) { $0 + $1.0.mean * $1.1 }
        return sum / w.reduce(0, +)
    }

    /// Per-alpha factors of the compositing, `Double(a) / 255` and `background * (1 - that)`, so each
    /// pixel's composite is the same arithmetic as written out, without a division per pixel.
    struct AlphaTables {
        let opacity: [Double]
        let under: [Double]
        init(background: Double) {
            opacity = (0..<256).map { Double($0) / 255 }
            under = opacity.map { background * (1 - $0) }
        }

        /// Composited luma of `count` pixels from pixel `first` of `p`, written to `out`.
        func luma(_ p: UnsafeBufferPointer<UInt8>, from first: Int, count: Int, into out: UnsafeMutablePointer<Double>) {
            opacity.withUnsafeBufferPointer { op in
                under.withUnsafeBufferPointer { un in
                    for i in 0..<count {
                        let o = (first + i) * 4
                        let alpha = Int(p[o + 3])
                        let y = 0.299 * Double(p[o]) + 0.587 * Double(p[o + 1]) + 0.114 * Double(p[o + 2])
                        out[i] = y * op[alpha] + un[alpha]
                    }
                }
            }
        }
    }

    /// Mean SSIM over every window of `x` and `y` composited over `background`.
    ///
    /// The five summed-area tables (x, y, xx, yy, xy) are kept only for the `window + 1` rows the
    /// windows ending at the current row need, in a ring: the same sums in the same order as whole
    /// tables (so the same figure to the last bit, `QualityStreamingEquivalenceTests`), in a few
    /// hundred kilobytes instead of five image-sized planes. When the two images are the same bytes
    /// (`identical`) the y tables equal the x ones, so only x and xx are summed.
    static func ssim(_ xImage: PixelBuffer, _ yImage: PixelBuffer, over background: Double, identical: Bool = false) -> Double {
        let width = xImage.width, height = xImage.height
        let c1 = (0.01 * 255.0) * (0.01 * 255.0), c2 = (0.03 * 255.0) * (0.03 * 255.0)
        let win = min(window, width, height)
        guard win > 0 else { return 1 }
        let stride = width + 1, rows = win + 1
        let plane = stride * rows
        let tableCount = identical ? 2 : 5
        // Tables in order x, xx, then (when not identical) y, yy, xy.
        var ring = [Double](repeating: 0, count: plane * tableCount)
        var lumaX = [Double](repeating: 0, count: width), lumaY = [Double](repeating: 0, count: width)
        let n = Double(win * win)
        // Division by a power of two is multiplication by its exact inverse: the same result.
        let exactInverse = (win * win) & (win * win - 1) == 0, inverse = 1 / n
        let tables = AlphaTables(background: background)
        var total = 0.0
        xImage.pixels.withUnsafeBufferPointer { xp in
            yImage.pixels.withUnsafeBufferPointer { yp in
                ring.withUnsafeMutableBufferPointer { t in
                    lumaX.withUnsafeMutableBufferPointer { lx in
                        lumaY.withUnsafeMutableBufferPointer { ly in
                            let t = t.baseAddress!, lx = lx.baseAddress!, ly = ly.baseAddress!
                            for k in 1...height {
                                let cur = (k % rows) * stride, prev = ((k - 1) % rows) * stride
                                tables.luma(xp, from: (k - 1) * width, count: width, into: lx)
                                if identical {
                                    var rx = 0.0, rxx = 0.0
                                    for col in 0..<width {
                                        let a = lx[col]
                                        rx += a; rxx += a * a
                                        t[cur + col + 1] = t[prev + col + 1] + rx
                                        t[plane + cur + col + 1] = t[plane + prev + col + 1] + rxx
                                    }
                                } else {
                                    tables.luma(yp, from: (k - 1) * width, count: width, into: ly)
                                    var rx = 0.0, ry = 0.0, rxx = 0.0, ryy = 0.0, rxy = 0.0
                                    for col in 0..<width {
                                        let a = lx[col], b = ly[col]
                                        rx += a; ry += b; rxx += a * a; ryy += b * b; rxy += a * b
                                        let o = cur + col + 1, up = prev + col + 1
                                        t[o] = t[up] + rx; t[plane + o] = t[plane + up] + rxx
                                        t[2 * plane + o] = t[2 * plane + up] + ry; t[3 * plane + o] = t[3 * plane + up] + ryy
                                        t[4 * plane + o] = t[4 * plane + up] + rxy
                                    }
                                }
                                guard k >= win else { continue }
                                let top = ((k - win) % rows) * stride, bottom = cur
                                func box(_ table: Int, _ c: Int) -> Double {
                                    let base = table * plane
                                    return t[base + bottom + c + win] - t[base + top + c + win]
                                        - t[base + bottom + c] + t[base + top + c]
                                }
                                func mean(_ sum: Double) -> Double { exactInverse ? sum * inverse : sum / n }
                                for c in 0...(width - win) {
                                    let mx = mean(box(0, c)), sxx = mean(box(1, c))
                                    if identical {
                                        let v = sxx - mx * mx
                                        let vx = max(0, v)
                                        total += ((2 * mx * mx + c1) * (2 * v + c2)) / ((mx * mx + mx * mx + c1) * (vx + vx + c2))
                                    } else {
                                        let my = mean(box(2, c)), syy = mean(box(3, c)), sxy = mean(box(4, c))
                                        let vx = max(0, sxx - mx * mx), vy = max(0, syy - my * my)
                                        let cov = sxy - mx * my
                                        total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return total / Double((height - win + 1) * (width - win + 1))
    }
}

/// One frame's SSIM over each background.
public struct FrameQuality: Equatable, Sendable {
    /// Composited over black.
    public var dark: Double
    /// Composited over white.
    public var light: Double
    /// A frame score.
    public init(dark: Double, light: Double) { self.dark = dark; self.light = light }
    /// Mean of the two backgrounds.
    public var mean: Double { (dark + light) / 2 }
}
