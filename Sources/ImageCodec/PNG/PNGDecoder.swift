/// Decodes PNG and APNG (placeholder until the PNG work lands).
struct PNGDecoder {
    var limits: DecodeLimits
    func decode(_ bytes: [UInt8]) throws -> DecodedImage { throw CodecError.unsupportedFormat(.png) }
}
