import CCodecShims

/// Owns one `sf_jpeg_result` from the C shim: its malloc'd buffers live exactly as long as this
/// object, and every read of them happens while it is alive.
final class JPEGShimResult {
    /// The result as C filled it in.
    private(set) var raw = sf_jpeg_result()

    /// Runs the shim's single decode call and maps its status to `CodecError`.
    init(decoding bytes: [UInt8], limits: DecodeLimits, maxScans: Int32) throws {
        let maxDimension = UInt32(clamping: limits.maxDimension)
        let maxPixels = UInt64(clamping: limits.maxTotalPixels)
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { msg in
                sf_jpeg_decode(input.baseAddress, input.count, maxDimension, maxPixels, maxScans,
                               &raw, msg.baseAddress, msg.count)
            }
        }
        guard status != Int32(SF_JPEG_OK.rawValue) else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch UInt32(bitPattern: status) {
        case SF_JPEG_TRUNCATED.rawValue:
            throw CodecError.truncated("\(text) (libjpeg)")
        case SF_JPEG_LIMIT.rawValue:
            try limits.checkCanvas(width: Int(raw.width), height: Int(raw.height))
            try limits.checkFrames(count: 1, width: Int(raw.width), height: Int(raw.height))
            throw CodecError.limitExceeded(what: text, limit: "\(limits.maxTotalPixels) pixels")
        case SF_JPEG_TOO_MANY_SCANS.rawValue:
            throw CodecError.limitExceeded(what: text, limit: "\(maxScans) scans")
        default:
            throw CodecError.library(name: "libjpeg", message: text)
        }
    }

    deinit { sf_jpeg_result_free(&raw) }

    /// A copy of the EXIF APP1 payload ("Exif\0\0" first), nil when absent.
    var exif: [UInt8]? { copy(raw.exif, raw.exif_size) }

    /// A copy of the reassembled ICC profile, nil when absent.
    var iccProfile: [UInt8]? { copy(raw.icc, raw.icc_size) }

    private func copy(_ pointer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> [UInt8]? {
        guard let pointer, count > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }
}
