/// How the WebP writer compresses: libwebp's knobs, with defaults chosen for stickers
/// (docs/encoder.md, "WebP writer", gives the measurements behind each).
public struct WebPEncodeOptions: Equatable, Sendable, Codable {
    /// Lossless (VP8L) or lossy (VP8 with a separate alpha plane).
    public var lossless: Bool
    /// Lossy: quality 0-100 (higher is better and larger). Lossless: effort 0-100 (higher is
    /// smaller and slower; the pixels are the same).
    public var quality: Double
    /// Speed against size, 0 (fast) to 6 (slowest, smallest). Default 6: a sticker is small and
    /// written once, and 6 saved about 5% over libwebp's default 4 at the same quality.
    public var method: Int
    /// Lossy only: quality of the alpha plane, 0-100 (100 keeps alpha exactly).
    public var alphaQuality: Int
    /// Lossy only: predictive filtering of the alpha plane, 0 none, 1 fast, 2 best (default).
    public var alphaFiltering: Int
    /// Keep the RGB of fully transparent pixels. Off by default: no viewer shows it, and dropping it
    /// makes files smaller (our PNG writer drops it too).
    public var exact: Bool
    /// Lossy only: libwebp's sharp RGB to YUV conversion, for thin saturated colour edges. Off by
    /// default: on the benchmark stickers it cost 3-6% more bytes at quality 80 with no change in
    /// the measured (luma) quality (docs/encoder.md).
    public var sharpYUV: Bool
    /// Animations: let each frame be lossy or lossless, whichever is smaller (libwebp's
    /// `allow_mixed`). Off by default, so `lossless` means every frame is exact.
    public var allowMixed: Bool
    /// Lossless only: libwebp's near-lossless preprocessing, 100 (off: exact) down to 0 (most
    /// loss). Lower levels round the values of pixels in busy areas, so the lossless coder finds more
    /// repeats; flat areas and edges stay exact. The rung between lossy quality 100 and exact
    /// lossless (docs/encoder.md, "Near-lossless").
    public var nearLossless = 100
    /// Lossy only: a file size in bytes for libwebp's own rate search to aim at instead of
    /// `quality` (`target_size`, over `passes` passes; 0 = off). At quality 100 with room to spare it
    /// spends more bytes than quality 100 alone and measures closer to the source (cwebp's `-size`).
    public var targetSize = 0
    /// Passes of that search, 1-10 (libwebp's `pass`).
    public var passes = 1
    /// Let libwebp use a second thread (`thread_level` 1): a lossy file's alpha plane is compressed
    /// beside its colour and the analysis split in two, and lossless tries its settings side by
    /// side. The bytes are the same either way; it helps an encode that runs alone, not one
    /// beside others on every core. Off by default.
    public var secondThread = false
    /// An ICC profile to embed (ICCP chunk). Pass one only when the pixels are not sRGB: an sRGB
    /// file needs none, and every viewer assumes sRGB without one.
    public var iccProfile: [UInt8]?
    /// Bounds checked before the encoder allocates (canvas side, frames, total pixels).
    public var limits: DecodeLimits

    /// WebP's largest canvas side (14-bit fields).
    public static let maxDimension = 16383
    /// ANMF's largest frame duration in milliseconds (24-bit field).
    public static let maxDurationMilliseconds = (1 << 24) - 1

    /// Options; the defaults are the sticker defaults (lossless, effort 100, method 6).
    public init(lossless: Bool = true, quality: Double = 100, method: Int = 6, alphaQuality: Int = 100,
                alphaFiltering: Int = 2, exact: Bool = false, sharpYUV: Bool = false, allowMixed: Bool = false,
                iccProfile: [UInt8]? = nil, limits: DecodeLimits = .default) {
        self.lossless = lossless; self.quality = quality; self.method = method
        self.alphaQuality = alphaQuality; self.alphaFiltering = alphaFiltering; self.exact = exact
        self.sharpYUV = sharpYUV; self.allowMixed = allowMixed; self.iccProfile = iccProfile; self.limits = limits
    }

    /// Lossy options at `quality` with the sticker defaults for everything else.
    public static func lossy(quality: Double, alphaQuality: Int = 100, method: Int = 6) -> WebPEncodeOptions {
        WebPEncodeOptions(lossless: false, quality: quality, method: method, alphaQuality: alphaQuality)
    }

    /// Near-lossless options at `level` (0-100, 100 exact) with lossless effort `effort` and `method`.
    public static func nearLossless(level: Int, effort: Double = 100, method: Int = 6) -> WebPEncodeOptions {
        var options = WebPEncodeOptions(quality: effort, method: method)
        options.nearLossless = level
        return options
    }

    /// Throws `CodecError.invalidInput` naming the first option out of range.
    func validate() throws {
        func check(_ ok: Bool, _ what: String) throws { if !ok { throw CodecError.invalidInput("WebP \(what)") } }
        try check((0...100).contains(quality), "quality \(quality) is outside 0-100")
        try check((0...6).contains(method), "method \(method) is outside 0-6")
        try check((0...100).contains(alphaQuality), "alpha quality \(alphaQuality) is outside 0-100")
        try check((0...2).contains(alphaFiltering), "alpha filtering \(alphaFiltering) is outside 0-2")
        try check((0...100).contains(nearLossless), "near-lossless level \(nearLossless) is outside 0-100")
        try check(targetSize >= 0, "target size \(targetSize) is negative")
        try check((1...10).contains(passes), "passes \(passes) is outside 1-10")
    }
}
