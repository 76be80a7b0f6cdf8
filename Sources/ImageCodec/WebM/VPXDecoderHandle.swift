import CVPX

/// One libvpx decoder instance (colour or alpha stream). Owns its context; a picture returned by
/// `decode` stays valid until the next call.
final class VPXDecoderHandle {
    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>
    /// "colour" or "alpha", for messages.
    private let stream: String

    /// A single-threaded VP8 or VP9 decoder.
    init(codec: WebMContainer.Codec, stream: String) throws {
        self.stream = stream
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        let status = sf_vpx_dec_init(context, codec == .vp8 ? vpx_codec_vp8_dx() : vpx_codec_vp9_dx(), 1)
        guard status == VPX_CODEC_OK else {
            let why = String(cString: vpx_codec_err_to_string(status))
            context.deallocate()
            throw CodecError.library(name: "libvpx", message: "cannot start the \(stream) decoder: \(why)")
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
    }

    /// Decodes one compressed frame of this stream.
    /// - Returns: the picture to show, or nil when the frame is not shown (a hidden reference frame).
    /// - Throws: `.corruptData` with libvpx's reason and the frame number (1-based).
    func decode(_ payload: UnsafeBufferPointer<UInt8>, frame: Int) throws -> vpx_image_t? {
        guard let base = payload.baseAddress, !payload.isEmpty, payload.count <= Int(UInt32.max) else {
            throw CodecError.corruptData("WebM frame \(frame) has an empty \(stream) payload")
        }
        let status = vpx_codec_decode(context, base, UInt32(payload.count), nil, 0)
        guard status == VPX_CODEC_OK else {
            var why = String(cString: vpx_codec_error(context))
            if let detail = vpx_codec_error_detail(context) { why += " (\(String(cString: detail)))" }
            throw CodecError.corruptData("WebM frame \(frame), \(stream) stream: libvpx: \(why)")
        }
        var iterator: vpx_codec_iter_t?
        var shown: vpx_image_t?
        while let picture = vpx_codec_get_frame(context, &iterator) { shown = picture.pointee }
        return shown
    }
}
