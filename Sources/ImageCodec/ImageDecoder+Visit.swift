extension ImageDecoder {
    /// Decodes a file a frame at a time, for callers that reduce each frame to facts and need no
    /// frame once the next arrives: `visit` gets every frame in order, in a buffer reused from frame
    /// to frame where the decoder can (PNG, APNG and GIF: the compositor's canvas, lent between
    /// drawing a frame and disposing it; WebM: each picture converted by libyuv into the same
    /// buffer; Lottie drawn in one pass: each frame copied out of the helper's shared memory into
    /// the same buffer), so memory stays at one frame. The pixels are byte for byte those of
    /// `decode(_:options:)`. Other formats (JPEG, WebP) are decoded whole and their frames lent in turn.
    /// - Throws: `CodecError` as `decode`, and whatever `visit` throws (which ends the decode).
    public func visitFrames(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions(),
                            _ visit: (FrameVisit) throws -> Void) throws -> DecodedSummary {
        try limits.checkFileSize(bytes.count)
        if bytes.isEmpty { throw CodecError.empty }
        switch FormatSniffer.sniff(bytes) {
        case .png, .apng: return try PNGDecoder(limits: limits).visitFrames(bytes, visit)
        case .gif: return try GIFDecoder(limits: limits).visitFrames(bytes, visit)
        case .webm: return try WebMDecoder(limits: limits).visitFrames(bytes, visit)
        case let format where format == .lottie || format == .tgs:
            return try LottieDecoder(limits: limits, renderers: lottieRenderers).visitFrames(bytes, format: format, fitting: options.fitBox, visit)
        default: break
        }
        let image = try decode(bytes, options: options)
        try FrameVisit.lend(image.frames.map(\.image), to: visit)
        return DecodedSummary(image)
    }
}
