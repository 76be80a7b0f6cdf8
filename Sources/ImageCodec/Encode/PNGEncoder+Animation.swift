extension PNGEncoder {
    /// `encodeAnimation(_:loopCount:)` with what was decided.
    public func encodeAnimationWithReport(_ frames: [AnimationFrame], loopCount: Int) throws -> EncodeReport {
        let images = try Self.validated(frames, loopCount: loopCount)
        let merged = Self.mergingIdentical(images, delays: frames.map(\.delay))
        let delays = try merged.map { try DelayFraction($0.delay) }
        let plan = ColorPlan.choose(for: merged.map(\.image), animated: merged.count > 1)
        let compressor = FrameCompressor(plan: plan, profile: options.profile)
        var planned = try AnimationPlanner(compressor: compressor).plan(merged)
        let fallback = !AnimationVerifier.shows(merged.map(\.image), planned, plan: plan)
        if fallback {
            planned = AnimationVerifier.safePlan(merged)
            guard AnimationVerifier.shows(merged.map(\.image), planned, plan: plan) else {
                throw CodecError.invalidInput("internal: even the safe frame plan does not reproduce the frames")
            }
        }
        let streams = try compressor.compressAll(planned.map(\.pixels))
        let bytes = Self.assemble(planned, streams: streams, delays: delays, loopCount: loopCount, plan: plan)
        return EncodeReport(bytes: bytes, colorType: plan.colorType, bitDepth: plan.bitDepth,
                            paletteCount: plan.colorType == .palette ? plan.palette.count : nil,
                            hasTransparencyChunk: plan.trnsData != nil, inputFrameCount: frames.count,
                            frames: planned.map { RawFrameInfo(region: $0.region, dispose: $0.dispose, blend: $0.blend) },
                            approximatedDelayCount: delays.filter { !$0.isExact }.count,
                            usedSafeFallback: fallback)
    }

    /// Normalized frame images, after checking everything the writer needs.
    private static func validated(_ frames: [AnimationFrame], loopCount: Int) throws -> [PixelBuffer] {
        guard let first = frames.first else {
            throw CodecError.invalidInput("an animation needs at least one frame; got none")
        }
        try checkSize(width: first.image.width, height: first.image.height, what: "frame 0")
        for (index, frame) in frames.enumerated()
        where frame.image.width != first.image.width || frame.image.height != first.image.height {
            throw CodecError.invalidInput("frame \(index) is \(frame.image.width)x\(frame.image.height) px but "
                + "frame 0 is \(first.image.width)x\(first.image.height) px; all frames must share one canvas size")
        }
        guard (0...Int(UInt32.max)).contains(loopCount) else {
            throw CodecError.invalidInput("loop count \(loopCount) is outside 0...4294967295 (0 = forever)")
        }
        return try Parallel.map(frames.count) { frames[$0].image.normalizedTransparent() }
    }

    /// Consecutive identical frames become one frame showing for the sum of their delays.
    static func mergingIdentical(_ images: [PixelBuffer], delays: [FrameDelay]) -> [(image: PixelBuffer, delay: FrameDelay)] {
        var out: [(image: PixelBuffer, delay: FrameDelay)] = []
        for (image, delay) in zip(images, delays) {
            if let last = out.last, last.image == image {
                out[out.count - 1].delay = last.delay + delay
            } else {
                out.append((image, delay.reduced()))
            }
        }
        return out
    }

    /// The file: IHDR, PLTE/tRNS, acTL (before the first IDAT, as APNG requires), then per frame
    /// fcTL and IDAT (frame 0) or fdAT, then IEND.
    /// fcTL and fdAT share one sequence counter from 0.
    private static func assemble(_ frames: [PlannedFrame], streams: [[UInt8]], delays: [DelayFraction],
                                 loopCount: Int, plan: ColorPlan) -> [UInt8] {
        // Signature, IHDR, PLTE and tRNS (at most 780 bytes of data), acTL, each frame's fcTL (26
        // bytes), its stream's IDAT or fdAT (with the sequence number), IEND.
        let chunks = 8 + 3 * PNGChunkWriter.size(ofChunkWith: 780) + PNGChunkWriter.size(ofChunkWith: 8)
            + streams.reduce(0) { $0 + PNGChunkWriter.size(ofChunkWith: 26) + PNGChunkWriter.size(ofChunkWith: 4 + $1.count) }
            + PNGChunkWriter.size(ofChunkWith: 0)
        var writer = PNGChunkWriter(capacity: chunks)
        let canvas = frames[0].region
        writer.appendHeader(width: canvas.width, height: canvas.height, plan: plan)
        writer.append("acTL", PNGChunkWriter.bigEndian(UInt32(frames.count)) + PNGChunkWriter.bigEndian(UInt32(loopCount)))
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let r = frame.region
            var fctl = PNGChunkWriter.bigEndian(sequence)
            for v in [r.width, r.height, r.x, r.y] { fctl += PNGChunkWriter.bigEndian(UInt32(v)) }
            fctl += PNGChunkWriter.bigEndian(delays[index].numerator) + PNGChunkWriter.bigEndian(delays[index].denominator)
            fctl += [disposeCode(frame.dispose), frame.blend == .over ? 1 : 0]
            writer.append("fcTL", fctl)
            sequence += 1
            if index == 0 {
                writer.append("IDAT", streams[index])
            } else {
                writer.append("fdAT", streams[index], after: PNGChunkWriter.bigEndian(sequence))
                sequence += 1
            }
        }
        writer.append("IEND", [])
        return writer.bytes
    }

    private static func disposeCode(_ op: DisposeOp) -> UInt8 {
        switch op {
        case .none: return 0
        case .background: return 1
        case .previous: return 2
        }
    }
}
