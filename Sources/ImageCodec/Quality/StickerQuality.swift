/// How close a candidate looks to its source as a viewer sees the sticker play: the measure the
/// fitters judge candidates with (docs/fit.md, "Quality measure").
///
/// - **Per frame, over black and over white** (compositing makes alpha damage count): lightness by
///   `CompositedSSIM`'s 8x8 luma SSIM, and colour by the chroma difference (Cb/Cr, BT.601 on the
///   composited sRGB codes, each averaged over 2x2 pixels as the eye averages fine chroma) turned
///   into a similarity per pixel, `T^2 / (T^2 + e^2)` with `T` = `colourTolerance` code values:
///   1 for the same colour, 1/2 at a clearly visible shift. Banding that moves hue but hardly
///   lightness (4 bits of red and blue, 6 of green) costs here, where a luma-only SSIM prefers it.
///   Frame score per background = (1 - `colourWeight`) x SSIM + `colourWeight` x colour.
/// - **Over time**: each SOURCE frame is scored against what is on screen at its time (the caller
///   passes, for every source frame, the candidate frame shown in its place, so dropped and merged
///   frames cost for as long as they would have shown), and the frame scores are pooled as
///   (1 - `worstWeight`) x the time-weighted mean + `worstWeight` x the time-weighted mean of the
///   worst `worstFraction` of the loop's time. A stall (one frame held while the source moves on)
///   or a single bad frame lowers the worst frames however short it is, which a mean hardly sees.
///
/// Identical frames score exactly 1. Frames are measured in parallel, pooled in a fixed order:
/// deterministic.
public struct StickerQuality: Sendable {
    /// Share of the frame score given to colour (the rest is lightness SSIM).
    public static let colourWeight = 0.25
    /// Chroma difference (code values, Cb/Cr scale) at which a pixel's colour similarity is 1/2.
    public static let colourTolerance = 8.0
    /// Share of the loop's time that counts as its worst frames.
    public static let worstFraction = 0.05
    /// Weight of the worst frames' mean in the sticker score.
    public static let worstWeight = 0.5

    /// A meter.
    public init() {}

    /// One frame's score over black and over white (1 = identical).
    /// - Throws: `CodecError.invalidInput` when the sizes differ.
    public func frameScore(reference: PixelBuffer, candidate: PixelBuffer) throws -> FrameQuality {
        let ssim = try CompositedSSIM().frameScore(reference: reference, candidate: candidate)
        let (dark, light) = Self.colourSimilarity(reference, candidate)
        let cw = Self.colourWeight
        return FrameQuality(dark: (1 - cw) * ssim.dark + cw * dark, light: (1 - cw) * ssim.light + cw * light)
    }

    /// The sticker's score: `candidate[i]` is what is on screen while source frame `reference[i]`
    /// should show, `weights[i]` its display time (all zero: equal times). 0...1.
    /// - Throws: `CodecError.invalidInput` for mismatched counts or sizes.
    public func score(reference: [PixelBuffer], candidate: [PixelBuffer], weights: [Double]) throws -> Double {
        try Self.pool(frameScores(reference: reference, candidate: candidate, weights: weights), weights: weights)
    }

    /// Each source frame's score (the mean of its two backgrounds), in frame order.
    /// - Throws: `CodecError.invalidInput` for mismatched counts or sizes.
    public func frameScores(reference: [PixelBuffer], candidate: [PixelBuffer], weights: [Double]) throws -> [Double] {
        guard reference.count == candidate.count, reference.count == weights.count, !reference.isEmpty else {
            throw CodecError.invalidInput("quality needs matching non-empty frame lists; got \(reference.count) "
                + "reference, \(candidate.count) candidate frames and \(weights.count) weights")
        }
        return try Parallel.map(reference.count) { try frameScore(reference: reference[$0], candidate: candidate[$0]).mean }
    }

    /// (1 - `worstWeight`) x the time-weighted mean + `worstWeight` x the mean of the worst frames
    /// covering `worstFraction` of the time (the last one counted in part, so the figure moves
    /// smoothly; ties kept in frame order).
    public static func pool(_ scores: [Double], weights: [Double]) -> Double {
        precondition(scores.count == weights.count && !scores.isEmpty, "one weight per score")
        let total = weights.reduce(0, +)
        let w = total > 0 ? weights : [Double](repeating: 1, count: weights.count)
        let sum = w.reduce(0, +)
        let mean = zip(scores, w).reduce(0.0) { $0 + $1.0 * $1.1 } / sum
        let order = scores.indices.sorted { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : $0 < $1 }
        var left = sum * worstFraction, worst = 0.0
        for i in order where left > 0 {
            let take = min(w[i], left)
            worst += scores[i] * take
            left -= take
        }
        worst /= sum * worstFraction
        return (1 - worstWeight) * mean + worstWeight * worst
    }

    /// Mean over 2x2 blocks of `T^2 / (T^2 + e^2)`, e the Cb/Cr distance of the composited colours
    /// averaged over the block (a trailing odd row or column is its own block), over black and over
    /// white in one pass. A block whose bytes are the same in both images scores exactly 1, as its
    /// distance of exactly 0 gives, without being composited.
    static func colourSimilarity(_ x: PixelBuffer, _ y: PixelBuffer) -> (dark: Double, light: Double) {
        let w = x.width, h = x.height
        let t2 = colourTolerance * colourTolerance
        var totalDark = 0.0, totalLight = 0.0, blocks = 0
        let dark = CompositedSSIM.AlphaTables(background: 0), light = CompositedSSIM.AlphaTables(background: 255)
        x.pixels.withUnsafeBufferPointer { p in
            y.pixels.withUnsafeBufferPointer { q in
                dark.opacity.withUnsafeBufferPointer { opacity in
                    dark.under.withUnsafeBufferPointer { underDark in
                        light.under.withUnsafeBufferPointer { underLight in
                            // One pixel's Cb/Cr over black and over white (BT.601 on the composited codes).
                            func chroma(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Double, Double, Double, Double) {
                                let alpha = Int(b[i * 4 + 3]), a = opacity[alpha]
                                let r = Double(b[i * 4]) * a, g = Double(b[i * 4 + 1]) * a, bl = Double(b[i * 4 + 2]) * a
                                let d = underDark[alpha], l = underLight[alpha]
                                let rd = r + d, gd = g + d, bd = bl + d, rl = r + l, gl = g + l, bll = bl + l
                                return (-0.168736 * rd - 0.331264 * gd + 0.5 * bd, 0.5 * rd - 0.418688 * gd - 0.081312 * bd,
                                        -0.168736 * rl - 0.331264 * gl + 0.5 * bll, 0.5 * rl - 0.418688 * gl - 0.081312 * bll)
                            }
                            func same(_ i: Int, _ count: Int) -> Bool {
                                for k in (i * 4)..<((i + count) * 4) where p[k] != q[k] { return false }
                                return true
                            }
                            var row = 0
                            while row < h {
                                var col = 0
                                let tall = min(row + 2, h) - row
                                while col < w {
                                    let wide = min(col + 2, w) - col
                                    if same(row * w + col, wide) && (tall == 1 || same((row + 1) * w + col, wide)) {
                                        totalDark += 1; totalLight += 1
                                    } else {
                                        var dcbD = 0.0, dcrD = 0.0, dcbL = 0.0, dcrL = 0.0, n = 0.0
                                        for yy in row..<(row + tall) {
                                            for xx in col..<(col + wide) {
                                                let c1 = chroma(p, yy * w + xx), c2 = chroma(q, yy * w + xx)
                                                dcbD += c1.0 - c2.0; dcrD += c1.1 - c2.1
                                                dcbL += c1.2 - c2.2; dcrL += c1.3 - c2.3
                                                n += 1
                                            }
                                        }
                                        totalDark += t2 / (t2 + (dcbD * dcbD + dcrD * dcrD) / (n * n))
                                        totalLight += t2 / (t2 + (dcbL * dcbL + dcrL * dcrL) / (n * n))
                                    }
                                    blocks += 1
                                    col += 2
                                }
                                row += 2
                            }
                        }
                    }
                }
            }
        }
        return (totalDark / Double(blocks), totalLight / Double(blocks))
    }
}
