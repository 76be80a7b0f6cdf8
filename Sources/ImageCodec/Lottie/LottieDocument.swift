/// What `LottieValidator` read from a Lottie file's top level: everything needed to render it.
public struct LottieDocument: Equatable, Sendable {
    /// Canvas width and height in pixels (`w`, `h`).
    public var width: Int, height: Int
    /// Frames per second (`fr`).
    public var frameRate: Double
    /// In and out frame (`ip`, `op`); rlottie truncates both to whole frames.
    public var inPoint: Double, outPoint: Double
    /// Bodymovin version (`v`).
    public var version: String
    /// Layers at the top level.
    public var layerCount: Int

    /// Frames rendered: whole out frame minus whole in frame, as rlottie counts them.
    public var frameCount: Int { Int(outPoint.rounded(.towardZero)) - Int(inPoint.rounded(.towardZero)) }

    /// One frame's display time as an exact fraction: 1/fr for whole rates, otherwise 1000/(1000 fr)
    /// reduced (29.97 fps is 100/2997 s).
    public var frameDelay: FrameDelay {
        if frameRate == frameRate.rounded() { return FrameDelay(numerator: 1, denominator: Int(frameRate)) }
        return FrameDelay(numerator: 1000, denominator: Int((frameRate * 1000).rounded())).reduced()
    }

    /// The size to render at so the canvas fits a `box` x `box` square, aspect ratio kept (at least
    /// 1 px a side); the canvas itself when `box` is nil.
    public func renderSize(fitting box: Int?) -> (width: Int, height: Int) {
        guard let box, box > 0 else { return (width, height) }
        let longest = max(width, height)
        // Integer arithmetic, rounding halves up: 180 * 408 / 320 = 229.5 -> 230 exactly.
        func scaled(_ side: Int) -> Int { max(1, (side * box * 2 + longest) / (2 * longest)) }
        return (scaled(width), scaled(height))
    }
}
