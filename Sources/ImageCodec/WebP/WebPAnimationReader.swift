import CWebP

/// Reads an animated WebP's composited canvases through libwebpdemux's `WebPAnimDecoder`.
///
/// The decoder owns its canvas buffers; each frame is copied out before the next call. The
/// decoder handle never leaves `frames()`, which deletes it on every path (`defer`).
struct WebPAnimationReader {
    /// The file's bytes (the decoder reads them in place).
    var data: UnsafeBufferPointer<UInt8>
    /// Canvas size, already checked against the limits.
    var width: Int, height: Int
    /// What the container declares for each frame (count checked against the limits).
    var stored: [WebPStoredFrame]

    /// Every frame as a full straight-alpha canvas, with its duration from the timestamps.
    func frames() throws -> [Frame] {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION) != 0 else {
            throw CodecError.library(name: "libwebpdemux", message: "animation decoder version mismatch")
        }
        options.color_mode = MODE_RGBA   // straight alpha, blended as the WebP container spec says
        options.use_threads = 0
        var webpData = WebPData(bytes: data.baseAddress, size: data.count)
        guard let decoder = WebPAnimDecoderNewInternal(&webpData, &options, WEBP_DEMUX_ABI_VERSION) else {
            throw CodecError.malformed("WebP animation cannot be set up for decoding (invalid frames or container)")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        let byteCount = width * height * 4
        var frames: [Frame] = []
        frames.reserveCapacity(stored.count)
        var previous: Int32 = 0
        while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            guard frames.count < stored.count else {
                throw CodecError.malformed("WebP animation yields more frames than the \(stored.count) it declares")
            }
            var canvas: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                throw CodecError.corruptData("WebP animation frame \(frames.count) cannot be decoded (corrupt or truncated bitstream)")
            }
            let image = PixelBuffer(width: width, height: height,
                                    pixels: Array(UnsafeBufferPointer(start: canvas, count: byteCount)))
            let index = frames.count
            // Timestamps are libwebp's running sums in a C int: they may wrap on a long animation,
            // but each difference (a 24-bit ANMF duration) stays exact in wrapping arithmetic.
            frames.append(Frame(image: image, delay: .milliseconds(Int(timestamp &- previous)), raw: stored[index].raw))
            previous = timestamp
        }
        guard frames.count == stored.count else {
            throw CodecError.truncated("WebP animation ends after \(frames.count) of \(stored.count) frames")
        }
        return frames
    }
}
