import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Turns a still picture into an animation a store counts as one, for stores that take a pack all
/// still or all animated (WhatsApp, LINE) when the pack holds animations too.
///
/// Identical frames are not enough: WebPAnimEncoder merges a repeated frame into the one before
/// (two equal frames make a still WebP), and a store counts stored frames. So every other frame
/// differs from the picture in one pixel's alpha by 1/255 (the most opaque pixel, the first in
/// reading order; a fully transparent picture gets one pixel of alpha 1/255), which no eye sees but
/// every encoder keeps as a change. The frame count is the store's minimum (at least 2) and the
/// loop `loopMilliseconds`, within the store's duration cap.
struct StillAnimator {
    /// The store's timing limits.
    var limits: AnimationLimits

    /// One loop of the made animation, in milliseconds, when the store's cap allows it.
    static let loopMilliseconds = 1000

    /// Frames for `image`: the picture, then the picture with one pixel's alpha 1/255 different, alternating.
    func frames(_ image: PixelBuffer) -> [AnimationFrame] {
        let count = max(2, limits.frameCount?.lowerBound ?? 2)
        var loop = Double(Self.loopMilliseconds)
        if let cap = limits.maxDurationMilliseconds { loop = min(loop, cap) }
        let delay = max(Int(loop) / count, Int((limits.minFrameDelayMilliseconds ?? 1).rounded(.up)))
        let nudged = Self.nudged(image)
        return (0..<count).map { AnimationFrame(image: $0 % 2 == 0 ? image : nudged, delay: .milliseconds(delay)) }
    }

    /// `image` with the alpha of its most opaque pixel (the first in reading order) lowered by one
    /// level, or, when every pixel is transparent, the first pixel's alpha raised to one level.
    static func nudged(_ image: PixelBuffer) -> PixelBuffer {
        var copy = image
        var best = -1, bestAlpha = -1
        for index in stride(from: 3, to: copy.pixels.count, by: 4) where Int(copy.pixels[index]) > bestAlpha {
            (best, bestAlpha) = (index, Int(copy.pixels[index]))
            if bestAlpha == 255 { break }
        }
        guard best >= 0 else { return copy }
        copy.pixels[best] = bestAlpha > 0 ? UInt8(bestAlpha - 1) : 1
        return copy
    }

    /// The note the manifest and report carry for a sticker made this way.
    func note(store: String, frames: [AnimationFrame]) -> String {
        let ms = frames.reduce(0) { $0 + $1.delay.milliseconds }
        return "a still picture made into a \(frames.count)-frame animation (\(NumberText.int(Int(ms.rounded()))) ms loop): "
            + "\(store) takes a pack that is all still or all animated, and this pack holds animations; the picture is "
            + "unchanged except one pixel's alpha, 1/255 lower on every other frame, so the store counts the frames as different"
    }
}
