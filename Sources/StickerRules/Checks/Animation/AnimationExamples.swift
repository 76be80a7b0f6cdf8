import ImageCodec
import StickerCore

/// Shared example artwork for the animation rules: two alternating 408 px frames.
enum AnimationExamples {
    static let a = ExampleImage.canvas(408, 408, inset: 20)
    static let b = ExampleImage.canvas(408, 408, inset: 30)

    /// `count` alternating frames with one delay each.
    static func frames(_ count: Int) -> [PixelBuffer] { (0..<count).map { $0 % 2 == 0 ? a : b } }

    /// An APNG subject of `count` frames at `delay`.
    static func apng(_ count: Int, delay: FrameDelay = .fps(15), loopCount: Int = 0) -> StickerSubject {
        .example(image: ExampleImage.animation(frames(count), delay: delay, loopCount: loopCount))
    }
}

extension DecodedSummary {
    /// Frames per second averaged over one loop; nil for a zero-length loop.
    var averageFPS: Double? {
        let ms = loopDurationMilliseconds
        return ms > 0 ? Double(frameCount) * 1000 / ms : nil
    }
}
