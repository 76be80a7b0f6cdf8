import CCodecShims

/// Turns one standalone PNG stream into RGBA pixels through the C shim (libpng). The shim's
/// memory is copied into a Swift array in exactly one place and freed by a `defer`.
struct PNGPixelDecoder: Sendable {
    /// Limits passed on to libpng as its own user limits (defence in depth).
    let limits: DecodeLimits
    /// The largest ancillary chunk libpng may buffer.
    static let maxChunkBytes = 8 << 20

    /// Decodes `stream`, which must describe a `width` x `height` image.
    func decode(_ stream: [UInt8], width: Int, height: Int) throws -> PixelBuffer {
        var result = sf_png_pixels()
        var message = [CChar](repeating: 0, count: 512)
        let side = UInt32(clamping: limits.maxDimension)
        let status = stream.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                sf_png_decode(input.baseAddress, input.count, side, side, Self.maxChunkBytes,
                              &result, text.baseAddress, text.count)
            }
        }
        defer { sf_png_free(result.data) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case SF_PNG_OK: break
        case SF_PNG_ERROR_DATA: throw CodecError.corruptData("libpng: \(text)")
        default: throw CodecError.library(name: "libpng", message: text)
        }
        guard Int(result.width) == width, Int(result.height) == height, let data = result.data else {
            throw CodecError.library(name: "libpng", message: "decoded \(result.width)x\(result.height) px, expected \(width)x\(height)")
        }
        let source = UnsafeBufferPointer(start: data, count: result.byte_count)
        let pixels = result.bytes_per_channel == 2 ? Self.highBytes(source) : Array(source)
        guard pixels.count == width * height * 4 else {
            throw CodecError.library(name: "libpng", message: "returned \(pixels.count) bytes for \(width)x\(height) px")
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
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
