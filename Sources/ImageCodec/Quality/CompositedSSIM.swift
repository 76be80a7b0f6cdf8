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
        let dark = Self.ssim(Self.luma(reference, over: 0), Self.luma(candidate, over: 0),
                             width: reference.width, height: reference.height)
        let light = Self.ssim(Self.luma(reference, over: 255), Self.luma(candidate, over: 255),
                              width: reference.width, height: reference.height)
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

    static func luma(_ image: PixelBuffer, over background: Double) -> [Double] {
        var out = [Double](repeating: 0, count: image.pixelCount)
        let p = image.pixels
        for i in 0..<image.pixelCount {
            let a = Double(p[i * 4 + 3]) / 255
            let y = 0.299 * Double(p[i * 4]) + 0.587 * Double(p[i * 4 + 1]) + 0.114 * Double(p[i * 4 + 2])
            out[i] = y * a + background * (1 - a)
        }
        return out
    }

    static func ssim(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        let c1 = (0.01 * 255.0) * (0.01 * 255.0), c2 = (0.03 * 255.0) * (0.03 * 255.0)
        let win = min(window, width, height)
        let stride = width + 1
        // Five summed-area tables in one buffer (x, y, xx, yy, xy), so the window sums below are
        // four lookups each without bounds checks.
        let plane = stride * (height + 1)
        var tables = [Double](repeating: 0, count: plane * 5)
        tables.withUnsafeMutableBufferPointer { t in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    for row in 0..<height {
                        var rx = 0.0, ry = 0.0, rxx = 0.0, ryy = 0.0, rxy = 0.0
                        for col in 0..<width {
                            let a = x[row * width + col], b = y[row * width + col]
                            rx += a; ry += b; rxx += a * a; ryy += b * b; rxy += a * b
                            let o = (row + 1) * stride + col + 1, up = row * stride + col + 1
                            t[o] = t[up] + rx; t[plane + o] = t[plane + up] + ry
                            t[2 * plane + o] = t[2 * plane + up] + rxx; t[3 * plane + o] = t[3 * plane + up] + ryy
                            t[4 * plane + o] = t[4 * plane + up] + rxy
                        }
                    }
                }
            }
        }
        let n = Double(win * win)
        var total = 0.0
        tables.withUnsafeBufferPointer { t in
            func box(_ k: Int, _ r: Int, _ c: Int) -> Double {
                let base = k * plane
                return t[base + (r + win) * stride + c + win] - t[base + r * stride + c + win]
                    - t[base + (r + win) * stride + c] + t[base + r * stride + c]
            }
            for r in 0...(height - win) {
                for c in 0...(width - win) {
                    let mx = box(0, r, c) / n, my = box(1, r, c) / n
                    let vx = max(0, box(2, r, c) / n - mx * mx), vy = max(0, box(3, r, c) / n - my * my)
                    let cov = box(4, r, c) / n - mx * my
                    total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
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
