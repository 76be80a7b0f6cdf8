import CWebP

/// Owns one libwebpmux `WebPAnimEncoder`; deleted in `deinit`. Frames go in with their start
/// time in milliseconds, then `assemble` closes the last frame and returns the file.
final class WebPAnimEncoderHandle {
    private let encoder: OpaquePointer

    /// An encoder for a `width` x `height` canvas that plays `loopCount` times (0 = forever).
    init(width: Int, height: Int, loopCount: Int, allowMixed: Bool) throws {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION) != 0 else {
            throw CodecError.library(name: "libwebpmux", message: "animation encoder version mismatch")
        }
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = 0   // transparent: what viewers clear to
        options.allow_mixed = allowMixed ? 1 : 0
        options.verbose = 0
        guard let encoder = WebPAnimEncoderNewInternal(Int32(width), Int32(height), &options, WEBP_MUX_ABI_VERSION) else {
            throw CodecError.library(name: "libwebpmux", message: "cannot start the animation encoder "
                                     + "for \(width)x\(height) px (out of memory)")
        }
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// Adds a frame that starts at `timestamp` ms; `frame` (1-based) names it in errors.
    func add(_ picture: UnsafeMutablePointer<WebPPicture>, timestamp: Int, config: inout WebPConfig, frame: Int) throws {
        guard WebPAnimEncoderAdd(encoder, picture, Int32(timestamp), &config) != 0 else {
            throw CodecError.library(name: "libwebpmux", message: "frame \(frame): \(error)")
        }
    }

    /// Ends the last frame at `endTimestamp` ms and returns the assembled file.
    func assemble(endTimestamp: Int) throws -> [UInt8] {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(endTimestamp), nil) != 0 else {
            throw CodecError.library(name: "libwebpmux", message: "closing the last frame: \(error)")
        }
        var output = WebPData()
        defer { WebPFree(UnsafeMutableRawPointer(mutating: output.bytes)) }
        guard WebPAnimEncoderAssemble(encoder, &output) != 0, let start = output.bytes else {
            throw CodecError.library(name: "libwebpmux", message: "assembling the animation: \(error)")
        }
        return Array(UnsafeBufferPointer(start: start, count: output.size))
    }

    private var error: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}
