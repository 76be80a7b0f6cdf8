/// Decodes GIF (placeholder until the GIF work lands).
struct GIFDecoder {
    var limits: DecodeLimits
    func decode(_ bytes: [UInt8]) throws -> DecodedImage { throw CodecError.unsupportedFormat(.gif) }
}
