import ImageCodec
import StickerCore

/// One frame count and size the lossy search tries: which frames are kept, at what size, and which
/// kept frame stands in for each input frame when quality is measured.
struct FitGeometry: Sendable {
    /// Frames kept.
    let keepCount: Int
    /// Longest side of the output; nil when not scaled.
    let side: Int?
    /// Input indices of the kept frames.
    let kept: [Int]
    /// Whether each kept frame is the `TemporalMerge` of the run it stands for (else the run's first).
    let merged: Bool
    /// Kept frames (merged delays), scaled when `side` is set.
    let frames: [AnimationFrame]
    /// For each input frame, the index in `frames` shown in its place.
    let shown: [Int]

    /// Output size for `side` on a `width` x `height` input, aspect ratio kept.
    static func size(width: Int, height: Int, side: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        let w = max(1, (width * side * 2 + longest) / (longest * 2))
        let h = max(1, (height * side * 2 + longest) / (longest * 2))
        return (w, h)
    }

    /// Frame counts worth trying for `n` input frames: all, then every 2nd, 3rd, 4th, 6th, 10th, 15th
    /// and 30th frame (30 -> 15 -> 10 -> 7.5 -> 5 -> 3 -> 2 -> 1 fps; at least 2), so each kept frame
    /// is shown equally long. The low rates win only where the frames differ mostly by grain or
    /// noise, which no palette keeps at 30 fps under the limit (a noisy 160x120 clip enlarged to
    /// 400x300 measures best at 3 fps with more colours): the quality bound of each count (dropping
    /// alone) skips them for real motion.
    static func keepCounts(_ n: Int) -> [Int] {
        guard n > 2 else { return [n] }
        var out: [Int] = [n]
        for k in [(n + 1) / 2, (n + 2) / 3, (n + 3) / 4, (n + 5) / 6, (n + 9) / 10, (n + 14) / 15, (n + 29) / 30] where k >= 2 && !out.contains(k) { out.append(k) }
        return out
    }

    /// The scale steps below the largest side: 7/8, 3/4, 5/8 and 1/2 of it.
    static let sideFractions = [0.875, 0.75, 0.625, 0.5]

    /// Longest sides to try: the input's own (nil), then sizes within the grid size, never upscaled,
    /// and never with either side below `minSide` (a 320x240 input is never fitted at 300x225).
    static func sides(width: Int, height: Int, grid: GridSize, minSide: Int) -> [Int?] {
        let longest = max(width, height)
        let top = min(longest, grid.maxPixels)
        var out: [Int?] = [nil]
        if top < longest { out.append(top) }
        for f in sideFractions {
            let s = Int((Double(top) * f).rounded())
            let scaled = size(width: width, height: height, side: s)
            if min(scaled.width, scaled.height) >= minSide && s < top && !out.contains(s) { out.append(s) }
        }
        return out
    }
}
