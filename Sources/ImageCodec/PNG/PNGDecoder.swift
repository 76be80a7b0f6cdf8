/// Decodes PNG and APNG into the common model.
///
/// The chunk structure is read and validated in Swift (signature, lengths, CRCs, IHDR, chunk
/// order, every APNG rule) and the limits are checked before any pixel memory exists; pixels
/// come from libpng through the C shim, one standalone stream per frame; APNG frames are
/// composited onto the canvas with `FrameCompositor`.
public struct PNGDecoder: CompositingDecoder, Sendable {
    /// The limits every decode respects.
    public var limits: DecodeLimits
    /// Whether libdeflate inflates the image data (`PNGPixelDecoder.inflateWithLibdeflate`); false
    /// in tests that hold the faster path to libpng's own.
    var inflateWithLibdeflate = true

    /// A decoder with the given limits.
    public init(limits: DecodeLimits = .default) { self.limits = limits }

    /// Decodes a PNG or APNG file held in memory.
    /// - Throws: `CodecError`: `.truncated` / `.malformed` for structural faults, `.limitExceeded`
    ///   before allocating, `.corruptData` for bad compressed data, `.library` for libpng failures.
    public func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        try decodeKeepingFrames(bytes)
    }

    /// The decode both paths share (`CompositingDecoder`): lends `show` every displayed frame in
    /// order; returns the rest.
    func decode(_ bytes: [UInt8], show: (ShownFrame) throws -> Void) throws -> DecodedSummary {
        try limits.checkFileSize(bytes.count)
        let structure = try PNGStructure(reading: bytes, limits: limits)
        let header = structure.header
        let pixels = PNGPixelDecoder(limits: limits, sixteenBit: header.bitDepth == 16,
                                     inflateWithLibdeflate: inflateWithLibdeflate)
        let defaultStream = PNGStreamBuilder.stream(for: structure, width: header.width,
                                                    height: header.height, data: structure.imageData)
        let facts = facts(structure, fileSize: bytes.count)
        guard let animation = structure.animation else {
            let image = try pixels.decode(defaultStream, width: header.width, height: header.height)
            try show(ShownFrame(index: 0, count: 1, image: image, delay: .zero, raw: nil))
            return DecodedSummary(width: header.width, height: header.height, delays: [.zero], loopCount: 0, facts: facts)
        }
        if animation.defaultImageRole == .hidden {
            // Not shown by APNG viewers, but still decoded: a corrupt fallback image is a broken file.
            _ = try pixels.decode(defaultStream, width: header.width, height: header.height)
        }
        try composite(animation, structure: structure, pixels: pixels, show: show)
        return DecodedSummary(width: header.width, height: header.height, delays: animation.frames.map(\.control.delay),
                              loopCount: animation.plays, facts: facts)
    }

    /// Decodes every stored frame and draws it as the APNG specification says.
    private func composite(_ animation: APNGFrameCollector, structure: PNGStructure, pixels: PNGPixelDecoder,
                           show: (ShownFrame) throws -> Void) throws {
        var compositor = FrameCompositor(width: structure.header.width, height: structure.header.height)
        let count = animation.frames.count
        for (index, stored) in animation.frames.enumerated() {
            let control = stored.control
            let stream = PNGStreamBuilder.stream(for: structure, width: control.region.width,
                                                 height: control.region.height, data: stored.data)
            let image: PixelBuffer
            do {
                image = try pixels.decode(stream, width: control.region.width, height: control.region.height)
            } catch CodecError.corruptData(let message) {
                throw CodecError.corruptData("frame \(index): \(message)")
            }
            // The APNG spec: dispose "previous" on the first frame is treated as "background".
            let dispose: DisposeOp = (index == 0 && control.dispose == .previous) ? .background : control.dispose
            try compositor.render(image, atX: control.region.x, y: control.region.y, blend: control.blend, dispose: dispose) {
                try show(ShownFrame(index: index, count: count, image: $0, delay: control.delay, raw: control.rawInfo))
            }
        }
    }

    /// What the file says about itself.
    private func facts(_ structure: PNGStructure, fileSize: Int) -> SourceFacts {
        let header = structure.header
        let transparency: TransparencyKind = header.hasAlphaChannel ? .alphaChannel
            : (structure.transparency != nil ? .tRNS : .none)
        let animation = structure.animation
        var facts = SourceFacts(format: animation == nil ? .png : .apng, bitDepth: header.bitDepth,
                           colorModel: header.colorModel, paletteSize: structure.paletteSize,
                           transparency: transparency, interlaced: header.interlaced,
                           color: structure.color, defaultImage: animation?.defaultImageRole,
                           frameCount: animation?.declaredFrames ?? 1,
                           declaredLoopCount: animation?.plays,
                           rawFrames: animation?.frames.map { $0.control.rawInfo } ?? [],
                           fileSize: fileSize, ignoredAnimation: structure.ignoredAnimation)
        facts.lateACTLOffset = structure.lateACTLOffset
        return facts
    }
}
