import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// How `build --platform` brings an animation within a store's duration cap (`--retime`).
public enum RetimeMode: String, Sendable, Codable, CaseIterable {
    /// Speed up when that is at most `autoSpeedUpLimit` times faster, else trim.
    case auto
    /// Always speed up: every frame kept, every delay shortened by the same factor.
    case speed
    /// Always trim: the loop cut at the cap, its start kept at its own speed.
    case trim

    /// The largest speed-up `auto` makes (a 4 s loop for a 3 s cap is 1.33x): beyond it motion
    /// looks hurried, so the loop is trimmed instead.
    public static let autoSpeedUpLimit = 1.34
}

/// An animation within a store's timing limits, and what was done to get it there.
public struct RetimedAnimation: Equatable, Sendable {
    /// The frames, each with its new delay.
    public var frames: [AnimationFrame]
    /// Plays; 0 = forever.
    public var plays: Int
    /// What was done, in words, in order ("sped up 1.33x: 4,000 ms -> 3,000 ms"); empty when nothing.
    public var notes: [String]
}

/// Brings an animation within a store's `AnimationLimits` for one output format: duration (per
/// loop, or every play together), frame rate, shortest frame delay, most and fewest frames, plays.
///
/// Delays are whole milliseconds after retiming (WebP and WebM store milliseconds), placed on a
/// cumulative grid so the loop's length is exactly what was aimed at, never above a cap.
public struct Retimer: Sendable {
    /// The store's limits.
    public var limits: AnimationLimits
    /// The format written (Telegram caps WebM at 30 fps, TGS at 60).
    public var format: ImageFormat
    /// Speed up or trim.
    public var mode: RetimeMode

    /// A retimer.
    public init(limits: AnimationLimits, format: ImageFormat, mode: RetimeMode = .auto) {
        self.limits = limits; self.format = format; self.mode = mode
    }

    /// `frames` (playing `plays` times, 0 = forever) within the limits. `playsFromSource` false: the
    /// play count is not the source's (a still made into an animation has none), so a change of it
    /// is noted without a "was".
    public func retime(_ frames: [AnimationFrame], plays: Int, playsFromSource: Bool = true) -> RetimedAnimation {
        var result = RetimedAnimation(frames: frames, plays: plays, notes: [])
        guard frames.count > 1 else { return result }
        let total = Self.milliseconds(frames)
        var loopCap = limits.maxDurationMilliseconds
        if let range = limits.plays {
            let wanted = plays == 0 ? range.upperBound : min(max(plays, range.lowerBound), range.upperBound)
            var chosen = wanted
            if let cap = limits.maxDurationMilliseconds, limits.durationCountsEveryPlay {
                // The most plays (up to the wanted count) whose total fits; at least the fewest allowed.
                chosen = max(range.lowerBound, min(wanted, Int((cap / max(total, 1)).rounded(.down))))
                loopCap = cap / Double(chosen)
            }
            if chosen != plays {
                let was = playsFromSource ? " (was \(plays == 0 ? "forever" : "\(plays)"))" : ""
                result.notes.append("plays \(chosen == 1 ? "once" : "\(chosen) times")\(was)")
                result.plays = chosen
            }
        }
        if let cap = loopCap, total > cap + 0.0005 {
            let factor = total / cap
            let speed = mode == .speed || (mode == .auto && factor <= RetimeMode.autoSpeedUpLimit)
            let target = Int(cap.rounded(.down))
            if speed {
                result.frames = Self.scaled(result.frames, to: target)
                if Int(total.rounded()) == target {
                    // Over the cap by less than a millisecond (timestamps rounded to whole ms): not a visible speed-up.
                    result.notes.append("loop of \(NumberText.decimal(total, places: 2)) ms shortened to \(NumberText.int(target)) ms "
                                        + "(the cap), every frame kept")
                } else {
                    result.notes.append("sped up \(NumberText.decimal(factor, places: 2))x: \(NumberText.int(Int(total.rounded()))) ms "
                                        + "-> \(NumberText.int(target)) ms, every frame kept")
                }
            } else {
                let trimmed = Self.trimmed(result.frames, to: target)
                result.notes.append("trimmed to the first \(NumberText.int(target)) ms of \(NumberText.int(Int(total.rounded()))) ms "
                                    + "(\(trimmed.count) of \(frames.count) frames kept)")
                result.frames = trimmed
            }
        }
        var interval: Double = 0
        let length = Self.milliseconds(result.frames)
        if let fps = limits.maxFPS(for: format), Double(result.frames.count) / (length / 1000) > fps * 1.0001 {
            interval = (1000 / fps).rounded(.up)
        }
        if let shortest = limits.minFrameDelayMilliseconds, result.frames.contains(where: { $0.delay.milliseconds < shortest }) {
            interval = max(interval, shortest.rounded(.up))
        }
        if let most = limits.frameCount?.upperBound, result.frames.count > most {
            interval = max(interval, (length / Double(most)).rounded(.up))
        }
        if interval > 0 {
            let before = result.frames.count
            result.frames = Self.resampled(result.frames, every: Int(interval), minimumLast: limits.minFrameDelayMilliseconds ?? 0)
            result.notes.append("resampled to one frame every \(Int(interval)) ms (\(before) -> \(result.frames.count) frames)")
        }
        if let fewest = limits.frameCount?.lowerBound, case let before = Self.distinctCount(result.frames), before < fewest {
            result.frames = Self.split(result.frames, toDistinct: fewest)
            let after = Self.distinctCount(result.frames)
            if after > before {
                result.notes.append("split into \(after) distinct frames (was \(before)): the longest frames shown in two halves, "
                                    + "the second with one pixel's alpha 1/255 lower, the timing unchanged")
            }
        }
        return result
    }

    /// Frames once identical neighbours are merged, counted as the store's `frame_count` check
    /// counts them (`FrameCountCheck.distinctFrames`).
    static func distinctCount(_ frames: [AnimationFrame]) -> Int { FrameCountCheck.distinctFrames(frames.map(\.image)) }

    /// Too few distinct frames for the store (LINE takes 5 to 20): the longest frame (the first of
    /// equals) is shown in two halves of whole milliseconds, the second half the same picture with
    /// one pixel's alpha one level lower (`StillAnimator.nudged`), so it counts as a frame of its own
    /// and the animation looks and lasts the same; repeated until `fewest` or no frame is 2 ms long.
    static func split(_ frames: [AnimationFrame], toDistinct fewest: Int) -> [AnimationFrame] {
        var out = frames
        while distinctCount(out) < fewest {
            guard let longest = out.indices.max(by: { out[$0].delay.milliseconds < out[$1].delay.milliseconds || (
                out[$0].delay.milliseconds == out[$1].delay.milliseconds && $0 > $1) }),
                  out[longest].delay.milliseconds >= 2 else { break }
            let whole = Int(out[longest].delay.milliseconds.rounded())
            let first = whole / 2
            out[longest].delay = .milliseconds(first)
            out.insert(AnimationFrame(image: StillAnimator.nudged(out[longest].image), delay: .milliseconds(whole - first)),
                       at: longest + 1)
        }
        return out
    }

    /// One loop in milliseconds.
    static func milliseconds(_ frames: [AnimationFrame]) -> Double { frames.reduce(0) { $0 + $1.delay.milliseconds } }

    /// Every delay scaled so the loop lasts `target` ms, on a cumulative whole-millisecond grid.
    static func scaled(_ frames: [AnimationFrame], to target: Int) -> [AnimationFrame] {
        let total = milliseconds(frames)
        var elapsed = 0.0, placed = 0
        return frames.map { frame in
            elapsed += frame.delay.milliseconds
            let end = Int((elapsed * Double(target) / total).rounded())
            defer { placed = end }
            return AnimationFrame(image: frame.image, delay: .milliseconds(end - placed))
        }
    }

    /// The frames that start before `target` ms, the last cut to end at it.
    static func trimmed(_ frames: [AnimationFrame], to target: Int) -> [AnimationFrame] {
        var kept: [AnimationFrame] = [], start = 0.0
        for frame in frames where start < Double(target) {
            let end = min(start + frame.delay.milliseconds, Double(target))
            let placedStart = Int(start.rounded()), placedEnd = Int(end.rounded())
            kept.append(AnimationFrame(image: frame.image, delay: .milliseconds(placedEnd - placedStart)))
            start = end
        }
        return kept
    }

    /// The frame showing at every multiple of `every` ms, consecutive repeats merged; the loop's
    /// length is kept, and a last frame shorter than `minimumLast` is merged into the one before.
    static func resampled(_ frames: [AnimationFrame], every: Int, minimumLast: Double) -> [AnimationFrame] {
        let total = Int(milliseconds(frames).rounded())
        var ends: [Double] = [], elapsed = 0.0
        for frame in frames { elapsed += frame.delay.milliseconds; ends.append(elapsed) }
        var out: [(index: Int, ms: Int)] = []
        var time = 0, source = 0
        while time < total {
            while source < frames.count - 1 && ends[source] <= Double(time) { source += 1 }
            let length = min(every, total - time)
            if let last = out.last, last.index == source {
                out[out.count - 1].ms += length
            } else {
                out.append((source, length))
            }
            time += length
        }
        if out.count > 1, let last = out.last, Double(last.ms) < minimumLast {
            out.removeLast()
            out[out.count - 1].ms += last.ms
        }
        return out.map { AnimationFrame(image: frames[$0.index].image, delay: .milliseconds($0.ms)) }
    }
}
