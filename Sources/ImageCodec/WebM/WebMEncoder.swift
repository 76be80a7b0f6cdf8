/// Writes WebM files: VP9 (libvpx) in 8-bit 4:2:0, BT.601 limited range, with alpha as a second
/// VP9 stream of the alpha plane in each block's BlockAdditional (BlockAddID 1, AlphaMode 1), the
/// way Chromium and Telegram read video stickers. Muxed by `WebMMuxer`; no audio track.
///
/// Frame times are whole milliseconds by `MillisecondTimeline` (the 1 ms TimecodeScale; rounding
/// error carried forward, so the loop time is kept); every block stores its duration. libvpx runs
/// single-threaded with key frames only on frame 1, so the same frames and options give the same
/// bytes at any machine load. The colour under fully transparent pixels is filled from the visible
/// pixels first (`HiddenColourFill`), so invisible edges cost no bits. To encode the same frames
/// many times over (a fitter's candidates), use `WebMEncoderSession`: the same bytes, less work.
public struct WebMEncoder: Sendable {
    /// Options in force.
    public var options: WebMEncodeOptions
    /// A writer.
    public init(options: WebMEncodeOptions = WebMEncodeOptions()) { self.options = options }

    /// VP9's largest frame side.
    public static let maxDimension = 65536

    /// Encodes frames (a still is one frame) as a WebM file.
    /// - Throws: `CodecError.invalidInput` for no frames, mixed sizes, a negative delay or an option
    ///   out of range; `.limitExceeded` before anything is allocated; `.library` when libvpx fails.
    public func encode(_ frames: [AnimationFrame]) throws -> [UInt8] { try encodeWithReport(frames).bytes }

    /// `encode(_:)` with the size of each stream.
    public func encodeWithReport(_ frames: [AnimationFrame]) throws -> WebMEncodeReport {
        try options.validate()
        var session = try WebMEncoderSession(frames, alphaOnlyWhenNeeded: options.alphaOnlyWhenNeeded, limits: options.limits)
        return try session.encode(options)
    }

    /// The colour stream's bitrate for a whole file of `bytes`: what the alpha stream and the
    /// container (about 40 bytes a frame, 400 for the headers) leave, spread over the loop.
    static func kilobitsPerSecond(_ bytes: Int, alphaBytes: Int, frames: Int, milliseconds: Int) -> Int {
        let colorBytes = max(bytes / 8, bytes - alphaBytes - 400 - 40 * frames)
        return max(1, colorBytes * 8 / max(1, milliseconds))   // bits per ms = kilobits per second
    }
}

/// What the WebM writer produced.
public struct WebMEncodeReport: Equatable, Sendable {
    /// The file.
    public var bytes: [UInt8]
    /// Bytes of the colour stream's frames.
    public var colorBytes: Int
    /// Bytes of the alpha stream's frames (0 without alpha).
    public var alphaBytes: Int
    /// Whether the file carries alpha (AlphaMode 1).
    public var hasAlpha: Bool
    /// Each frame's stored duration in milliseconds.
    public var durationsMs: [Int]
}
