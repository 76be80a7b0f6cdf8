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
        let dark = Self.colourSimilarity(reference, candidate, over: 0)
        let light = Self.colourSimilarity(reference, candidate, over: 255)
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
    /// averaged over the block (a trailing odd row or column is its own block).
    static func colourSimilarity(_ x: PixelBuffer, _ y: PixelBuffer, over background: Double) -> Double {
        let w = x.width, h = x.height
        let t2 = colourTolerance * colourTolerance
        var total = 0.0, blocks = 0
        x.pixels.withUnsafeBufferPointer { p in
            y.pixels.withUnsafeBufferPointer { q in
                func chroma(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Double, Double) {
                    let a = Double(b[i * 4 + 3]) / 255, bg = background * (1 - a)
                    let r = Double(b[i * 4]) * a + bg, g = Double(b[i * 4 + 1]) * a + bg, bl = Double(b[i * 4 + 2]) * a + bg
                    return (-0.168736 * r - 0.331264 * g + 0.5 * bl, 0.5 * r - 0.418688 * g - 0.081312 * bl)
                }
                var row = 0
                while row < h {
                    var col = 0
                    while col < w {
                        var dcb = 0.0, dcr = 0.0, n = 0.0
                        for yy in row..<min(row + 2, h) {
                            for xx in col..<min(col + 2, w) {
                                let (cb1, cr1) = chroma(p, yy * w + xx), (cb2, cr2) = chroma(q, yy * w + xx)
                                dcb += cb1 - cb2; dcr += cr1 - cr2; n += 1
                            }
                        }
                        let e2 = (dcb * dcb + dcr * dcr) / (n * n)
                        total += t2 / (t2 + e2)
                        blocks += 1
                        col += 2
                    }
                    row += 2
                }
            }
        }
        return total / Double(blocks)
    }
}
