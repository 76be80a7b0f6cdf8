import CWebMShim

/// The parts of a WebM file the decoder needs: its first VP8/VP9 video track and that track's
/// frames, read by libwebm through the C++ shim (CWebMShim). Audio and other tracks are ignored.
struct WebMContainer {
    /// The video codec of the track.
    enum Codec: Equatable { case vp8, vp9 }

    /// One video block: where its compressed colour (and alpha) payload is, and when it shows.
    struct Block: Equatable {
        /// Cluster Timecode plus Block timecode, in TimecodeScale ticks.
        var timestamp: Int64
        /// BlockDuration in ticks, nil when the block states none.
        var duration: Int64?
        /// The colour payload's byte range within the file.
        var payload: Range<Int>
        /// The alpha payload (BlockAdditional with BlockAddID 1), nil when absent.
        var alpha: [UInt8]?
    }

    var codec: Codec
    /// PixelWidth and PixelHeight as the track header states them (0 when absent).
    var width: Int, height: Int
    /// AlphaMode 1: each block's BlockAdditional 1 is a second VP8/VP9 stream carrying alpha.
    var alphaMode: Int
    /// The Colour element's MatrixCoefficients and Range, nil when absent.
    var matrixCoefficients: Int?, range: Int?
    /// Nanoseconds a tick.
    var timecodeScale: Int64
    /// The track's DefaultDuration in nanoseconds, nil when absent.
    var defaultDuration: Int64?
    /// The Video FrameRate element (deprecated in Matroska, still written by some muxers), nil when absent.
    var frameRate: Double?
    /// The track's blocks in file (decode) order.
    var blocks: [Block]

    /// Parses a WebM file's container.
    /// - Throws: `.limitExceeded` past `maxFrames` blocks, `.truncated`, `.malformed` naming the
    ///   fault, `.malformed` when there is no VP8/VP9 video track.
    init(parsing bytes: [UInt8], maxFrames: Int) throws {
        var result = sf_webm_result()
        defer { sf_webm_free(&result) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            sf_webm_parse(buffer.baseAddress, buffer.count, UInt64(max(maxFrames, 0)), &result)
        }
        let message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch sf_webm_status(rawValue: UInt32(bitPattern: status)) {
        case SF_WEBM_OK: break
        case SF_WEBM_TRUNCATED: throw CodecError.truncated(message)
        case SF_WEBM_TOO_MANY_FRAMES:
            throw CodecError.limitExceeded(what: "more than \(maxFrames) video frames", limit: "\(maxFrames) frames")
        case SF_WEBM_NO_VIDEO, SF_WEBM_UNSUPPORTED: throw CodecError.malformed("WebM: \(message)")
        case SF_WEBM_INTERNAL: throw CodecError.library(name: "libwebm", message: message)
        default: throw CodecError.malformed("WebM container is malformed: \(message)")
        }
        codec = result.codec == Int32(SF_WEBM_CODEC_VP8.rawValue) ? .vp8 : .vp9
        width = Self.clamped(result.width)
        height = Self.clamped(result.height)
        alphaMode = Self.clamped(result.alpha_mode)
        matrixCoefficients = result.matrix_coefficients >= 0 ? Int(result.matrix_coefficients) : nil
        range = result.range >= 0 ? Int(result.range) : nil
        timecodeScale = Int64(clamping: result.timecode_scale)
        defaultDuration = result.default_duration > 0 ? Int64(clamping: result.default_duration) : nil
        frameRate = result.frame_rate > 0 && result.frame_rate.isFinite ? result.frame_rate : nil
        blocks = try Self.blocks(of: result, fileSize: bytes.count)
    }

    /// The blocks as Swift values; byte ranges checked against the file and the alpha bytes.
    private static func blocks(of result: sf_webm_result, fileSize: Int) throws -> [Block] {
        let frames = UnsafeBufferPointer(start: result.frames, count: Int(result.frame_count))
        let alphaBytes = UnsafeBufferPointer(start: result.alpha_bytes, count: Int(result.alpha_byte_count))
        return try frames.map { frame in
            guard frame.offset <= UInt64(fileSize), frame.size <= UInt64(fileSize) - frame.offset,
                  frame.alpha_offset <= UInt64(alphaBytes.count),
                  frame.alpha_size <= UInt64(alphaBytes.count) - frame.alpha_offset else {
                throw CodecError.malformed("WebM: a frame's byte range lies outside the file")
            }
            let start = Int(frame.offset), alphaStart = Int(frame.alpha_offset)
            return Block(timestamp: frame.timestamp, duration: frame.duration >= 0 ? frame.duration : nil,
                         payload: start..<(start + Int(frame.size)),
                         alpha: frame.alpha_size == 0 ? nil
                             : Array(alphaBytes[alphaStart..<(alphaStart + Int(frame.alpha_size))]))
        }
    }

    /// A 64-bit header value as an Int, saturated (limits reject anything that large).
    private static func clamped(_ value: UInt64) -> Int { Int(clamping: value) }
}
