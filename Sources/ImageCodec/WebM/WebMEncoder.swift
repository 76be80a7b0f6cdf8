import CVPX

/// Writes WebM files: VP9 (libvpx) in 8-bit 4:2:0, BT.601 limited range, with alpha as a second
/// VP9 stream of the alpha plane in each block's BlockAdditional (BlockAddID 1, AlphaMode 1), the
/// way Chromium and Telegram read video stickers. Muxed by `WebMMuxer`; no audio track.
///
/// Frame times are whole milliseconds by `MillisecondTimeline` (the 1 ms TimecodeScale; rounding
/// error carried forward, so the loop time is kept); every block stores its duration. libvpx runs
/// single-threaded with key frames only on frame 1, so the same frames and options give the same
/// bytes at any machine load.
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
        guard let first = frames.first else { throw CodecError.invalidInput("a WebM file needs at least one frame") }
        let (width, height) = (first.image.width, first.image.height)
        if let odd = frames.firstIndex(where: { $0.image.width != width || $0.image.height != height }) {
            throw CodecError.invalidInput("frame \(odd + 1) is \(frames[odd].image.width)x\(frames[odd].image.height) px, "
                                          + "frame 1 is \(width)x\(height) px; all frames must match")
        }
        guard width > 0, height > 0, width <= Self.maxDimension, height <= Self.maxDimension else {
            throw CodecError.invalidInput("image is \(width)x\(height) px; VP9 takes 1 to \(Self.maxDimension) px a side")
        }
        try options.limits.checkCanvas(width: width, height: height)
        try options.limits.checkFrames(count: frames.count, width: width, height: height)
        let timeline = try MillisecondTimeline(frames.map(\.delay))
        let converter = RGBAToI420Converter(width: width, height: height)
        let hasAlpha = !options.alphaOnlyWhenNeeded || frames.contains { $0.image.hasTransparency }

        let alphaSettings: VP9StreamSettings, alphaTwoPass: Bool
        switch options.rate {
        case .constantQuality:
            alphaSettings = .constantQuality(crf: options.alphaCRF, speed: options.speed); alphaTwoPass = false
        case .targetBytes(let bytes), .constrainedQuality(_, let bytes):
            let share = Int(Double(bytes) * options.alphaShare)
            alphaSettings = VP9StreamSettings(mode: VPX_VBR, kilobitsPerSecond: max(1, share * 8 / max(1, timeline.total)),
                                              crf: 0, pass: .last, speed: options.speed)
            alphaTwoPass = true
        }
        let alpha = hasAlpha
            ? try encodeStream(frames, timeline: timeline, converter: converter, stream: "alpha",
                               settings: alphaSettings, twoPass: alphaTwoPass)
            : nil
        let alphaBytes = alpha?.reduce(0) { $0 + $1.bytes.count } ?? 0
        let colorSettings: VP9StreamSettings, twoPass: Bool
        switch options.rate {
        case .constantQuality(let crf):
            colorSettings = .constantQuality(crf: crf, speed: options.speed); twoPass = false
        case .targetBytes(let bytes):
            colorSettings = VP9StreamSettings(mode: VPX_VBR, kilobitsPerSecond: Self.kilobitsPerSecond(
                bytes, alphaBytes: alphaBytes, frames: frames.count, milliseconds: timeline.total), crf: 0, pass: .last,
                speed: options.speed)
            twoPass = true
        case .constrainedQuality(let crf, let bytes):
            colorSettings = VP9StreamSettings(mode: VPX_CQ, kilobitsPerSecond: Self.kilobitsPerSecond(
                bytes, alphaBytes: alphaBytes, frames: frames.count, milliseconds: timeline.total), crf: crf, pass: .last,
                speed: options.speed)
            twoPass = true
        }
        let color = try encodeStream(frames, timeline: timeline, converter: converter, stream: "colour",
                                     settings: colorSettings, twoPass: twoPass)
        let muxed = (0..<frames.count).map {
            WebMMuxer.Frame(color: color[$0].bytes, alpha: alpha?[$0].bytes, start: timeline.starts[$0],
                            duration: timeline.durations[$0], isKey: color[$0].isKey)
        }
        let bytes = WebMMuxer(width: width, height: height, hasAlpha: hasAlpha).mux(muxed, duration: timeline.total)
        return WebMEncodeReport(bytes: bytes, colorBytes: color.reduce(0) { $0 + $1.bytes.count },
                                alphaBytes: alphaBytes, hasAlpha: hasAlpha, durationsMs: timeline.durations)
    }

    /// The colour stream's bitrate for a whole file of `bytes`: what the alpha stream and the
    /// container (about 40 bytes a frame, 400 for the headers) leave, spread over the loop.
    static func kilobitsPerSecond(_ bytes: Int, alphaBytes: Int, frames: Int, milliseconds: Int) -> Int {
        let colorBytes = max(bytes / 8, bytes - alphaBytes - 400 - 40 * frames)
        return max(1, colorBytes * 8 / max(1, milliseconds))   // bits per ms = kilobits per second
    }

    /// One stream's packets, one per frame in order (two passes when `twoPass`).
    private func encodeStream(_ frames: [AnimationFrame], timeline: MillisecondTimeline, converter: RGBAToI420Converter,
                              stream: String, settings: VP9StreamSettings,
                              twoPass: Bool) throws -> [VPXEncoderHandle.Packet] {
        let pictures = frames.map { stream == "alpha" ? converter.alpha($0.image) : converter.color($0.image) }
        func run(_ settings: VP9StreamSettings, stats: [UInt8]?) throws -> VPXEncoderHandle {
            let encoder = try VPXEncoderHandle(settings: settings, converter: converter, stream: stream, stats: stats)
            for (index, picture) in pictures.enumerated() {
                try encoder.encode(picture, pts: timeline.starts[index], duration: timeline.durations[index],
                                   forceKey: index == 0, frame: index + 1)
            }
            try encoder.finish()
            return encoder
        }
        var stats: [UInt8]?
        if twoPass {
            var firstPass = settings
            firstPass.pass = .first
            stats = try run(firstPass, stats: nil).stats
        }
        let packets = try run(settings, stats: stats).packets
        guard packets.count == frames.count else {
            throw CodecError.library(name: "libvpx", message: "the \(stream) encoder returned \(packets.count) "
                                     + "frames for \(frames.count)")
        }
        return packets
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
