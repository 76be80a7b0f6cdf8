/// The chunk-level layout of a PNG or APNG, validated before any pixel is decoded: the header,
/// the palette and transparency chunks a frame decode needs, the default image's data, colour
/// information and, for an APNG, its stored frames.
struct PNGStructure: Sendable {
    /// The validated IHDR.
    let header: PNGHeader
    /// PLTE data, when present.
    let palette: ArraySlice<UInt8>?
    /// tRNS data, when present and meaningful (colour types 0, 2 and 3).
    let transparency: ArraySlice<UInt8>?
    /// The IDAT chunks' data in order (the default image).
    let imageData: [ArraySlice<UInt8>]
    /// Colour management chunks.
    let color: ColorInfo
    /// The animation, when a usable acTL precedes the first IDAT.
    let animation: APNGFrameCollector?
    /// Why an acTL before the first IDAT was ignored (`APNGFrameCollector.unusableReason`).
    let ignoredAnimation: String?
    /// The offset of an acTL after the first IDAT (`SourceFacts.lateACTLOffset`).
    let lateACTLOffset: Int?

    /// Walks the chunks once, enforcing PNG's ordering rules and the APNG rules. The limits are
    /// checked as soon as IHDR (canvas) and acTL (frames) are read, before anything is allocated.
    init(reading bytes: [UInt8], limits: DecodeLimits) throws {
        var reader = try PNGChunkReader(bytes)
        let firstChunk = try reader.next()
        guard let first = firstChunk, first.type == "IHDR" else {
            throw CodecError.malformed("missing IHDR: the first chunk is \(firstChunk?.type ?? "absent"), PNG requires IHDR")
        }
        let header = try PNGHeader(first)
        try limits.checkCanvas(width: header.width, height: header.height)
        var framesChecked = false
        var palette: ArraySlice<UInt8>?, transparency: ArraySlice<UInt8>?
        var imageData: [ArraySlice<UInt8>] = []
        var colorChunks: [PNGChunk] = []
        var animation: APNGFrameCollector?
        var actlSeen = false, ignoredAnimation: String?, lateACTLOffset: Int?
        // fcTL chunks before acTL: the spec orders acTL only before IDAT, so frame 0's fcTL may come first.
        var earlyControls: [PNGChunk] = []
        var previousType = "IHDR"
        while let chunk = try reader.next() {
            if !framesChecked, chunk.type == "IDAT" {
                // A still image is one frame; an APNG's acTL count is checked when acTL is read.
                try limits.checkFrames(count: animation?.declaredFrames ?? 1, width: header.width, height: header.height)
                framesChecked = true
            }
            let seenIDAT = !imageData.isEmpty
            switch chunk.type {
            case "IHDR":
                throw CodecError.malformed("second IHDR chunk at offset \(chunk.offset)")
            case "PLTE":
                try Self.checkPalette(chunk, header: header, seenIDAT: seenIDAT, hasPalette: palette != nil)
                palette = chunk.data
            case "tRNS":
                guard !seenIDAT else { throw CodecError.malformed("tRNS chunk at offset \(chunk.offset) comes after IDAT") }
                guard header.colorType != 3 || palette != nil else {
                    throw CodecError.malformed("tRNS chunk at offset \(chunk.offset) comes before PLTE")
                }
                if !header.hasAlphaChannel { transparency = chunk.data }
            case "IDAT":
                guard !seenIDAT || previousType == "IDAT" else {
                    throw CodecError.malformed("IDAT chunk at offset \(chunk.offset) is separated from the earlier IDAT chunks by \(previousType)")
                }
                guard header.colorType != 3 || palette != nil else {
                    throw CodecError.malformed("colour type 3 (indexed) needs a PLTE chunk before IDAT; none found")
                }
                if !seenIDAT { animation?.beginDefaultImage() }
                imageData.append(chunk.data)
            case "acTL":
                // An acTL after IDAT does not make an APNG (the spec's rule, and what browsers do).
                if !seenIDAT {
                    guard !actlSeen else { throw CodecError.malformed("second acTL chunk at offset \(chunk.offset)") }
                    actlSeen = true
                    ignoredAnimation = try APNGFrameCollector.unusableReason(chunk)
                    if ignoredAnimation == nil {
                        var collector = try APNGFrameCollector(actl: chunk, header: header)
                        try limits.checkFrames(count: collector.declaredFrames, width: header.width, height: header.height)
                        for early in earlyControls { try collector.addFrameControl(early, beforeDefaultImage: true) }
                        animation = collector
                    }
                    earlyControls = []
                } else if lateACTLOffset == nil {
                    lateACTLOffset = chunk.offset
                }
            case "fcTL":
                if !actlSeen && !seenIDAT {
                    earlyControls.append(chunk)
                } else {
                    try animation?.addFrameControl(chunk, beforeDefaultImage: !seenIDAT)
                }
            case "fdAT":
                if animation != nil, !seenIDAT {
                    throw CodecError.malformed("fdAT chunk at offset \(chunk.offset) comes before IDAT")
                }
                try animation?.addFrameData(chunk)
            case "iCCP", "gAMA", "sRGB", "cHRM":
                if !seenIDAT { colorChunks.append(chunk) }
            case "IEND":
                break
            default:
                if chunk.isCritical {
                    throw CodecError.malformed("unknown critical chunk \(chunk.type) at offset \(chunk.offset); a decoder must not skip it")
                }
            }
            previousType = chunk.type
        }
        guard !imageData.isEmpty else { throw CodecError.malformed("missing IDAT: the file has no image data") }
        try animation?.finish(defaultImage: imageData)
        self.header = header; self.palette = palette; self.transparency = transparency
        self.imageData = imageData; self.animation = animation; self.ignoredAnimation = ignoredAnimation
        self.lateACTLOffset = lateACTLOffset
        self.color = PNGColorInfoReader.colorInfo(from: colorChunks)
    }

    private static func checkPalette(_ chunk: PNGChunk, header: PNGHeader, seenIDAT: Bool, hasPalette: Bool) throws {
        guard !hasPalette else { throw CodecError.malformed("second PLTE chunk at offset \(chunk.offset)") }
        guard !seenIDAT else { throw CodecError.malformed("PLTE chunk at offset \(chunk.offset) comes after IDAT") }
        guard header.colorType != 0 && header.colorType != 4 else {
            throw CodecError.malformed("PLTE chunk is not allowed with colour type \(header.colorType) (grayscale)")
        }
        let count = chunk.data.count
        guard count % 3 == 0, count >= 3, count <= 768 else {
            throw CodecError.malformed("PLTE chunk has \(count) bytes; it must hold 1 to 256 RGB entries (a multiple of 3 bytes)")
        }
    }

    /// The palette's entry count, when there is one.
    var paletteSize: Int? { palette.map { $0.count / 3 } }
}
