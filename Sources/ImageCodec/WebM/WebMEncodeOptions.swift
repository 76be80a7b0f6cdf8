/// How the WebM (VP9) writer spends bytes.
public struct WebMEncodeOptions: Equatable, Sendable, Codable {
    /// libvpx's rate control for the colour stream.
    public enum RateControl: Equatable, Sendable, Codable {
        /// Constant quality (`VPX_Q`): `crf` is libvpx's cq-level, 0 (best) to 63 (smallest).
        case constantQuality(crf: Int)
        /// Two-pass variable bitrate aimed at a whole file of `bytes` (alpha and container
        /// included): the alpha stream is encoded first, aimed at `alphaShare` of the bytes, and
        /// the colour stream gets what it left.
        case targetBytes(Int)
        /// Two-pass constrained quality (`VPX_CQ`): quality `crf`, never more than a file of `bytes`.
        case constrainedQuality(crf: Int, maxBytes: Int)
    }

    /// The colour stream's rate control.
    public var rate: RateControl
    /// The alpha stream's quality with `.constantQuality`, cq-level 0 (exact edges) to 63. Default 10.
    public var alphaCRF: Int
    /// With a byte target, the share of it the alpha stream is aimed at (two-pass, like the
    /// colour), 0.05-0.95. Default 0.35: soft moving edges and shadows make alpha costly (at a fixed
    /// CRF 10 the benchmark animation's alpha took 72% of 256 KB).
    public var alphaShare: Double
    /// With a byte target, the alpha stream's own aim in bytes, instead of `alphaShare` of the
    /// total: a fitter that re-aims only the colour keeps the alpha stream it already has. nil by default.
    public var alphaTargetBytes: Int?
    /// libvpx's cpu-used, 0 (slowest, best) to 5. Default 1, ffmpeg's default for libvpx-vp9.
    public var speed: Int
    /// cpu-used of the first (statistics) pass of a two-pass encode; nil = `speed`. The statistics
    /// do not depend on the byte target, so a `WebMEncodeSession` makes them once a stream and speed.
    public var firstPassSpeed: Int?
    /// Write the alpha stream (AlphaMode 1) only when some frame has a pixel below alpha 255.
    /// When false, alpha is always written.
    public var alphaOnlyWhenNeeded: Bool
    /// Bounds checked before the encoder allocates.
    public var limits: DecodeLimits

    /// Options; the default aims at constant quality 31.
    public init(rate: RateControl = .constantQuality(crf: 31), alphaCRF: Int = 10, alphaShare: Double = 0.35,
                alphaTargetBytes: Int? = nil, speed: Int = 1, firstPassSpeed: Int? = nil, alphaOnlyWhenNeeded: Bool = true,
                limits: DecodeLimits = .default) {
        self.rate = rate; self.alphaCRF = alphaCRF; self.alphaShare = alphaShare; self.alphaTargetBytes = alphaTargetBytes
        self.speed = speed; self.firstPassSpeed = firstPassSpeed
        self.alphaOnlyWhenNeeded = alphaOnlyWhenNeeded; self.limits = limits
    }

    /// Throws `CodecError.invalidInput` naming the first option out of range.
    func validate() throws {
        func check(_ ok: Bool, _ what: String) throws { if !ok { throw CodecError.invalidInput("WebM \(what)") } }
        switch rate {
        case .constantQuality(let crf): try check((0...63).contains(crf), "CRF \(crf) is outside 0-63")
        case .targetBytes(let bytes): try check(bytes >= 1024, "byte target \(bytes) is under 1024 bytes")
        case .constrainedQuality(let crf, let bytes):
            try check((0...63).contains(crf), "CRF \(crf) is outside 0-63")
            try check(bytes >= 1024, "byte limit \(bytes) is under 1024 bytes")
        }
        try check((0...63).contains(alphaCRF), "alpha CRF \(alphaCRF) is outside 0-63")
        try check((0...5).contains(speed), "speed \(speed) is outside 0-5")
        try check((0...5).contains(firstPassSpeed ?? speed), "first-pass speed \(firstPassSpeed ?? speed) is outside 0-5")
        try check((alphaTargetBytes ?? 1024) >= 1024, "alpha byte target \(alphaTargetBytes ?? 0) is under 1024 bytes")
        try check((0.05...0.95).contains(alphaShare), "alpha share \(alphaShare) is outside 0.05-0.95")
    }
}
