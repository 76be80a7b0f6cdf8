/// The public decode entry point: sniffs the format and hands the bytes to its decoder.
///
/// A new decoder plugs in here with one `case`, and with its format in `ImageFormat.isDecodable`;
/// everything above (check, convert, build, frames, inspect, the report card) then takes it.
public struct ImageDecoder: Sendable {
    /// The limits every decode respects.
    public var limits: DecodeLimits
    /// The Lottie renderer helpers this decoder (and its copies) reuse from file to file.
    public var lottieRenderers: LottieRendererPool

    /// A decoder with the given limits; reuse one decoder for a batch so its Lottie files share
    /// renderer helpers (`LottieRendererPool`).
    public init(limits: DecodeLimits = .default, lottieRenderers: LottieRendererPool = LottieRendererPool()) {
        self.limits = limits
        self.lottieRenderers = lottieRenderers
    }

    /// Decodes any supported file into the common model.
    /// - Throws: `CodecError`; never traps on malformed input.
    public func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        try decode(bytes, options: DecodeOptions())
    }

    /// Decodes any supported file; vector formats (Lottie, TGS) honour `options.fitBox`.
    /// - Throws: `CodecError`; never traps on malformed input.
    public func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        try limits.checkFileSize(bytes.count)
        if bytes.isEmpty { throw CodecError.empty }
        let format = FormatSniffer.sniff(bytes)
        switch format {
        case .png, .apng: return try PNGDecoder(limits: limits).decode(bytes)
        case .gif: return try GIFDecoder(limits: limits).decode(bytes)
        case .jpeg: return try JPEGDecoder(limits: limits).decode(bytes)
        case .webp: return try WebPDecoder(limits: limits).decode(bytes)
        case .webm: return try WebMDecoder(limits: limits).decode(bytes)
        case .lottie, .tgs: return try LottieDecoder(limits: limits, renderers: lottieRenderers).decode(bytes, format: format, fitting: options.fitBox)
        default: throw CodecError.unsupportedFormat(format)
        }
    }
}
