import StickerCore

/// Four RGBA pixels read as two words, to tell at once the blocks whose alphas are all 255 or all
/// 0 (the bulk of most frames: opaque artwork, clear surroundings) from those that need a look
/// pixel by pixel. The frame scans that read every pixel's alpha go four pixels at a time this way.
enum AlphaBlock {
    /// What the four alphas of a block are.
    enum Kind { case opaque, clear, mixed }

    /// Pixels in a block.
    static let pixels = 4

    /// The alpha bytes of two RGBA pixels in a little-endian word.
    private static let alphaBytes: UInt64 = 0xFF00_0000_FF00_0000

    /// The kind of the four pixels (16 bytes) of `pixels` from byte `offset`, which needs no alignment.
    @inline(__always)
    static func kind(of pixels: UnsafeRawBufferPointer, at offset: Int) -> Kind {
        let low = UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & alphaBytes
        let high = UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)) & alphaBytes
        if low == alphaBytes && high == alphaBytes { return .opaque }
        return low | high == 0 ? .clear : .mixed
    }
}
