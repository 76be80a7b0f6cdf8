import ImageCodec
import StickerCore

/// What converting one image produced.
public struct ConversionResult: Equatable, Sendable {
    /// The encoded file: APNG for animations, PNG for stills.
    public var bytes: [UInt8]
    /// `.apng` or `.png`.
    public var format: ImageFormat
    /// The input's real format.
    public var sourceFormat: ImageFormat
    /// Frames decoded from the input.
    public var framesIn: Int
    /// Frames the output stores.
    public var framesWritten: Int
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// One loop in milliseconds (0 for a still).
    public var loopDurationMs: Double
    /// Plays; 0 = forever (stills: 0).
    public var loopCount: Int
    /// What fitting did, when a fit target was set.
    public var fit: FitReport?
}

/// Converts GIF, APNG, PNG, JPEG and foreign (WebP...) files to (A)PNG, keeping every frame's delay exactly.
public struct StickerConverter: Sendable {
    /// Decoder and encoder.
    public var codec: any StickerCodec
    /// Deflate effort.
    public var effort: DeflateEffort
    /// When set, the output is fitted under a byte limit (`StickerFitter`, with the real encoder).
    public var fit: FitTarget?
    /// Vector sources (Lottie, TGS) render straight at the size that fits this square (the grid
    /// cell), aspect ratio kept, instead of being scaled as a raster; nil = their canvas size.
    public var vectorBox: Int?
    /// The format to write (`convert --to`); nil = APNG for animations, PNG for stills.
    public var format: ConvertFormat?

    /// A converter; the real codec by default.
    public init(codec: any StickerCodec = DefaultStickerCodec(), effort: DeflateEffort = .default, fit: FitTarget? = nil,
                vectorBox: Int? = nil, format: ConvertFormat? = nil) {
        self.codec = codec; self.effort = effort; self.fit = fit; self.vectorBox = vectorBox; self.format = format
    }

    /// Converts one file's bytes; `name` is used in errors.
    ///
    /// Pixels pass through exactly as decoded (a GIF's transparent index is already alpha 0 in the
    /// decoded frames). Animations keep each frame's delay as its exact fraction and the play count:
    /// a GIF without a NETSCAPE2.0 block plays once, so it becomes an APNG with `loopCount` 1.
    public func convert(_ bytes: [UInt8], name: String) throws -> ConversionResult {
        try convert(decoded: try decodeSource(bytes, name: name), name: name)
    }

    /// Decodes a file for conversion. Every conversion (`convert`, and `build` for files it does not
    /// keep as they are) decodes here, so a format that renders best straight at the output size
    /// (vector Lottie) can do so in this one place. Foreign formats (WebP...) arrive here like any
    /// other: `ImageDecoder` reads every format whose `isDecodable` is true.
    /// - Throws: `AssemblyError.codec` naming the file and the decoder's reason.
    public func decodeSource(_ bytes: [UInt8], name: String) throws -> DecodedImage {
        do { return try codec.decode(bytes, options: DecodeOptions(fitBox: vectorBox)) } catch { throw AssemblyError.codec(file: name, reason: "\(error)") }
    }

    /// Converts an image `decodeSource` decoded; `name` is used in errors.
    public func convert(decoded: DecodedImage, name: String) throws -> ConversionResult {
        guard let first = decoded.frames.first else { throw AssemblyError.codec(file: name, reason: "decoded to no frame") }
        if let format, format != .apng || !decoded.isAnimated {
            return try convert(decoded, to: format, name: name)
        }
        if var fit {
            let plays = decoded.isAnimated ? Self.playCount(of: decoded) : 0
            let frames = decoded.isAnimated ? decoded.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
                : [AnimationFrame(image: first.image, delay: .zero)]
            // A source that is already lossy may take lossy steps without --lossy, held to the
            // quality floor (nothing below it ships); a lossless source needs --lossy to lose anything.
            let lossyBecause = fit.options.lossy ? nil : Self.alreadyLossy(decoded.facts)
            if lossyBecause != nil {
                fit.options.lossy = true
                fit.options.keepBestBelowFloor = false
            }
            var result = try fit.fit(frames, loopCount: plays, name: name)
            if !result.report.lossless { result.report.lossyBecause = lossyBecause }
            return ConversionResult(result, sourceFormat: decoded.facts.format, framesIn: frames.count, loopCount: plays)
        }
        do {
            if decoded.isAnimated {
                let plays = Self.playCount(of: decoded)
                let frames = decoded.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
                let encoded = try codec.encodeAnimation(frames, loopCount: plays, effort: effort)
                return ConversionResult(bytes: encoded.bytes, format: .apng, sourceFormat: decoded.facts.format,
                                        framesIn: frames.count, framesWritten: encoded.framesWritten,
                                        width: decoded.width, height: decoded.height,
                                        loopDurationMs: FrameSequenceAssembler.totalMilliseconds(frames.map(\.delay)),
                                        loopCount: plays)
            }
            let still = try codec.encodeStill(first.image, effort: effort)
            return ConversionResult(bytes: still, format: .png, sourceFormat: decoded.facts.format, framesIn: 1,
                                    framesWritten: 1, width: decoded.width, height: decoded.height,
                                    loopDurationMs: 0, loopCount: 0)
        } catch {
            throw AssemblyError.codec(file: name, reason: "encoding failed: \(error)")
        }
    }

    /// Why a source's pixels are already lossy, so a fit may trade quality without `--lossy`: JPEG,
    /// WebM video and lossy WebP store approximations of their pixels, and a GIF's colours are a
    /// palette of at most 256; nil for lossless sources (PNG, APNG, lossless WebP, vector Lottie).
    public static func alreadyLossy(_ facts: SourceFacts) -> String? {
        switch facts.format {
        case .jpeg: return "the source is a JPEG, already lossy"
        case .webm: return "the source is WebM video, already lossy"
        case .gif: return "the source is a GIF, already a palette of at most 256 colours"
        case .webp where facts.colorModel == .ycbcr: return "the source is lossy WebP"
        default: return nil
        }
    }

    /// Plays as the source means them; 0 = forever. A GIF that declares no loop plays once.
    public static func playCount(of image: DecodedImage) -> Int {
        if image.facts.format == .gif && image.facts.declaredLoopCount == nil { return 1 }
        return image.loopCount
    }

    /// The output file name: everything before the last dot, plus `.png` (`a.b.gif` -> `a.b.png`,
    /// so `a.b.gif` and `a.c.gif` never collide), or `.webp`/`.webm` for those formats. A name
    /// without a dot just gains the extension.
    public static func outputName(for inputPath: String, format: ConvertFormat? = nil) -> String {
        let file = inputPath.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? inputPath
        let suffix = "." + (format?.fileExtension ?? "png")
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file + suffix }
        return String(file[..<dot]) + suffix
    }
}
