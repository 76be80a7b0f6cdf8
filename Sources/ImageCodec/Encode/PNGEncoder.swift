/// How hard the deflate stage works: `fast` is zlib, `default` and `max` use stronger deflaters.
public enum DeflateEffort: String, Sendable, Codable, CaseIterable {
    /// zlib level 9 on the better of unfiltered and adaptive rows.
    case fast
    /// libdeflate level 12 on the best filterings of the chosen frame plan.
    case `default`
    /// As `default` plus more candidates and Zopfli on each winner.
    case max
}

/// One frame handed to the APNG writer: the full canvas and how long it shows.
public struct AnimationFrame: Equatable, Sendable {
    /// The whole canvas for this frame (straight-alpha RGBA).
    public var image: PixelBuffer
    /// Display time, written exactly.
    public var delay: FrameDelay
    /// A frame to encode.
    public init(image: PixelBuffer, delay: FrameDelay) { self.image = image; self.delay = delay }
}

/// Options for the PNG/APNG writer.
public struct PNGEncodeOptions: Equatable, Sendable {
    /// Deflate effort.
    public var effort: DeflateEffort
    /// Favour speed over size entirely (one filter, the quickest deflate): for previews and
    /// disassembled frames that are read, not shipped. Still lossless; overrides `effort`.
    public var draft: Bool
    /// With `draft`, filter each row with libpng's per-row heuristic instead of leaving rows
    /// unfiltered: a little slower, and its sizes track a full encode's far more closely on smooth
    /// truecolour (where unfiltered rows deflate poorly and unevenly).
    public var draftFiltersRows: Bool
    /// Write 8-bit RGB truecolour (colour type 2) with an `sRGB` chunk whatever the pixels are:
    /// no palette, grey or `tRNS` optimisation. App Store icons must be like this (ITMS-90717 refuses
    /// an alpha channel or transparency); the image must be opaque.
    public var opaqueTruecolorSRGB: Bool
    /// Writer options.
    public init(effort: DeflateEffort = .default, draft: Bool = false, draftFiltersRows: Bool = false,
                opaqueTruecolorSRGB: Bool = false) {
        self.effort = effort; self.draft = draft; self.draftFiltersRows = draftFiltersRows
        self.opaqueTruecolorSRGB = opaqueTruecolorSRGB
    }

    /// The search and deflaters these options ask for.
    var profile: EffortProfile { draft ? (draftFiltersRows ? .draftFiltered : .draft) : EffortProfile(effort) }
}

/// Our own lossless PNG/APNG writer: smallest exact colour type, per-image filter search, strong
/// deflate, and for APNG a verified frame plan (rectangles, dispose and blend ops).
///
/// Lossless means every displayed pixel is kept exactly. The colour of fully transparent pixels
/// is not kept (it is written as black; see `PixelBuffer.normalizedTransparent()`).
/// Output is deterministic: the same input and options give byte-identical files.
public struct PNGEncoder: Sendable {
    /// Options in force.
    public var options: PNGEncodeOptions
    /// A writer.
    public init(options: PNGEncodeOptions = PNGEncodeOptions()) { self.options = options }

    /// Encodes a still image as the smallest exact PNG.
    /// - Throws: `CodecError.invalidInput` for an empty image.
    public func encode(_ image: PixelBuffer) throws -> [UInt8] { try encodeWithReport(image).bytes }

    /// Encodes frames as an APNG whose first frame is the default image; loopCount 0 = forever.
    /// - Throws: `CodecError.invalidInput` for no frames, mixed sizes, an empty canvas, a negative
    ///   delay or a loop count outside 0...4294967295.
    public func encodeAnimation(_ frames: [AnimationFrame], loopCount: Int) throws -> [UInt8] {
        try encodeAnimationWithReport(frames, loopCount: loopCount).bytes
    }

    /// `encode(_:)` with what was decided.
    /// - Throws: `CodecError.invalidInput` also when `opaqueTruecolorSRGB` is set and a pixel is not opaque.
    public func encodeWithReport(_ image: PixelBuffer) throws -> EncodeReport {
        try Self.checkSize(width: image.width, height: image.height, what: "image")
        if options.opaqueTruecolorSRGB, image.hasTransparency {
            throw CodecError.invalidInput("an opaque RGB PNG cannot hold transparent pixels; flatten the image onto a background first")
        }
        let normalized = image.normalizedTransparent()
        let plan = options.opaqueTruecolorSRGB ? ColorPlan.opaqueRGB : ColorPlan.choose(for: [normalized], animated: false)
        let compressor = FrameCompressor(plan: plan, profile: options.profile)
        let stream = try compressor.compressAll([normalized])[0]
        var writer = PNGChunkWriter(capacity: 8 + 5 * PNGChunkWriter.size(ofChunkWith: 780) + stream.count)
        writer.appendHeader(width: image.width, height: image.height, plan: plan)
        // Rendering intent 0 (perceptual), as PNG 1.2 suggests for images like these.
        if options.opaqueTruecolorSRGB { writer.append("sRGB", [0]) }
        writer.append("IDAT", stream)
        writer.append("IEND", [])
        let full = PixelRegion(x: 0, y: 0, width: image.width, height: image.height)
        return EncodeReport(bytes: writer.bytes, colorType: plan.colorType, bitDepth: plan.bitDepth,
                            paletteCount: plan.colorType == .palette ? plan.palette.count : nil,
                            hasTransparencyChunk: plan.trnsData != nil, inputFrameCount: 1,
                            frames: [RawFrameInfo(region: full, dispose: .none, blend: .source)],
                            approximatedDelayCount: 0, usedSafeFallback: false)
    }

    /// PNG's limits: both sides from 1 to 2^31 - 1.
    static func checkSize(width: Int, height: Int, what: String) throws {
        guard width > 0, height > 0 else {
            throw CodecError.invalidInput("\(what) is \(width)x\(height) px; both sides must be at least 1 px")
        }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw CodecError.invalidInput("\(what) is \(width)x\(height) px; PNG allows at most 2147483647 px a side")
        }
    }
}
