import CWebP

/// Decodes WebP (lossy VP8, lossless VP8L, alpha, animation) through libwebp into the common model.
///
/// The container is parsed first (libwebpdemux) and every limit is checked against what it
/// declares, before libwebp allocates a canvas. Stills are decoded straight into our own buffer;
/// animations go through `WebPAnimDecoder`, which composites each frame onto the canvas (blend,
/// dispose to transparent) exactly as browsers do, so every frame here is a full canvas.
struct WebPDecoder {
    /// Limits checked against the declared canvas and frames before anything is allocated.
    var limits: DecodeLimits

    /// Decodes one WebP file.
    /// - Throws: `CodecError.limitExceeded` before allocation, `.truncated`, `.malformed` or
    ///   `.corruptData` for a bad file; never traps.
    func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        try limits.checkFileSize(bytes.count)
        try Self.checkRIFFSize(bytes)
        return try bytes.withUnsafeBufferPointer { data in
            try Self.checkHeader(data, limits: limits)
            let container = try WebPDemuxHandle(data)
            let width = container.canvasWidth, height = container.canvasHeight
            try limits.checkCanvas(width: width, height: height)
            let stored = container.frames()
            guard !stored.isEmpty, stored.count == container.frameCount else {
                throw CodecError.malformed("WebP declares \(container.frameCount) frames but \(stored.count) can be read")
            }
            try limits.checkFrames(count: stored.count, width: width, height: height)
            let facts = Self.facts(container, stored: stored, fileSize: bytes.count)
            if container.isAnimation {
                let frames = try WebPAnimationReader(data: data, width: width, height: height, stored: stored).frames()
                return DecodedImage(width: width, height: height, frames: frames,
                                    loopCount: container.loopCount, facts: facts)
            }
            guard stored[0].raw.region == PixelRegion(x: 0, y: 0, width: width, height: height) else {
                throw CodecError.malformed("WebP still image \(stored[0].raw.region) does not fill its \(width)x\(height) canvas")
            }
            let image = try Self.decodeStill(data, width: width, height: height)
            return DecodedImage(width: width, height: height, frames: [Frame(image: image, delay: .zero)],
                                loopCount: 0, facts: facts)
        }
    }

    /// A file shorter than its RIFF header declares is truncated (the demuxer would only call it
    /// unparsable).
    private static func checkRIFFSize(_ bytes: [UInt8]) throws {
        guard bytes.count >= 12 else { throw CodecError.truncated("a WebP file needs a 12-byte RIFF header; this has \(bytes.count) bytes") }
        let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        if bytes.count < declared + 8 {
            throw CodecError.truncated("the WebP file has \(bytes.count) bytes; its RIFF header declares \(declared + 8)")
        }
    }

    /// Reads the bitstream header (`WebPGetFeatures`) and refuses an oversized canvas before the
    /// demuxer walks the frames.
    private static func checkHeader(_ data: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) throws {
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeaturesInternal(data.baseAddress, data.count, &features, WEBP_DECODER_ABI_VERSION)
        try check(status, what: "WebP header")
        try limits.checkCanvas(width: Int(features.width), height: Int(features.height))
    }

    /// Decodes a still into a buffer we own (libwebp writes into it; it allocates no canvas).
    private static func decodeStill(_ data: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws -> PixelBuffer {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION) != 0 else {
            throw CodecError.library(name: "libwebp", message: "decoder version mismatch")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = pixels.withUnsafeMutableBufferPointer { out -> VP8StatusCode in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.width = Int32(width)
            config.output.height = Int32(height)
            config.output.u.RGBA.rgba = out.baseAddress
            config.output.u.RGBA.stride = Int32(width * 4)
            config.output.u.RGBA.size = out.count
            defer { WebPFreeDecBuffer(&config.output) }
            return WebPDecode(data.baseAddress, data.count, &config)
        }
        try check(status, what: "WebP image data")
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// Maps a libwebp status to the project's error.
    static func check(_ status: VP8StatusCode, what: String) throws {
        switch status {
        case VP8_STATUS_OK: return
        case VP8_STATUS_NOT_ENOUGH_DATA: throw CodecError.truncated("\(what) ends early")
        case VP8_STATUS_BITSTREAM_ERROR: throw CodecError.corruptData("\(what) is not a valid VP8/VP8L bitstream")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            throw CodecError.malformed("\(what) uses a feature libwebp does not support")
        case VP8_STATUS_OUT_OF_MEMORY: throw CodecError.library(name: "libwebp", message: "out of memory decoding \(what)")
        default: throw CodecError.library(name: "libwebp", message: "cannot decode \(what) (status \(status.rawValue))")
        }
    }

    /// What `inspect` and the checks need: lossy files report YCbCr (VP8 is 4:2:0), lossless RGB(A).
    private static func facts(_ container: WebPDemuxHandle, stored: [WebPStoredFrame], fileSize: Int) -> SourceFacts {
        let hasAlpha = container.flags & Int(ALPHA_FLAG.rawValue) != 0 || stored.contains(where: \.hasAlpha)
        let model: ColorModel = stored.allSatisfy(\.isLossy) ? .ycbcr : hasAlpha ? .rgba : .rgb
        var color = ColorInfo()
        if let icc = container.chunk("ICCP") {
            color.hasICCProfile = true
            let name = ICCProfileReader.profileDescription(icc)
            color.iccProfileName = name
            color.iccProfileIsSRGB = name.map { $0.contains("sRGB") }
        }
        let orientation = container.chunk("EXIF").flatMap {
            EXIFOrientationReader.orientation(inAPP1: $0) ?? EXIFOrientationReader.orientation(inTIFF: $0)
        }
        let animated = container.isAnimation
        return SourceFacts(format: .webp, bitDepth: 8, colorModel: model,
                           transparency: hasAlpha ? .alphaChannel : .none, color: color,
                           exifOrientation: orientation, frameCount: stored.count,
                           declaredLoopCount: animated ? container.loopCount : nil,
                           rawFrames: animated ? stored.map(\.raw) : [], fileSize: fileSize)
    }
}
