/// One displayed frame as a compositing decoder (PNG/APNG, GIF) draws it, lent while the canvas
/// holds it: one decode loop serves both the whole decode (`KeptFrames`) and the frame-at-a-time
/// visit (`lend(to:)`).
struct ShownFrame {
    /// The frame's position, from 0, and the number of frames the file holds.
    let index: Int, count: Int
    /// The canvas as displayed for this frame (the compositor's own buffer: keep a copy, not it).
    let image: PixelBuffer
    /// How long it shows, exactly as stored.
    let delay: FrameDelay
    /// The frame as stored; nil for a still.
    let raw: RawFrameInfo?

    /// The frame lent to `visit` straight from the canvas.
    func lend(to visit: (FrameVisit) throws -> Void) throws {
        try FrameVisit.lend(image, index: index, of: count, to: visit)
    }
}

/// The frames a compositing decoder showed, kept for a `DecodedImage`.
struct KeptFrames {
    private var frames: [Frame] = []

    /// Keeps `shown` (a copy of the canvas is made when the compositor next draws).
    mutating func keep(_ shown: ShownFrame) {
        if frames.isEmpty { frames.reserveCapacity(shown.count) }
        frames.append(Frame(image: shown.image, delay: shown.delay, raw: shown.raw))
    }

    /// The decoded image: the frames kept with the rest of what the decode found.
    func image(_ summary: DecodedSummary) -> DecodedImage {
        DecodedImage(width: summary.width, height: summary.height, frames: frames,
                     loopCount: summary.loopCount, facts: summary.facts)
    }
}

/// A decoder that composites frames onto a canvas (PNG/APNG, GIF) and shows each in turn: its one
/// decode loop gives both the whole decode and the frame-at-a-time one.
protocol CompositingDecoder {
    /// Lends `show` every displayed frame in order; returns the rest of what the file says.
    func decode(_ bytes: [UInt8], show: (ShownFrame) throws -> Void) throws -> DecodedSummary
}

extension CompositingDecoder {
    /// Every frame kept, as `DecodedImage`.
    func decodeKeepingFrames(_ bytes: [UInt8]) throws -> DecodedImage {
        var kept = KeptFrames()
        let summary = try decode(bytes) { kept.keep($0) }
        return kept.image(summary)
    }

    /// The same frames lent to `visit` one at a time from the compositor's canvas, so memory stays
    /// one frame whatever the length.
    /// - Throws: as the decode, and whatever `visit` throws (which ends the decode).
    func visitFrames(_ bytes: [UInt8], _ visit: (FrameVisit) throws -> Void) throws -> DecodedSummary {
        try decode(bytes) { try $0.lend(to: visit) }
    }
}
