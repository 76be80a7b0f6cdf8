/// How hard the deflate stage works: `fast` is zlib, `default` and `max` use stronger deflaters.
public enum DeflateEffort: String, Sendable, Codable, CaseIterable {
    case fast, `default`, max
}

/// One frame handed to the APNG writer: the full canvas and how long it shows.
public struct AnimationFrame: Equatable, Sendable {
    /// The whole canvas for this frame (straight-alpha RGBA).
    public var image: PixelBuffer
    /// Display time, written exactly.
    public var delay: FrameDelay
    /// A frame to encode.
    public init(image: PixelBuffer, delay: FrameDelay) { self.image = image; self.delay = delay }
}

/// Options for the PNG/APNG writer.
public struct PNGEncodeOptions: Equatable, Sendable {
    /// Deflate effort.
    public var effort: DeflateEffort
    /// Writer options.
    public init(effort: DeflateEffort = .default) { self.effort = effort }
}

/// Our own lossless PNG/APNG writer (placeholder until the encoder work lands).
public struct PNGEncoder: Sendable {
    /// Options in force.
    public var options: PNGEncodeOptions
    /// A writer.
    public init(options: PNGEncodeOptions = PNGEncodeOptions()) { self.options = options }
    /// Encodes a still image as the smallest exact PNG.
    public func encode(_ image: PixelBuffer) throws -> [UInt8] { throw CodecError.invalidInput("not implemented") }
    /// Encodes frames as an APNG whose first frame is the default image; loopCount 0 = forever.
    public func encodeAnimation(_ frames: [AnimationFrame], loopCount: Int) throws -> [UInt8] {
        throw CodecError.invalidInput("not implemented")
    }
}
