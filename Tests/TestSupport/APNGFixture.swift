import ImageCodec

/// Builds exact 8-bit RGBA APNGs for tests. `chunks()` returns the chunk list so a test can
/// break one field (a sequence number, a count, a region) before writing it with `PNGChunkWriter`.
public struct APNGFixture: Sendable {
    /// One stored frame: its pixels (the region's size), where they go and the ops, as raw numbers
    /// so tests can also write invalid values.
    public struct FrameSpec: Sendable {
        /// The stored pixels; their size is the fcTL region's size.
        public var image: PixelBuffer
        /// fcTL x_offset and y_offset.
        public var x: UInt32, y: UInt32
        /// fcTL delay_num and delay_den (0 means 100).
        public var delayNumerator: UInt16, delayDenominator: UInt16
        /// fcTL dispose_op and blend_op, unchecked so tests can write invalid values.
        public var dispose: UInt8, blend: UInt8
        /// A frame; dispose 0 none / 1 background / 2 previous, blend 0 source / 1 over.
        public init(_ image: PixelBuffer, x: UInt32 = 0, y: UInt32 = 0, delay: (UInt16, UInt16) = (1, 10),
                    dispose: UInt8 = 0, blend: UInt8 = 0) {
            self.image = image; self.x = x; self.y = y
            delayNumerator = delay.0; delayDenominator = delay.1
            self.dispose = dispose; self.blend = blend
        }
    }

    /// Canvas size.
    public var width: Int, height: Int
    /// acTL num_plays.
    public var plays: UInt32
    /// The animation's frames; the first uses IDAT unless `hiddenDefault` is set.
    public var frames: [FrameSpec]
    /// A default image shown only by non-APNG viewers (IDAT without fcTL).
    public var hiddenDefault: PixelBuffer?

    /// A fixture.
    public init(width: Int, height: Int, plays: UInt32 = 0, frames: [FrameSpec], hiddenDefault: PixelBuffer? = nil) {
        self.width = width; self.height = height; self.plays = plays
        self.frames = frames; self.hiddenDefault = hiddenDefault
    }

    /// The chunk list: IHDR, acTL, then fcTL/IDAT or IDAT/fcTL/fdAT..., IEND, with sequence numbers
    /// counted from 0 over fcTL and fdAT.
    public func chunks() -> [PNGChunkSpec] {
        typealias W = PNGChunkWriter
        var out = [PNGChunkSpec("IHDR", W.ihdr(width: UInt32(width), height: UInt32(height))),
                   PNGChunkSpec("acTL", W.be32(UInt32(frames.count)) + W.be32(plays))]
        var sequence: UInt32 = 0
        if let hiddenDefault { out.append(PNGChunkSpec("IDAT", W.imageData(hiddenDefault))) }
        for (index, frame) in frames.enumerated() {
            let control = W.be32(sequence) + W.be32(UInt32(frame.image.width)) + W.be32(UInt32(frame.image.height))
                + W.be32(frame.x) + W.be32(frame.y) + W.be16(frame.delayNumerator) + W.be16(frame.delayDenominator)
                + [frame.dispose, frame.blend]
            out.append(PNGChunkSpec("fcTL", control))
            sequence += 1
            if index == 0 && hiddenDefault == nil {
                out.append(PNGChunkSpec("IDAT", W.imageData(frame.image)))
            } else {
                out.append(PNGChunkSpec("fdAT", W.be32(sequence) + W.imageData(frame.image)))
                sequence += 1
            }
        }
        out.append(PNGChunkSpec("IEND", []))
        return out
    }

    /// The complete file.
    public func bytes() -> [UInt8] { PNGChunkWriter.file(chunks()) }
}
