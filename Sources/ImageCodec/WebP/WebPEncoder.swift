import CWebP

/// Writes still and animated WebP files with libwebp: stills through `WebPEncode`, animations
/// through libwebpmux's `WebPAnimEncoder`, which chooses each frame's rectangle, blending and
/// disposal itself (and merges a frame identical to the one before into its duration).
///
/// Durations are whole milliseconds as WebP stores them, rounded by `MillisecondTimeline` (the error
/// carried forward, so the loop time is kept to within half a millisecond). Lossless output is
/// pixel-exact except for the RGB of fully transparent pixels, which is dropped unless
/// `options.exact` (compare with `PixelBuffer.normalizedTransparent()`). Encoding is single-threaded
/// and deterministic: the same frames and options give the same bytes.
public struct WebPEncoder: Sendable {
    /// Options in force.
    public var options: WebPEncodeOptions
    /// A writer.
    public init(options: WebPEncodeOptions = WebPEncodeOptions()) { self.options = options }

    /// Encodes one image as a still WebP (a simple file, or VP8X with ICCP when a profile is given).
    /// - Throws: `CodecError.invalidInput` for an empty image or an option out of range,
    ///   `.limitExceeded` for a canvas over the limits, `.library` when libwebp fails.
    public func encode(_ image: PixelBuffer) throws -> [UInt8] {
        try checkCanvas(width: image.width, height: image.height, frames: 1)
        var config = try makeConfig()
        let bytes = try WebPPictureHandle(image).withPicture { picture -> [UInt8] in
            var writer = WebPMemoryWriter()
            WebPMemoryWriterInit(&writer)
            defer { WebPMemoryWriterClear(&writer) }
            return try withUnsafeMutablePointer(to: &writer) { writerPointer in
                picture.pointee.writer = WebPMemoryWrite
                picture.pointee.custom_ptr = UnsafeMutableRawPointer(writerPointer)
                defer { picture.pointee.writer = nil; picture.pointee.custom_ptr = nil }
                guard WebPEncode(&config, picture) != 0 else {
                    throw CodecError.library(name: "libwebp", message: "encoding failed: \(Self.describe(picture.pointee.error_code))")
                }
                return Array(UnsafeBufferPointer(start: writerPointer.pointee.mem, count: writerPointer.pointee.size))
            }
        }
        return try withICCProfile(bytes)
    }

    /// Encodes frames as an animated WebP; `loopCount` 0 plays forever.
    /// - Throws: `CodecError.invalidInput` for no frames, mixed sizes, a negative delay, a duration
    ///   over 16,777,215 ms or a loop count outside 0-65535; `.limitExceeded`; `.library`.
    public func encodeAnimation(_ frames: [AnimationFrame], loopCount: Int) throws -> [UInt8] {
        guard let first = frames.first else { throw CodecError.invalidInput("an animation needs at least one frame") }
        if let odd = frames.firstIndex(where: { $0.image.width != first.image.width || $0.image.height != first.image.height }) {
            throw CodecError.invalidInput("frame \(odd + 1) is \(frames[odd].image.width)x\(frames[odd].image.height) px, "
                                          + "frame 1 is \(first.image.width)x\(first.image.height) px; all frames must match")
        }
        guard (0...65535).contains(loopCount) else {
            throw CodecError.invalidInput("WebP loop count \(loopCount) is outside 0-65535")
        }
        try checkCanvas(width: first.image.width, height: first.image.height, frames: frames.count)
        let timeline = try MillisecondTimeline(frames.map(\.delay))
        if let long = timeline.durations.firstIndex(where: { $0 > WebPEncodeOptions.maxDurationMilliseconds }) {
            throw CodecError.invalidInput("frame \(long + 1) lasts \(timeline.durations[long]) ms; WebP stores at most "
                                          + "\(WebPEncodeOptions.maxDurationMilliseconds) ms a frame")
        }
        var config = try makeConfig()
        let encoder = try WebPAnimEncoderHandle(width: first.image.width, height: first.image.height,
                                                loopCount: loopCount, allowMixed: options.allowMixed)
        for (index, frame) in frames.enumerated() {
            try WebPPictureHandle(frame.image).withPicture { picture in
                try encoder.add(picture, timestamp: timeline.starts[index], config: &config, frame: index + 1)
            }
        }
        return try withICCProfile(try encoder.assemble(endTimestamp: timeline.total))
    }

    /// Frames a WebP file stores (1 for a still): what `encodeAnimation` wrote, after
    /// `WebPAnimEncoder` merged frames that look the same as the one before them (and frames whose
    /// rounded duration is 0 ms).
    /// - Throws: `CodecError.malformed` or `.truncated` when the bytes are not a whole WebP container.
    public static func storedFrameCount(_ bytes: [UInt8]) throws -> Int {
        try bytes.withUnsafeBufferPointer { try WebPDemuxHandle($0).frameCount }
    }

    /// Canvas limits: WebP's own 16383 px a side, then the caller's limits.
    private func checkCanvas(width: Int, height: Int, frames: Int) throws {
        try options.validate()
        guard width > 0, height > 0 else {
            throw CodecError.invalidInput("image is \(width)x\(height) px; both sides must be at least 1 px")
        }
        guard width <= WebPEncodeOptions.maxDimension, height <= WebPEncodeOptions.maxDimension else {
            throw CodecError.invalidInput("image is \(width)x\(height) px; WebP allows at most "
                                          + "\(WebPEncodeOptions.maxDimension) px a side")
        }
        try options.limits.checkCanvas(width: width, height: height)
        try options.limits.checkFrames(count: frames, width: width, height: height)
    }

    /// libwebp's configuration for `options`.
    private func makeConfig() throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, Float(options.quality), WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw CodecError.library(name: "libwebp", message: "encoder version mismatch")
        }
        if options.lossless {
            // The lossless preset ties method and effort together; quality stays what was asked.
            let level = min(9, Int(options.quality / 100 * 9))
            guard WebPConfigLosslessPreset(&config, Int32(level)) != 0 else {
                throw CodecError.library(name: "libwebp", message: "lossless preset \(level) rejected")
            }
            config.quality = Float(options.quality)
        }
        config.lossless = options.lossless ? 1 : 0
        config.near_lossless = Int32(options.lossless ? options.nearLossless : 100)
        config.method = Int32(options.method)
        config.alpha_quality = Int32(options.alphaQuality)
        config.alpha_filtering = Int32(options.alphaFiltering)
        config.exact = options.exact ? 1 : 0
        config.use_sharp_yuv = options.sharpYUV ? 1 : 0
        if !options.lossless && options.targetSize > 0 { config.target_size = Int32(clamping: options.targetSize) }
        config.pass = Int32(options.passes)
        // libwebp's threads split work whose results it merges in a fixed order: same bytes.
        config.thread_level = options.secondThread ? 1 : 0
        guard WebPValidateConfig(&config) != 0 else {
            throw CodecError.invalidInput("libwebp rejects the options \(options.lossless ? "lossless" : "lossy") "
                                          + "quality \(options.quality), method \(options.method)")
        }
        return config
    }

    /// `bytes` with the ICCP chunk added when a profile is set (libwebpmux rewrites the container).
    private func withICCProfile(_ bytes: [UInt8]) throws -> [UInt8] {
        guard let profile = options.iccProfile, !profile.isEmpty else { return bytes }
        return try bytes.withUnsafeBufferPointer { file in
            try profile.withUnsafeBufferPointer { icc in
                var input = WebPData(bytes: file.baseAddress, size: file.count)
                guard let mux = WebPMuxCreateInternal(&input, 1, WEBP_MUX_ABI_VERSION) else {
                    throw CodecError.library(name: "libwebpmux", message: "cannot re-read the encoded file to add its ICC profile")
                }
                defer { WebPMuxDelete(mux) }
                var chunk = WebPData(bytes: icc.baseAddress, size: icc.count)
                var output = WebPData()
                defer { WebPFree(UnsafeMutableRawPointer(mutating: output.bytes)) }
                guard WebPMuxSetChunk(mux, "ICCP", &chunk, 1) == WEBP_MUX_OK,
                      WebPMuxAssemble(mux, &output) == WEBP_MUX_OK, let start = output.bytes else {
                    throw CodecError.library(name: "libwebpmux", message: "cannot add the ICC profile (\(icc.count) bytes)")
                }
                return Array(UnsafeBufferPointer(start: start, count: output.size))
            }
        }
    }

    /// libwebp's error code in words.
    static func describe(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "bad picture size"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW:
            return "a lossy partition is over 512 KiB (raise the quality loss or lower the size)"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be over 4 GiB"
        default: return "libwebp error \(code.rawValue)"
        }
    }
}
