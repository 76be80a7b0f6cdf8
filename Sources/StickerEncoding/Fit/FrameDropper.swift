import ImageCodec
import StickerCore

/// Frame-rate reduction that keeps the loop's duration and its motion even.
///
/// A uniform reduction (30 -> 15 -> 10 -> 7.5 -> 5 -> 3 -> 2 -> 1 fps: every 2nd, 3rd, 4th, 6th,
/// 10th, 15th or 30th frame kept, each given the time of the frames it stands for), so every kept
/// frame is shown about equally long: at most one source frame longer than another, and the loop lasts exactly as long. Until 2026-11-24
/// the frames that changed least were dropped, which on a clip whose frames differ little merged six
/// consecutive frames into one 292 ms hold: a visible stall that a mean SSIM over frames hardly sees.
/// Frame 0 is always kept (the poster image).
struct FrameDropper: Sendable {
    /// The frames' images.
    let images: [PixelBuffer]

    /// Indices of the frames kept when only `keep` of them remain: spread evenly, `i * n / keep`
    /// (ascending, always with 0).
    func kept(count keep: Int) -> [Int] {
        let n = images.count
        guard keep >= 1, keep < n else { return Array(images.indices) }
        return (0..<keep).map { $0 * n / keep }
    }

    /// The kept frames with the dropped frames' time added to the kept frame before them; the sum
    /// of the delays is exactly the input's.
    static func merge(_ frames: [AnimationFrame], kept: [Int]) -> [AnimationFrame] {
        var out: [AnimationFrame] = []
        for (k, start) in kept.enumerated() {
            let end = k + 1 < kept.count ? kept[k + 1] : frames.count
            let delay = frames[start..<end].map(\.delay).reduce(FrameDelay.zero, +)
            out.append(AnimationFrame(image: frames[start].image, delay: delay))
        }
        return out
    }

    /// `merge`, with each kept frame's image the `TemporalMerge` of the run of frames it stands for
    /// (grain averaged over the run, motion held as the cut holds it), weighted by their delays.
    static func merged(_ frames: [AnimationFrame], kept: [Int]) throws -> [AnimationFrame] {
        let held = merge(frames, kept: kept)
        let images = try Parallel.map(kept.count) { k -> PixelBuffer in
            let run = frames[kept[k]..<(k + 1 < kept.count ? kept[k + 1] : frames.count)]
            return try TemporalMerge().merged(run.map(\.image), weights: run.map(\.delay.milliseconds))
        }
        return zip(images, held).map { AnimationFrame(image: $0, delay: $1.delay) }
    }

    /// For each input frame, the position in `kept` of the frame shown in its place.
    static func shownFrame(kept: [Int], frameCount: Int) -> [Int] {
        var map = [Int](repeating: 0, count: frameCount), k = 0
        for i in 0..<frameCount {
            while k + 1 < kept.count && kept[k + 1] <= i { k += 1 }
            map[i] = k
        }
        return map
    }
}
