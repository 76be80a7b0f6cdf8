/// How a frame leaves its region before the next frame is drawn (APNG dispose_op, GIF disposal).
public enum DisposeOp: String, Sendable, Codable, CaseIterable {
    /// Leave the canvas as it is (APNG 0, GIF 0 and 1).
    case none
    /// Clear the region to transparent black (APNG 1, GIF 2 as browsers do it).
    case background
    /// Restore the region to what it was before this frame (APNG 2, GIF 3).
    case previous
}

/// How a frame's pixels meet the canvas (APNG blend_op; GIF frames always blend over).
public enum BlendOp: String, Sendable, Codable, CaseIterable {
    /// Replace the region's pixels, alpha included.
    case source
    /// Alpha-composite over the canvas.
    case over
}

/// A frame as the file stores it, before compositing: its region and its ops.
public struct RawFrameInfo: Equatable, Sendable, Codable {
    /// Where the frame's pixels go on the canvas. For GIF this may reach past the canvas.
    public var region: PixelRegion
    /// What happens to the region after the frame is shown.
    public var dispose: DisposeOp
    /// How the pixels are combined with the canvas.
    public var blend: BlendOp
    /// A raw frame description.
    public init(region: PixelRegion, dispose: DisposeOp, blend: BlendOp) {
        self.region = region; self.dispose = dispose; self.blend = blend
    }
}

/// One displayed frame: the whole canvas, fully composited, and how long it shows.
public struct Frame: Equatable, Sendable {
    /// The canvas as a viewer shows it during this frame.
    public var image: PixelBuffer
    /// How long it shows, exactly as stored.
    public var delay: FrameDelay
    /// The frame as stored (region, ops); nil for stills and JPEG.
    public var raw: RawFrameInfo?
    /// A composited frame.
    public init(image: PixelBuffer, delay: FrameDelay, raw: RawFrameInfo? = nil) {
        self.image = image; self.delay = delay; self.raw = raw
    }
}

/// The one model every decoder produces: canvas, composited frames, loop count and source facts.
public struct DecodedImage: Equatable, Sendable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Displayed frames in order; a still image has exactly one, with a zero delay.
    public var frames: [Frame]
    /// Plays of the animation; 0 = forever. Stills report 0.
    public var loopCount: Int
    /// What the file says about itself, for checks and `inspect`.
    public var facts: SourceFacts

    /// A decoded image.
    public init(width: Int, height: Int, frames: [Frame], loopCount: Int, facts: SourceFacts) {
        self.width = width; self.height = height; self.frames = frames
        self.loopCount = loopCount; self.facts = facts
    }

    /// Whether there is more than one frame, or the format is an animation format (APNG, animated GIF).
    public var isAnimated: Bool { Self.isAnimated(frameCount: frames.count, facts: facts) }
    /// The duration of one loop in milliseconds.
    public var loopDurationMilliseconds: Double { frames.reduce(0) { $0 + $1.delay.milliseconds } }

    /// Whether an image of `frameCount` frames with `facts` animates (see `isAnimated`).
    static func isAnimated(frameCount: Int, facts: SourceFacts) -> Bool {
        frameCount > 1 || facts.format == .apng || (facts.format == .gif && facts.frameCount > 1)
    }
    /// Bytes all decoded frames occupy as RGBA (what a viewer holds in memory).
    public var decodedByteCount: Int { width * height * 4 * frames.count }
}
