import CVPX

/// Decodes WebM video (VP8 or VP9, with or without alpha) into straight-alpha RGBA frames.
///
/// libwebm (through CWebMShim) reads the container; two libvpx decoders read the colour stream and,
/// when the track's AlphaMode is 1, the alpha stream carried in each block's BlockAdditional 1, whose
/// luma plane is the alpha. A block with no alpha payload in an alpha track shows opaque; alpha
/// payloads in a track without AlphaMode 1 are ignored (as browsers do). Frames are full canvases
/// at the track's PixelWidth x PixelHeight; timing follows `WebMFrameTiming`. WebM has no loop
/// count: stickers loop, so the image plays forever (`loopCount` 0, `declaredLoopCount` nil).
/// Audio and other tracks are ignored.
struct WebMDecoder {
    /// Limits checked before libvpx or the converter allocates.
    var limits: DecodeLimits

    /// Decodes every shown frame of the file's first VP8/VP9 video track, each into a buffer of its own.
    /// - Throws: `CodecError`: `.limitExceeded` before allocation, `.truncated` and `.malformed`
    ///   for the container, `.corruptData` for a frame libvpx rejects (naming the frame).
    func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        var images: [PixelBuffer] = []
        let summary = try run(bytes) { converter, picture, alpha, width, height, _ in
            images.append(converter.convert(picture, alpha: alpha, width: width, height: height))
        }
        let frames = zip(images, summary.delays).map { Frame(image: $0, delay: $1) }
        return DecodedImage(width: summary.width, height: summary.height, frames: frames, loopCount: 0, facts: summary.facts)
    }

    /// Decodes the same frames as `decode`, each converted into one RGBA buffer reused from frame to
    /// frame and lent to `visit`, so memory stays one frame whatever the length.
    /// - Throws: as `decode`, and whatever `visit` throws (which ends the decode).
    func visitFrames(_ bytes: [UInt8], _ visit: (FrameVisit) throws -> Void) throws -> DecodedSummary {
        var buffer: [UInt8] = [], index = 0
        return try run(bytes) { converter, picture, alpha, width, height, blocks in
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: width * height * 4) }
            try buffer.withUnsafeMutableBufferPointer { out in
                converter.convert(picture, alpha: alpha, width: width, height: height, into: out.baseAddress!)
                try visit(FrameVisit(index: index, width: width, height: height, expectedFrames: blocks,
                                     pixels: UnsafeBufferPointer(out)))
            }
            index += 1
        }
    }

    /// The decode loop both paths share: hands every shown picture (and its alpha picture) to
    /// `emit` with the converter for the stream and the container's block count (the frames
    /// expected), then works out the timing and facts.
    private func run(_ bytes: [UInt8],
                     emit: (YUVToRGBAConverter, vpx_image_t, vpx_image_t?, Int, Int, Int) throws -> Void) throws -> DecodedSummary {
        try limits.checkFileSize(bytes.count)
        let container = try WebMContainer(parsing: bytes, maxFrames: limits.maxFrames)
        let (width, height) = (container.width, container.height)
        guard width > 0, height > 0 else {
            throw CodecError.malformed("WebM video track states no frame size (PixelWidth x PixelHeight is \(width)x\(height))")
        }
        try limits.checkCanvas(width: width, height: height)
        try limits.checkFrames(count: container.blocks.count, width: width, height: height)

        let hasAlpha = container.alphaMode == 1
        let color = try VPXDecoderHandle(codec: container.codec, stream: "colour")
        let alpha = hasAlpha ? try VPXDecoderHandle(codec: container.codec, stream: "alpha") : nil
        var converter: YUVToRGBAConverter?
        var stamps: [WebMFrameTiming.Stamp] = [], bitDepth = 8
        for (index, block) in container.blocks.enumerated() {
            let number = index + 1
            try checkDeclaredSizes(bytes[block.payload], codec: container.codec, frame: number, stream: "colour")
            let shown = try bytes.withUnsafeBufferPointer {
                try color.decode(UnsafeBufferPointer(rebasing: $0[block.payload]), frame: number)
            }
            var alphaPicture: vpx_image_t?
            if let alpha, let payload = block.alpha {
                try checkDeclaredSizes(payload[...], codec: container.codec, frame: number, stream: "alpha")
                alphaPicture = try payload.withUnsafeBufferPointer { try alpha.decode($0, frame: number) }
            }
            guard let picture = shown else { continue }  // a hidden frame: decoded, never displayed
            try Self.checkPicture(picture, width: width, height: height, frame: number, stream: "colour")
            if let alphaPicture {
                try Self.checkPicture(alphaPicture, width: width, height: height, frame: number, stream: "alpha")
            }
            if converter == nil {
                converter = YUVToRGBAConverter(matrix: YCbCrMatrix.resolve(
                    matrixCoefficients: container.matrixCoefficients, range: container.range,
                    bitstreamColorSpace: Int(picture.cs.rawValue),
                    bitstreamFullRange: picture.range == VPX_CR_FULL_RANGE))
                bitDepth = Int(picture.bit_depth)
            }
            try emit(converter!, picture, alphaPicture, width, height, container.blocks.count)
            stamps.append(WebMFrameTiming.Stamp(timestamp: block.timestamp, duration: block.duration))
        }
        guard !stamps.isEmpty else { throw CodecError.malformed("WebM video track shows no frame") }
        let delays = try WebMFrameTiming.delays(stamps, timecodeScale: container.timecodeScale,
                                                defaultDuration: container.defaultDuration,
                                                frameRate: container.frameRate)
        let facts = SourceFacts(format: .webm, bitDepth: bitDepth,
                                colorModel: converter?.matrix.isIdentity == true ? .rgb : .ycbcr,
                                transparency: hasAlpha ? .alphaChannel : .none,
                                frameCount: stamps.count, declaredLoopCount: nil, fileSize: bytes.count)
        return DecodedSummary(width: width, height: height, delays: stamps.count == 1 ? [.zero] : delays,
                              loopCount: 0, facts: facts)
    }

    /// Refuses a frame whose header declares a size over the limits, before libvpx allocates it.
    private func checkDeclaredSizes(_ payload: ArraySlice<UInt8>, codec: WebMContainer.Codec, frame: Int,
                                    stream: String) throws {
        for size in VPXFrameSizeProbe.sizes(vp9: codec == .vp9, payload)
        where size.width > limits.maxDimension || size.height > limits.maxDimension {
            throw CodecError.limitExceeded(what: "WebM frame \(frame) (\(stream)) of \(size.width)x\(size.height) px",
                                           limit: "\(limits.maxDimension) px a side")
        }
    }

    /// A decoded picture must fill the track's frame size, in a planar layout the converter reads.
    private static func checkPicture(_ picture: vpx_image_t, width: Int, height: Int, frame: Int,
                                     stream: String) throws {
        guard Int(picture.d_w) == width, Int(picture.d_h) == height else {
            throw CodecError.malformed("WebM frame \(frame) (\(stream)) decodes to \(picture.d_w)x\(picture.d_h) px, "
                                       + "but the track states \(width)x\(height)")
        }
        let planar = picture.fmt.rawValue & UInt32(VPX_IMG_FMT_PLANAR) != 0
        guard planar, picture.fmt != VPX_IMG_FMT_NV12, picture.bit_depth >= 8, picture.bit_depth <= 16,
              picture.x_chroma_shift <= 1, picture.y_chroma_shift <= 1,
              picture.planes.0 != nil, picture.planes.1 != nil, picture.planes.2 != nil else {
            throw CodecError.malformed("WebM frame \(frame) (\(stream)) decodes to an unsupported picture layout "
                                       + "(libvpx format 0x\(String(picture.fmt.rawValue, radix: 16)), \(picture.bit_depth) bits)")
        }
    }
}
