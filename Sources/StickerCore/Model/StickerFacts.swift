import ImageCodec

/// The measured facts of one sticker, as reports show them (JSON `stickers[].facts`).
public struct StickerFacts: Equatable, Sendable, Codable {
    /// Real format from the bytes; a sequence reports `apng` (what it is assembled into).
    public var format: ImageFormat
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Displayed frames.
    public var frames: Int
    /// One loop in milliseconds (0 for stills).
    public var durationMs: Double
    /// Average frames per second over the loop, nil for stills.
    public var fps: Double?
    /// Plays, 0 = forever (stills: 0).
    public var loops: Int
    /// Bytes of the sticker file (for sequences, the sum of the frame files).
    public var bytes: Int
    /// Bytes of all frames decoded to RGBA.
    public var decodedBytes: Int
    /// Whether any pixel of any frame is less than opaque.
    public var hasTransparency: Bool

    /// A record of facts.
    public init(format: ImageFormat, width: Int, height: Int, frames: Int, durationMs: Double,
                fps: Double?, loops: Int, bytes: Int, decodedBytes: Int, hasTransparency: Bool) {
        self.format = format; self.width = width; self.height = height; self.frames = frames
        self.durationMs = durationMs; self.fps = fps; self.loops = loops; self.bytes = bytes
        self.decodedBytes = decodedBytes; self.hasTransparency = hasTransparency
    }
}
