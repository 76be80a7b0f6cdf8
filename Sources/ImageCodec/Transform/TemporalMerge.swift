/// One frame standing in for a run of consecutive frames (a frame-rate cut), made so that what
/// changes only by grain or noise is averaged and what moves is not.
///
/// Holding the first frame of the run (a plain cut) shows its grain for the whole run: against the
/// frames it replaces, whose grain is different, it scores as if every pixel were wrong by the
/// noise, which on a grainy 30 fps clip cut to 15 fps cost more than the palette did (composited
/// SSIM 0.87 on the held frames of the issue-19 benchmark's small video, 1.00 on the kept ones).
/// Averaging the whole run instead ghosts anything that moves (a ball crossing the run shows twice,
/// half transparent). This merge does both where each is right, pixel by pixel, against the run's
/// first frame (the one a cut would hold):
/// - each later frame's pixel joins the average with its display time as weight, scaled by how
///   close it is to the first frame's pixel: fully while the largest difference of the four
///   premultiplied channels is at most `fullBlendDifference`, not at all from `noBlendDifference`,
///   linearly between;
/// - the average is taken on premultiplied values, so a transparent pixel adds no colour, and
///   un-premultiplied with rounding.
///
/// Frames identical to the first leave it unchanged, and a moving hard edge (differences far over
/// the thresholds) is held as a cut holds it. Pure arithmetic in a fixed order: deterministic.
public struct TemporalMerge: Sendable {
    /// Largest channel difference (premultiplied, code values) still averaged with full weight:
    /// twice the grain of a `noise=alls=18` clip's typical pair of frames after a VP9 encode.
    public static let fullBlendDifference = 32
    /// Channel difference from which a pixel is treated as motion and left out of the average.
    public static let noBlendDifference = 64

    /// A merger.
    public init() {}

    /// The frame shown in place of `frames` (at least one, one size), each weighted by `weights`
    /// (display times; all zero: equal). One frame is returned as it is.
    /// - Throws: `CodecError.invalidInput` for an empty run, mismatched sizes or counts.
    public func merged(_ frames: [PixelBuffer], weights: [Double]) throws -> PixelBuffer {
        guard let first = frames.first, frames.count == weights.count else {
            throw CodecError.invalidInput("a merge needs one weight per frame and at least one frame; got \(frames.count) frames, "
                + "\(weights.count) weights")
        }
        guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw CodecError.invalidInput("frames to merge differ in size")
        }
        if frames.count == 1 { return first }
        let total = weights.reduce(0, +)
        let w = total > 0 ? weights.map { $0 / total } : [Double](repeating: 1 / Double(frames.count), count: frames.count)
        let full = Double(Self.fullBlendDifference), none = Double(Self.noBlendDifference)
        // Sums of the premultiplied channels and of the weights, one frame at a time.
        let n = first.pixelCount
        var acc = [Double](repeating: 0, count: n * 4), sum = [Double](repeating: w[0], count: n)
        first.pixels.withUnsafeBufferPointer { k in
            for j in 0..<n {
                let a = Double(k[j * 4 + 3])
                for c in 0..<3 { acc[j * 4 + c] = Double(k[j * 4 + c]) * a / 255 * w[0] }
                acc[j * 4 + 3] = a * w[0]
            }
            for f in 1..<frames.count {
                frames[f].pixels.withUnsafeBufferPointer { p in
                    for j in 0..<n {
                        let i = j * 4
                        let ka = Double(k[i + 3]), pa = Double(p[i + 3])
                        var d = abs(pa - ka)
                        for c in 0..<3 { d = max(d, abs(Double(p[i + c]) * pa - Double(k[i + c]) * ka) / 255) }
                        let share = d <= full ? 1 : d >= none ? 0 : (none - d) / (none - full)
                        guard share > 0 else { continue }
                        let s = share * w[f]
                        for c in 0..<3 { acc[i + c] += Double(p[i + c]) * pa / 255 * s }
                        acc[i + 3] += pa * s
                        sum[j] += s
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: n * 4)
        for j in 0..<n {
            let i = j * 4
            let a = acc[i + 3] / sum[j]
            let alpha = min(255, max(0, a.rounded()))
            guard alpha > 0 else { continue }
            out[i + 3] = UInt8(alpha)
            // Straight colour from the premultiplied average: C = P / A (both divided by the same sum).
            for c in 0..<3 { out[i + c] = UInt8(min(255, max(0, (acc[i + c] * 255 / acc[i + 3]).rounded()))) }
        }
        return PixelBuffer(width: first.width, height: first.height, pixels: out)
    }
}
