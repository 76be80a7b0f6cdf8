/// Decodes GIF87a/GIF89a through giflib into composited RGBA frames.
///
/// giflib de-interlaces but does not composite; disposal is done here the way browsers do it:
/// 0 and 1 leave the frame, 2 clears its rectangle to transparent (not to the background colour),
/// 3 restores the rectangle. Reserved disposal values 4-7 are treated as 0. A first frame reaching
/// past the logical screen grows the canvas, as in Chromium.
struct GIFDecoder: CompositingDecoder {
    /// Limits checked before giflib or the compositor allocates.
    var limits: DecodeLimits

    /// Decodes every frame of a GIF file.
    /// - Throws: `CodecError.limitExceeded` before allocation; giflib's faults as `.truncated`,
    ///   `.corruptData` or `.library` naming the frame; `.malformed` for a file with no image.
    func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        try decodeKeepingFrames(bytes)
    }

    /// The decode both paths share (`CompositingDecoder`): lends `show` every displayed frame in
    /// order; returns the rest.
    func decode(_ bytes: [UInt8], show: (ShownFrame) throws -> Void) throws -> DecodedSummary {
        guard let screen = GIFStructureScanner.screenSize(bytes) else {
            throw CodecError.truncated("GIF ends inside its header (\(bytes.count) bytes, need 13)")
        }
        try limits.checkCanvas(width: screen.width, height: screen.height)
        let layout = GIFStructureScanner.scan(bytes)
        let scanned = Self.canvas(screenWidth: screen.width, screenHeight: screen.height, firstFrame: layout.frameRegions.first)
        try Self.checkNotEmpty(width: scanned.width, height: scanned.height)
        try checkFrames(layout.frameRegions, screenWidth: scanned.width, screenHeight: scanned.height)
        try limits.checkCanvas(width: scanned.width, height: scanned.height)
        try Self.checkCodeSizes(layout.lzwCodeSizes)

        let contents = try GIFFileHandle(bytes: bytes).contents()
        guard !contents.frames.isEmpty else { throw CodecError.malformed("GIF contains no image") }
        let canvas = Self.canvas(screenWidth: contents.screenWidth, screenHeight: contents.screenHeight,
                                 firstFrame: contents.frames.first?.region)
        try Self.checkNotEmpty(width: canvas.width, height: canvas.height)
        // giflib read what the scan counted; checked again so the compositor never trusts the scan alone.
        try checkFrames(contents.frames.map(\.region), screenWidth: canvas.width, screenHeight: canvas.height)
        try limits.checkCanvas(width: canvas.width, height: canvas.height)

        var compositor = FrameCompositor(width: canvas.width, height: canvas.height)
        var raws: [RawFrameInfo] = []
        raws.reserveCapacity(contents.frames.count)
        for (index, stored) in contents.frames.enumerated() {
            let raw = RawFrameInfo(region: stored.region, dispose: Self.dispose(stored.control.disposal),
                                   blend: .over)
            try compositor.render(Self.rgba(stored), atX: raw.region.x, y: raw.region.y, blend: .over, dispose: raw.dispose) {
                try show(ShownFrame(index: index, count: contents.frames.count, image: $0,
                                    delay: .centiseconds(stored.control.delayCentiseconds), raw: raw))
            }
            raws.append(raw)
        }
        let facts = Self.facts(contents, rawFrames: raws, fileSize: bytes.count)
        return DecodedSummary(width: canvas.width, height: canvas.height,
                              delays: contents.frames.map { .centiseconds($0.control.delayCentiseconds) },
                              loopCount: Self.plays(netscapeLoopCount: contents.loopCount), facts: facts)
    }

    /// The canvas browsers draw on: the logical screen grown to hold the first frame, which may
    /// reach past it (Chromium's Wuffs decoder does this, measured with ImageDecoder); later
    /// frames are clipped to that canvas.
    static func canvas(screenWidth: Int, screenHeight: Int, firstFrame: PixelRegion?) -> (width: Int, height: Int) {
        guard let first = firstFrame else { return (screenWidth, screenHeight) }
        return (max(screenWidth, first.x + first.width), max(screenHeight, first.y + first.height))
    }

    /// Plays as browsers show them: the NETSCAPE2.0 count is repetitions after the first play
    /// (Chromium bug 592735, Mozilla bug 1255497), 0 is forever, and no block at all plays once.
    static func plays(netscapeLoopCount: Int?) -> Int {
        guard let repetitions = netscapeLoopCount else { return 1 }
        return repetitions == 0 ? 0 : repetitions + 1
    }

    /// Refuses oversized frames and too many frames before anything is allocated for them.
    private func checkFrames(_ regions: [PixelRegion], screenWidth: Int, screenHeight: Int) throws {
        for (index, region) in regions.enumerated()
        where region.width > limits.maxDimension || region.height > limits.maxDimension {
            throw CodecError.limitExceeded(what: "frame \(index + 1) of \(region.width)x\(region.height) px",
                                           limit: "\(limits.maxDimension) px a side")
        }
        try limits.checkFrames(count: regions.count, width: screenWidth, height: screenHeight)
        // giflib keeps every frame's raster at the frame's own size, which may exceed the screen.
        let stored = regions.reduce(0) { $0 + $1.width * $1.height }
        if stored > limits.maxTotalPixels {
            throw CodecError.limitExceeded(what: "\(regions.count) frames storing \(stored) pixels",
                                           limit: "\(limits.maxTotalPixels) pixels in all frames")
        }
    }

    /// A canvas with no pixels is something nothing downstream can show or re-encode (found by
    /// fuzzing the round trip). A zero-sized logical screen alone no longer leads here: the first
    /// frame grows the canvas, as in Chromium; a screen with no frame inside it still does.
    static func checkNotEmpty(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw CodecError.malformed("GIF logical screen is \(width)x\(height) px; both sides must be at least 1 px")
        }
    }

    /// giflib reports a code size over 8 as a failed read ("truncated"); sizes 0 and 1 cannot hold
    /// GIF's clear and end codes beside the colours, and Chromium refuses them too.
    static func checkCodeSizes(_ sizes: [Int]) throws {
        for (index, size) in sizes.enumerated() where !(2...8).contains(size) {
            throw CodecError.malformed("GIF frame \(index + 1): LZW minimum code size \(size) is invalid (must be 2-8)")
        }
    }

    /// The browser reading of a GIF disposal method.
    static func dispose(_ method: Int) -> DisposeOp {
        switch method {
        case 2: return .background
        case 3: return .previous
        default: return .none
        }
    }

    /// The frame's own pixels: its colours, with the transparent index as transparent black. An
    /// index past the end of the table, or any index of a frame with no table at all, is opaque
    /// black: GIF89a leaves the colours to the decoder, and Chromium draws them so.
    static func rgba(_ frame: GIFStoredFrame) -> PixelBuffer {
        var lookup = [RGBA](repeating: RGBA(0, 0, 0), count: 256)
        for (index, colour) in frame.palette.prefix(256).enumerated() { lookup[index] = colour }
        if let transparent = frame.control.transparentIndex, transparent < 256 { lookup[transparent] = .clear }
        var out = [UInt8](repeating: 0, count: frame.indices.count * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for (i, index) in frame.indices.enumerated() {
                let c = lookup[Int(index)]
                dst[i * 4] = c.r; dst[i * 4 + 1] = c.g; dst[i * 4 + 2] = c.b; dst[i * 4 + 3] = c.a
            }
        }
        return PixelBuffer(width: frame.region.width, height: frame.region.height, pixels: out)
    }

    private static func facts(_ contents: GIFContents, rawFrames: [RawFrameInfo], fileSize: Int) -> SourceFacts {
        let firstLocal = contents.frames.first { $0.hasLocalPalette }
        let paletteSize = contents.globalPalette?.count ?? firstLocal?.palette.count
        let bits = contents.globalPalette?.bits ?? firstLocal?.paletteBits ?? contents.colorResolution
        let transparent = contents.frames.contains { $0.control.transparentIndex != nil }
        let untabled = contents.frames.indices.filter { contents.frames[$0].palette.isEmpty }
        return SourceFacts(
            format: .gif, bitDepth: bits, colorModel: .indexed, paletteSize: paletteSize,
            transparency: transparent ? .gifTransparentIndex : .none,
            interlaced: contents.frames.contains { $0.interlaced },
            frameCount: contents.frames.count, declaredLoopCount: contents.loopCount,
            rawFrames: rawFrames, fileSize: fileSize,
            framesWithoutColorTable: untabled.isEmpty ? nil : untabled)
    }
}
