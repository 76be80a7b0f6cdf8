import CVPX

/// Encodes the same frames as WebM many times over, with different rate options, and does each
/// piece of work once: the pictures are converted once, a two-pass stream's first-pass statistics
/// are made once a stream and speed (they do not depend on the byte target), and a stream encoded
/// with the same settings again is taken from the last time. A fitter that tries several alpha
/// shares, or re-aims only the colour (`WebMEncodeOptions.alphaTargetBytes`), pays for the streams
/// that change. Every piece is deterministic, so a session's file is byte-identical to
/// `WebMEncoder(options:).encode(frames)` with the same options.
public struct WebMEncoderSession {
    private let frames: [AnimationFrame]
    private let timeline: MillisecondTimeline
    private let converter: RGBAToI420Converter
    /// Whether the files carry an alpha stream.
    public let hasAlpha: Bool
    private var pictures: [String: [[UInt8]]] = [:]
    private var stats: [StatsKey: [UInt8]] = [:]
    private var streams: [StreamKey: [VPXEncoderHandle.Packet]] = [:]
    /// libvpx passes run so far (a two-pass stream counts two, a reused piece none).
    public private(set) var passes = 0

    private struct StatsKey: Hashable { var stream: String, speed: Int }
    private struct StreamKey: Hashable { var stream: String, mode: UInt32, kbps: Int, crf: Int, speed: Int, firstPassSpeed: Int? }

    /// A session for `frames`, checked as `WebMEncoder` checks them (equal sizes, 1 to 65536 px a
    /// side, `limits`) before anything is converted.
    public init(_ frames: [AnimationFrame], alphaOnlyWhenNeeded: Bool = true, limits: DecodeLimits = .default) throws {
        guard let first = frames.first else { throw CodecError.invalidInput("a WebM file needs at least one frame") }
        let (width, height) = (first.image.width, first.image.height)
        if let odd = frames.firstIndex(where: { $0.image.width != width || $0.image.height != height }) {
            throw CodecError.invalidInput("frame \(odd + 1) is \(frames[odd].image.width)x\(frames[odd].image.height) px, "
                                          + "frame 1 is \(width)x\(height) px; all frames must match")
        }
        guard width > 0, height > 0, width <= WebMEncoder.maxDimension, height <= WebMEncoder.maxDimension else {
            throw CodecError.invalidInput("image is \(width)x\(height) px; VP9 takes 1 to \(WebMEncoder.maxDimension) px a side")
        }
        try limits.checkCanvas(width: width, height: height)
        try limits.checkFrames(count: frames.count, width: width, height: height)
        self.frames = frames
        timeline = try MillisecondTimeline(frames.map(\.delay))
        converter = RGBAToI420Converter(width: width, height: height)
        hasAlpha = !alphaOnlyWhenNeeded || frames.contains { $0.image.hasTransparency }
    }

    /// The file for `options` (its `alphaOnlyWhenNeeded` and `limits` are the session's).
    /// - Throws: `CodecError.invalidInput` for an option out of range, `.library` when libvpx fails.
    public mutating func encode(_ options: WebMEncodeOptions) throws -> WebMEncodeReport {
        try options.validate()
        let firstPassSpeed = options.firstPassSpeed ?? options.speed
        let alpha = try alphaStream(options)
        let alphaBytes = alpha?.reduce(0) { $0 + $1.bytes.count } ?? 0
        let color: [VPXEncoderHandle.Packet]
        switch options.rate {
        case .constantQuality(let crf):
            color = try stream("colour", .constantQuality(crf: crf, speed: options.speed), firstPassSpeed: nil)
        case .targetBytes(let bytes):
            color = try stream("colour", VP9StreamSettings(mode: VPX_VBR, kilobitsPerSecond: WebMEncoder.kilobitsPerSecond(
                bytes, alphaBytes: alphaBytes, frames: frames.count, milliseconds: timeline.total), crf: 0, pass: .last,
                speed: options.speed), firstPassSpeed: firstPassSpeed)
        case .constrainedQuality(let crf, let bytes):
            color = try stream("colour", VP9StreamSettings(mode: VPX_CQ, kilobitsPerSecond: WebMEncoder.kilobitsPerSecond(
                bytes, alphaBytes: alphaBytes, frames: frames.count, milliseconds: timeline.total), crf: crf, pass: .last,
                speed: options.speed), firstPassSpeed: firstPassSpeed)
        }
        let muxed = (0..<frames.count).map {
            WebMMuxer.Frame(color: color[$0].bytes, alpha: alpha?[$0].bytes, start: timeline.starts[$0],
                            duration: timeline.durations[$0], isKey: color[$0].isKey)
        }
        let (width, height) = (converter.width, converter.height)
        let bytes = WebMMuxer(width: width, height: height, hasAlpha: hasAlpha).mux(muxed, duration: timeline.total)
        return WebMEncodeReport(bytes: bytes, colorBytes: color.reduce(0) { $0 + $1.bytes.count },
                                alphaBytes: alphaBytes, hasAlpha: hasAlpha, durationsMs: timeline.durations)
    }

    /// One stream's packets, one per frame in order: two passes when `firstPassSpeed` is given
    /// (its statistics made once), one otherwise; taken from an earlier encode with the same settings.
    private mutating func stream(_ name: String, _ settings: VP9StreamSettings,
                                 firstPassSpeed: Int?) throws -> [VPXEncoderHandle.Packet] {
        let key = StreamKey(stream: name, mode: settings.mode.rawValue, kbps: settings.kilobitsPerSecond, crf: settings.crf,
                            speed: settings.speed, firstPassSpeed: firstPassSpeed)
        if let done = streams[key] { return done }
        if pictures[name] == nil {
            pictures[name] = frames.map {
                name == "alpha" ? converter.alpha($0.image) : converter.color(HiddenColourFill.filled($0.image))
            }
        }
        var statistics: [UInt8]?
        if let firstPassSpeed {
            let statsKey = StatsKey(stream: name, speed: firstPassSpeed)
            if stats[statsKey] == nil {
                var firstPass = settings
                firstPass.pass = .first
                firstPass.speed = firstPassSpeed
                stats[statsKey] = try run(name, firstPass, statistics: nil).stats
            }
            statistics = stats[statsKey]
        }
        let packets = try run(name, settings, statistics: statistics).packets
        guard packets.count == frames.count else {
            throw CodecError.library(name: "libvpx", message: "the \(name) encoder returned \(packets.count) "
                                     + "frames for \(frames.count)")
        }
        streams[key] = packets
        return packets
    }

    private mutating func run(_ name: String, _ settings: VP9StreamSettings, statistics: [UInt8]?) throws -> VPXEncoderHandle {
        passes += 1
        let encoder = try VPXEncoderHandle(settings: settings, converter: converter, stream: name, stats: statistics)
        for (index, picture) in (pictures[name] ?? []).enumerated() {
            try encoder.encode(picture, pts: timeline.starts[index], duration: timeline.durations[index],
                               forceKey: index == 0, frame: index + 1)
        }
        try encoder.finish()
        return encoder
    }

    /// Bytes of the alpha stream `options` would make (0 without alpha); the stream is kept for
    /// the `encode(_:)` that follows, so asking costs nothing extra.
    public mutating func alphaBytes(_ options: WebMEncodeOptions) throws -> Int {
        try options.validate()
        return try alphaStream(options)?.reduce(0) { $0 + $1.bytes.count } ?? 0
    }

    /// The alpha stream for `options`: constant quality `alphaCRF`, or two-pass aimed at
    /// `alphaTargetBytes` (or `alphaShare` of the byte target); nil without alpha.
    private mutating func alphaStream(_ options: WebMEncodeOptions) throws -> [VPXEncoderHandle.Packet]? {
        guard hasAlpha else { return nil }
        switch options.rate {
        case .constantQuality:
            return try stream("alpha", .constantQuality(crf: options.alphaCRF, speed: options.speed), firstPassSpeed: nil)
        case .targetBytes(let bytes), .constrainedQuality(_, let bytes):
            let share = options.alphaTargetBytes ?? Int(Double(bytes) * options.alphaShare)
            return try stream("alpha", VP9StreamSettings(mode: VPX_VBR, kilobitsPerSecond: max(1, share * 8 / max(1, timeline.total)),
                                                         crf: 0, pass: .last, speed: options.speed),
                              firstPassSpeed: options.firstPassSpeed ?? options.speed)
        }
    }
}
