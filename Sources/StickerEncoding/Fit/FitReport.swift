import ImageCodec
import StickerCore

/// What fitting did to one sticker; also the `fit` object of a manifest entry.
public struct FitReport: Equatable, Sendable, Codable {
    /// Whether the output is the lossless encode (pixels and timing exactly as given).
    public var lossless: Bool
    /// Why lossy steps were taken without `--lossy`: the source was already lossy ("the source is
    /// WebM video, already lossy"); nil when `--lossy` allowed them or none were taken.
    public var lossyBecause: String? = nil
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
    /// Whether each kept frame merges the run of frames it stands for (`TemporalMerge`: grain
    /// averaged, motion held) rather than showing the run's first; false without frames dropped.
    public var framesMerged = false
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
    /// Whether the output is smaller than the pack's grid cell. Scaling down to the cell comes first
    /// and costs nothing visible; below it, the display size shrinks, so it is done only when no
    /// candidate at full size reached `minQuality`.
    public var scaledBelowGridCell: Bool
    /// Every candidate made, in order: the lossless files ("lossless default effort: 512,004 B") and
    /// each lossy attempt ("618x618, 24 frames, palette 256 colours: 214,233 B predicted, quality
    /// 0.9940"). For people; the wording may change.
    public var candidates: [String]
    /// Wall seconds the fit took (search, final encode and verification), to 0.01 s. In memory and
    /// in the text output only: never written into the manifest or the build record, which are
    /// compared between builds (it differs from run to run).
    public var seconds: Double
    /// The time budget in force, in seconds.
    public var timeBudgetSeconds: Double
    /// Whether the budget ended the search while candidates worth trying were left.
    public var timeBudgetReached: Bool
    /// How the sticker was placed into the grid cell before fitting (scaled, padded), with its
    /// figures; nil when it was already inside the cell and at least 300 px a side.
    public var placement: String? = nil
    /// Whether the budget was read on the wall clock (`--time-budget`); otherwise it was counted in
    /// work and the output is the same at any machine load.
    public var timeBudgetWallClock = false
    /// Whether `quality` is below the floor asked for: nothing at or over it fits, and this is the
    /// best candidate under the limit (`FitOptions.keepBestBelowFloor`; a build reports it).
    public var belowQualityFloor = false
    /// What the search's encodes cost, full and partial, in pixels against the file written; nil in
    /// a report read from a record written before it was kept.
    public var searchCost: FitSearchCost? = nil
    /// The most candidate encodes the search could make, when a count of encodes bounded it
    /// instead of a budget in seconds (the WebP and WebM fit). In memory and in the text output only.
    public var encodeLimit: Int? = nil

    /// Every key but `seconds`.
    enum CodingKeys: String, CodingKey {
        case lossless, steps, losslessBytes, finalBytes, maxBytes, headroom, quality, qualityMetric, framesIn, framesDropped, framesMerged,
             colours, bitsPerChannel, dithering, scale, width, height, loopDurationMs, encodes, scaledBelowGridCell, candidates,
             timeBudgetSeconds, timeBudgetReached, placement, timeBudgetWallClock, belowQualityFloor, searchCost
    }
}

extension FitReport {
    /// Reads a report, also one written before the search's cost and the grid-cell rule were
    /// recorded (a previous build's record): those keys then take neutral values (not scaled below
    /// the cell, no candidates listed, 0 s, the default budget, not reached).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lossless = try c.decode(Bool.self, forKey: .lossless)
        steps = try c.decode([String].self, forKey: .steps)
        losslessBytes = try c.decode(Int.self, forKey: .losslessBytes)
        finalBytes = try c.decode(Int.self, forKey: .finalBytes)
        maxBytes = try c.decode(Int.self, forKey: .maxBytes)
        headroom = try c.decode(Int.self, forKey: .headroom)
        quality = try c.decode(Double.self, forKey: .quality)
        qualityMetric = try c.decode(String.self, forKey: .qualityMetric)
        framesIn = try c.decode(Int.self, forKey: .framesIn)
        framesDropped = try c.decode(Int.self, forKey: .framesDropped)
        framesMerged = try c.decodeIfPresent(Bool.self, forKey: .framesMerged) ?? false
        colours = try c.decodeIfPresent(Int.self, forKey: .colours)
        bitsPerChannel = try c.decodeIfPresent(Int.self, forKey: .bitsPerChannel)
        dithering = try c.decodeIfPresent(String.self, forKey: .dithering)
        scale = try c.decode(Double.self, forKey: .scale)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        loopDurationMs = try c.decode(Double.self, forKey: .loopDurationMs)
        encodes = try c.decode(Int.self, forKey: .encodes)
        scaledBelowGridCell = try c.decodeIfPresent(Bool.self, forKey: .scaledBelowGridCell) ?? false
        candidates = try c.decodeIfPresent([String].self, forKey: .candidates) ?? []
        seconds = 0
        timeBudgetSeconds = try c.decodeIfPresent(Double.self, forKey: .timeBudgetSeconds) ?? FitOptions.defaultTimeBudget
        timeBudgetReached = try c.decodeIfPresent(Bool.self, forKey: .timeBudgetReached) ?? false
        placement = try c.decodeIfPresent(String.self, forKey: .placement)
        timeBudgetWallClock = try c.decodeIfPresent(Bool.self, forKey: .timeBudgetWallClock) ?? false
        belowQualityFloor = try c.decodeIfPresent(Bool.self, forKey: .belowQualityFloor) ?? false
        searchCost = try c.decodeIfPresent(FitSearchCost.self, forKey: .searchCost)
    }
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
let fitQualityMetric = "sticker-quality: 0.75 ssim-8x8-luma + 0.25 chroma, over black and white; 0.5 time-weighted mean + 0.5 worst 5% of time"
