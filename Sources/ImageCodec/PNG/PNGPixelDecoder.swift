import CCodecShims

/// Turns one standalone PNG stream into RGBA pixels through the C shim (libpng), which writes
/// them straight into the Swift array the image keeps.
struct PNGPixelDecoder: Sendable {
    /// Limits passed on to libpng as its own user limits (defence in depth).
    let limits: DecodeLimits
    /// Whether the file's samples are 16 bits (its IHDR's bit depth is 16; else at most 8): libpng
    /// then writes two bytes a sample, of which the image keeps the high one.
    var sixteenBit = false
    /// Whether libdeflate inflates the image data where libpng would make the same rows of it
    /// (`SF_PNG_INFLATE_WITH_LIBDEFLATE`); false leaves every stream to libpng's zlib, the
    /// reference the tests hold the faster path to.
    var inflateWithLibdeflate = true
    /// The largest ancillary chunk libpng may buffer.
    static let maxChunkBytes = 8 << 20

    /// Decodes `stream`, which must describe a `width` x `height` image of the file's bit depth.
    func decode(_ stream: [UInt8], width: Int, height: Int) throws -> PixelBuffer {
        let count = width * height * 4 * (sixteenBit ? 2 : 1)
        let samples = try [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            try decode(stream, into: out, width: width, height: height)
            initialized = count
        }
        return PixelBuffer(width: width, height: height,
                           pixels: sixteenBit ? samples.withUnsafeBufferPointer(Self.highBytes) : samples)
    }

    /// Runs the shim on `stream` into `out`, whose size is the image's at its sample width.
    private func decode(_ stream: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) throws {
        var result = sf_png_pixels()
        var message = [CChar](repeating: 0, count: 512)
        let side = UInt32(clamping: limits.maxDimension)
        let options = inflateWithLibdeflate ? UInt32(SF_PNG_INFLATE_WITH_LIBDEFLATE) : 0
        let status = stream.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                sf_png_decode(input.baseAddress, input.count, side, side, Self.maxChunkBytes, options,
                              out.baseAddress, out.count, &result, text.baseAddress, text.count)
            }
        }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case SF_PNG_OK: break
        case SF_PNG_ERROR_DATA: throw CodecError.corruptData("libpng: \(text)")
        default: throw CodecError.library(name: "libpng", message: text)
        }
        // The shim has refused a buffer that is not the decoded image's size.
        guard Int(result.width) == width, Int(result.height) == height else {
            throw CodecError.library(name: "libpng", message: "decoded \(result.width)x\(result.height) px, expected \(width)x\(height)")
        }
    }

    /// Big-endian 16-bit samples to 8 bits by their high byte, v8 = v16 >> 8, as libpng's
    /// `png_set_strip_16` and Chromium do (measured with ImageDecoder on PngSuite's 16-bit files:
    /// rounding instead differed by 1 on half of basn0g16's pixels; docs/verification.md).
    static func highBytes(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: source.count / 2) { out, count in
            for i in 0..<(source.count / 2) { out[i] = source[2 * i] }
            count = source.count / 2
        }
    }
}
