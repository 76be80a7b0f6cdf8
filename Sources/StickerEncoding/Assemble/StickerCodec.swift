import ImageCodec
import StickerCore

/// An encoded animation and how many frames the file holds (the encoder may merge identical
/// consecutive frames, adding their delays).
public struct EncodedAnimation: Equatable, Sendable {
    /// The file's bytes.
    public var bytes: [UInt8]
    /// Frames the file stores.
    public var framesWritten: Int
    /// An encoded animation.
    public init(bytes: [UInt8], framesWritten: Int) { self.bytes = bytes; self.framesWritten = framesWritten }
}

/// The decode and encode operations the production code needs, behind one seam so tests can run
/// the assembly, conversion and build logic with a trivial in-memory codec.
public protocol StickerCodec: Sendable {
    /// Names the codec and its version; part of every incremental-build key, so changing the codec
    /// invalidates cached outputs.
    var identifier: String { get }
    /// Decodes any supported file into the common model.
    func decode(_ bytes: [UInt8]) throws -> DecodedImage
    /// Decodes with options (vector formats render to fit `options.fitBox`); by default the same
    /// as `decode(_:)`, so codecs without vector formats need not implement it.
    func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage
    /// Encodes one image as a lossless still PNG.
    func encodeStill(_ image: PixelBuffer, effort: DeflateEffort) throws -> [UInt8]
    /// Encodes frames as a lossless APNG; `loopCount` 0 = forever.
    func encodeAnimation(_ frames: [AnimationFrame], loopCount: Int, effort: DeflateEffort) throws -> EncodedAnimation
    /// Encodes an opaque app icon as App Store Connect accepts it: 8-bit RGB, sRGB chunk, no alpha.
    func encodeIcon(_ image: PixelBuffer, effort: DeflateEffort) throws -> [UInt8]
}

extension StickerCodec {
    /// The PNG writer with its palette and alpha optimisations off (as `IconRenderer.encode`).
    public func encodeIcon(_ image: PixelBuffer, effort: DeflateEffort) throws -> [UInt8] {
        try PNGEncoder(options: PNGEncodeOptions(effort: effort, opaqueTruecolorSRGB: true)).encode(image)
    }

    /// Ignores the options: `decode(_:)`.
    public func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage { try decode(bytes) }
}

/// The real codec: `ImageDecoder` and `PNGEncoder`.
public struct DefaultStickerCodec: StickerCodec {
    /// Limits every decode respects.
    public var limits: DecodeLimits
    /// The Lottie renderer helpers the codec's decodes (and its copies') share over a batch.
    public let lottieRenderers = LottieRendererPool()
    /// The codec with the given decode limits.
    public init(limits: DecodeLimits = .default) { self.limits = limits }

    /// `imagecodec/1`.
    public var identifier: String { "imagecodec/1" }

    /// Decodes with `ImageDecoder`.
    public func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        try ImageDecoder(limits: limits, lottieRenderers: lottieRenderers).decode(bytes)
    }

    /// Decodes with `ImageDecoder`, passing the options on.
    public func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        try ImageDecoder(limits: limits, lottieRenderers: lottieRenderers).decode(bytes, options: options)
    }

    /// Encodes with `PNGEncoder.encode(_:)`.
    public func encodeStill(_ image: PixelBuffer, effort: DeflateEffort) throws -> [UInt8] {
        try PNGEncoder(options: PNGEncodeOptions(effort: effort)).encode(image)
    }

    /// Encodes with `PNGEncoder.encodeAnimation(_:loopCount:)`; the frames written are read back
    /// from the file's `acTL` chunk, since the encoder merges identical frames.
    public func encodeAnimation(_ frames: [AnimationFrame], loopCount: Int, effort: DeflateEffort) throws -> EncodedAnimation {
        let bytes = try PNGEncoder(options: PNGEncodeOptions(effort: effort)).encodeAnimation(frames, loopCount: loopCount)
        return EncodedAnimation(bytes: bytes, framesWritten: APNGHeader.frameCount(in: bytes) ?? frames.count)
    }
}

/// Reads the frame count an APNG declares.
enum APNGHeader {
    /// `acTL.num_frames` when an `acTL` chunk precedes the first `IDAT`, else nil.
    static func frameCount(in b: [UInt8]) -> Int? {
        guard b.count >= 8, Array(b[0..<8]) == FormatSniffer.pngSignature else { return nil }
        func u32(_ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
        var offset = 8
        while offset + 8 <= b.count {
            let length = u32(offset)
            let type = String(decoding: b[offset + 4..<offset + 8], as: UTF8.self)
            if type == "acTL" { return offset + 12 <= b.count ? u32(offset + 8) : nil }
            if type == "IDAT" { return nil }
            offset += 12 + length
        }
        return nil
    }
}
