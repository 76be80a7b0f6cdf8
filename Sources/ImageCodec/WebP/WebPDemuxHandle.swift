import CWebP

/// Owns one `WebPDemuxer` (libwebpdemux's container parser) and reads the container's facts.
///
/// The demuxer points into the caller's bytes without copying them, so a handle lives only inside
/// the `withUnsafeBufferPointer` closure that made it; it never leaves `WebPDecoder`.
final class WebPDemuxHandle {
    private let demuxer: OpaquePointer

    /// Parses the whole container (RIFF header, VP8X, ANIM, every ANMF, metadata chunks).
    /// - Throws: `.truncated` when the file ends inside a chunk, `.malformed` for a bad container.
    init(_ data: UnsafeBufferPointer<UInt8>) throws {
        var webpData = WebPData(bytes: data.baseAddress, size: data.count)
        var state = WEBP_DEMUX_PARSING_HEADER
        guard let demuxer = WebPDemuxInternal(&webpData, 0, &state, WEBP_DEMUX_ABI_VERSION) else {
            if state == WEBP_DEMUX_PARSE_ERROR {
                throw CodecError.malformed("invalid WebP container (RIFF chunks, VP8X or ANMF frame do not parse)")
            }
            throw CodecError.truncated("the WebP container ends before its chunks are complete")
        }
        self.demuxer = demuxer
    }

    deinit { WebPDemuxDelete(demuxer) }

    /// One of the `WEBP_FF_*` container values.
    private func value(_ feature: WebPFormatFeature) -> Int { Int(WebPDemuxGetI(demuxer, feature)) }

    /// Canvas width (VP8X, or the bitstream's for a simple file).
    var canvasWidth: Int { value(WEBP_FF_CANVAS_WIDTH) }
    /// Canvas height.
    var canvasHeight: Int { value(WEBP_FF_CANVAS_HEIGHT) }
    /// Frames the file stores (1 for a still).
    var frameCount: Int { value(WEBP_FF_FRAME_COUNT) }
    /// ANIM's loop count (0 = forever); meaningful only for an animation.
    var loopCount: Int { value(WEBP_FF_LOOP_COUNT) }
    /// VP8X feature flags (`ANIMATION_FLAG`, `ICCP_FLAG`...); 0 for a simple file.
    var flags: Int { value(WEBP_FF_FORMAT_FLAGS) }
    /// Whether the VP8X header declares an animation.
    var isAnimation: Bool { flags & Int(ANIMATION_FLAG.rawValue) != 0 }

    /// The payload of the first chunk with this four-character id ("ICCP", "EXIF"), or nil.
    func chunk(_ fourCC: String) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0, let start = iterator.chunk.bytes else { return nil }
        return Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }

    /// What each stored frame declares, in order: region, ops, duration, alpha and compression.
    func frames() -> [WebPStoredFrame] {
        var iterator = WebPIterator()
        defer { WebPDemuxReleaseIterator(&iterator) }
        guard WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 else { return [] }
        var frames: [WebPStoredFrame] = []
        repeat {
            var features = WebPBitstreamFeatures()
            let lossy = WebPGetFeaturesInternal(iterator.fragment.bytes, iterator.fragment.size, &features,
                                                WEBP_DECODER_ABI_VERSION) == VP8_STATUS_OK && features.format == 1
            let region = PixelRegion(x: Int(iterator.x_offset), y: Int(iterator.y_offset),
                                     width: Int(iterator.width), height: Int(iterator.height))
            frames.append(WebPStoredFrame(
                raw: RawFrameInfo(region: region,
                                  dispose: iterator.dispose_method == WEBP_MUX_DISPOSE_BACKGROUND ? .background : .none,
                                  blend: iterator.blend_method == WEBP_MUX_BLEND ? .over : .source),
                durationMs: Int(iterator.duration), hasAlpha: iterator.has_alpha != 0, isLossy: lossy))
        } while WebPDemuxNextFrame(&iterator) != 0
        return frames
    }
}

/// One frame as the container stores it (ANMF, or the single image of a still).
struct WebPStoredFrame: Equatable, Sendable {
    /// Region on the canvas and its dispose/blend ops.
    var raw: RawFrameInfo
    /// ANMF duration in milliseconds (0 for a still).
    var durationMs: Int
    /// Whether the frame carries alpha (ALPH chunk or a VP8L alpha).
    var hasAlpha: Bool
    /// Whether the frame's bitstream is lossy VP8 (else lossless VP8L).
    var isLossy: Bool
}
