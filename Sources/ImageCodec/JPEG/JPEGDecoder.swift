/// Decodes JPEG (placeholder until the JPEG work lands).
struct JPEGDecoder {
    var limits: DecodeLimits
    func decode(_ bytes: [UInt8]) throws -> DecodedImage { throw CodecError.unsupportedFormat(.jpeg) }
}
