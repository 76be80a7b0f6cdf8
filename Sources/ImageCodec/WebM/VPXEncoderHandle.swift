import CVPX

/// One libvpx VP9 encoder instance for one stream (colour or alpha) and one pass; owns its context.
/// Pictures go in as I420 planes laid out by `RGBAToI420Converter`; packets come out in order.
final class VPXEncoderHandle {
    /// One compressed frame: its bytes, its start (ms) and whether it is a key frame.
    struct Packet: Equatable {
        var bytes: [UInt8]
        var pts: Int
        var isKey: Bool
    }

    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>
    /// The first pass's statistics for a second pass: libvpx keeps the pointer and reads it
    /// while it encodes, so the handle owns the copy until `deinit`.
    private let statsIn: UnsafeMutableRawBufferPointer?
    private let converter: RGBAToI420Converter
    /// "colour" or "alpha", for messages.
    private let stream: String
    /// Output so far: frame packets, and the first pass's statistics.
    private(set) var packets: [Packet] = []
    private(set) var stats: [UInt8] = []

    /// Starts an encoder. `stats` is the first pass's output for a second pass (nil otherwise).
    init(settings: VP9StreamSettings, converter: RGBAToI420Converter, stream: String, stats: [UInt8]?) throws {
        self.converter = converter
        self.stream = stream
        var config = vpx_codec_enc_cfg_t()
        var status = vpx_codec_enc_config_default(vpx_codec_vp9_cx(), &config, 0)
        guard status == VPX_CODEC_OK else { throw Self.failure(status, nil, "configure the \(stream) encoder") }
        settings.apply(to: &config, width: converter.width, height: converter.height)
        if let stats {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, stats.count), alignment: 16)
            stats.withUnsafeBytes { copy.copyMemory(from: $0) }
            statsIn = copy
            config.g_pass = VPX_RC_LAST_PASS
            config.rc_twopass_stats_in = vpx_fixed_buf_t(buf: copy.baseAddress, sz: stats.count)
        } else {
            statsIn = nil
        }
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        status = sf_vpx_enc_init(context, vpx_codec_vp9_cx(), &config)
        guard status == VPX_CODEC_OK else {
            let error = Self.failure(status, context, "start the \(stream) encoder")
            context.deallocate(); statsIn?.deallocate()
            throw error
        }
        for (control, value) in settings.controls {
            let status = sf_vpx_control_int(context, control, value)
            guard status == VPX_CODEC_OK else {
                let error = Self.failure(status, context, "set \(stream) encoder control \(control) to \(value)")
                vpx_codec_destroy(context); context.deallocate(); statsIn?.deallocate()
                throw error
            }
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
        statsIn?.deallocate()
    }

    /// Encodes one picture shown from `pts` for `duration` ms (both in the 1 ms timebase).
    func encode(_ planes: [UInt8], pts: Int, duration: Int, forceKey: Bool, frame: Int) throws {
        var planes = planes
        let status = planes.withUnsafeMutableBufferPointer { buffer -> vpx_codec_err_t in
            var image = vpx_image_t()
            let (pw, ph, cw, ch) = (converter.paddedWidth, converter.paddedHeight, converter.chromaWidth, converter.chromaHeight)
            guard vpx_img_wrap(&image, VPX_IMG_FMT_I420, UInt32(converter.width), UInt32(converter.height), 1,
                               buffer.baseAddress) != nil else { return VPX_CODEC_MEM_ERROR }
            let base = buffer.baseAddress!
            image.planes = (base, base + pw * ph, base + pw * ph + cw * ch, nil)
            image.stride = (Int32(pw), Int32(cw), Int32(cw), 0)
            image.range = VPX_CR_STUDIO_RANGE
            image.cs = VPX_CS_BT_601
            return vpx_codec_encode(context, &image, vpx_codec_pts_t(pts), UInt(max(1, duration)),
                                    forceKey ? vpx_enc_frame_flags_t(VPX_EFLAG_FORCE_KF) : 0, UInt(VPX_DL_GOOD_QUALITY))
        }
        guard status == VPX_CODEC_OK else { throw Self.failure(status, context, "encode \(stream) frame \(frame)") }
        drain()
    }

    /// Flushes the frames libvpx still holds (lagged frames, alt-refs).
    func finish() throws {
        // An empty call repeats until libvpx has nothing left to emit.
        while true {
            let before = packets.count + stats.count
            let status = vpx_codec_encode(context, nil, 0, 1, 0, UInt(VPX_DL_GOOD_QUALITY))
            guard status == VPX_CODEC_OK else { throw Self.failure(status, context, "flush the \(stream) encoder") }
            drain()
            if packets.count + stats.count == before { return }
        }
    }

    private func drain() {
        var iterator: vpx_codec_iter_t?
        while let packet = vpx_codec_get_cx_data(context, &iterator) {
            switch packet.pointee.kind {
            case VPX_CODEC_CX_FRAME_PKT:
                let frame = packet.pointee.data.frame
                let bytes = Array(UnsafeRawBufferPointer(start: frame.buf, count: frame.sz))
                packets.append(Packet(bytes: bytes, pts: Int(frame.pts), isKey: frame.flags & UInt32(VPX_FRAME_IS_KEY) != 0))
            case VPX_CODEC_STATS_PKT:
                let buffer = packet.pointee.data.twopass_stats
                stats += UnsafeRawBufferPointer(start: buffer.buf, count: buffer.sz)
            default:
                break
            }
        }
    }

    /// libvpx's reason for `status`, as a thrown error.
    private static func failure(_ status: vpx_codec_err_t, _ context: UnsafeMutablePointer<vpx_codec_ctx_t>?,
                                _ action: String) -> CodecError {
        var why = String(cString: vpx_codec_err_to_string(status))
        if let context, let detail = vpx_codec_error_detail(context) { why += " (\(String(cString: detail)))" }
        return CodecError.library(name: "libvpx", message: "cannot \(action): \(why)")
    }
}
