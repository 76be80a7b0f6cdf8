import ImageCodec

/// What fitting did to one sticker; also the `fit` object of a manifest entry.
public struct FitReport: Equatable, Sendable, Codable {
    /// Whether the output is the lossless encode (pixels and timing exactly as given).
    public var lossless: Bool
    /// The steps taken, in order, e.g. "lossless 812,004 B", "palette 128 colours", "frames 24 -> 16".
    public var steps: [String]
    /// Size of the lossless encode.
    public var losslessBytes: Int
    /// Size of the output.
    public var finalBytes: Int
    /// The limit.
    public var maxBytes: Int
    /// `maxBytes - finalBytes` (never negative for a returned result).
    public var headroom: Int
    /// Time-weighted SSIM over black and white against the input (1 for lossless).
    public var quality: Double
    /// How `quality` was measured.
    public var qualityMetric: String
    /// Frames given.
    public var framesIn: Int
    /// Frames removed by frame-rate reduction (their time went to the frame before them).
    public var framesDropped: Int
    /// Palette entries of the output when quantised, else nil.
    public var colours: Int?
    /// Bits per colour channel when the output keeps truecolour with fewer levels, else nil.
    public var bitsPerChannel: Int?
    /// Dithering used when quantised ("none", "floyd-steinberg 50%"), else nil.
    public var dithering: String?
    /// Output side over input side (1 = not scaled).
    public var scale: Double
    /// Output width in pixels.
    public var width: Int
    /// Output height in pixels.
    public var height: Int
    /// One loop in milliseconds, input and output alike (0 for a still).
    public var loopDurationMs: Double
    /// Candidate encodes the search made.
    public var encodes: Int
}

/// A fitted sticker: the file and what was done.
public struct FitResult: Equatable, Sendable {
    /// The PNG (one frame) or APNG.
    public var bytes: [UInt8]
    /// `.png` or `.apng`.
    public var format: ImageFormat
    /// What was done.
    public var report: FitReport
}

/// The metric name written into every report.
let fitQualityMetric = "ssim-8x8-luma-over-black-and-white, time-weighted"
