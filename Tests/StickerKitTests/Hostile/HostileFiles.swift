import Foundation
import ImageCodec
import TestSupport

/// Small files that declare far more than they hold: every one is a few hundred bytes on disk and
/// would need gigabytes (or minutes) if a decoder believed it.
enum HostileFiles {
    /// A PNG whose header declares `width`x`height` RGBA pixels, with one tiny IDAT.
    static func pngCanvas(width: UInt32, height: UInt32) -> [UInt8] {
        PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: width, height: height)),
                             PNGChunkSpec("IDAT", PNGChunkWriter.deflate([0, 0, 0, 0, 0])),
                             PNGChunkSpec("IEND", [])])
    }

    /// A 16x16 PNG whose single IDAT inflates to `inflatedBytes` (all zeros): the image needs
    /// 16 x (1 + 64) = 1,040 bytes, the rest is a decompression bomb riding along.
    static func pngInflateBomb(inflatedBytes: Int) -> [UInt8] {
        PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 16, height: 16)),
                             PNGChunkSpec("IDAT", PNGChunkWriter.deflate([UInt8](repeating: 0, count: inflatedBytes))),
                             PNGChunkSpec("IEND", [])])
    }

    /// An APNG whose acTL declares `frames` frames of a `side`x`side` canvas; only one frame is
    /// stored, and its IDAT holds a single row (the limits must refuse before any pixel is inflated).
    static func apngFrames(_ frames: UInt32, side: UInt32) -> [UInt8] {
        let image = PixelBuffer(width: Int(side), height: 1, fill: RGBA(1, 2, 3, 255))
        let fcTL = PNGChunkWriter.be32(0) + PNGChunkWriter.be32(side) + PNGChunkWriter.be32(side)
            + PNGChunkWriter.be32(0) + PNGChunkWriter.be32(0) + PNGChunkWriter.be16(1) + PNGChunkWriter.be16(10) + [0, 0]
        return PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: side, height: side)),
                                    PNGChunkSpec("acTL", PNGChunkWriter.be32(frames) + PNGChunkWriter.be32(0)),
                                    PNGChunkSpec("fcTL", fcTL),
                                    PNGChunkSpec("IDAT", PNGChunkWriter.imageData(image)),
                                    PNGChunkSpec("IEND", [])])
    }

    /// A 1x1 GIF with `frames` one-pixel frames (about 20 bytes each).
    static func gifFrames(_ frames: Int) -> [UInt8] {
        let frame = GIFFixtureFrame(width: 1, height: 1, indices: [1], delayCentiseconds: 2)
        return GIFFixtureEncoder(width: 1, height: 1, globalPalette: [RGBA(0, 0, 0), RGBA(255, 0, 0)],
                                 loopCount: 0, frames: Array(repeating: frame, count: frames)).encode()
    }

    /// A JPEG header declaring a `width`x`height` greyscale baseline image and no scan data: enough
    /// for libjpeg's header read, which is where the limits are checked.
    static func jpegCanvas(width: UInt16, height: UInt16) -> [UInt8] {
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08] + PNGChunkWriter.be16(height) + PNGChunkWriter.be16(width)
            + [0x01, 0x01, 0x11, 0x00]
        let dqt: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        return [0xFF, 0xD8] + dqt + sof + sos + [0x00, 0xFF, 0xD9]
    }

    /// A sparse file of `bytes` bytes that starts with a PNG signature: it costs no disk space, and
    /// a reader that read it whole would hold all of it in memory.
    static func writeSparsePNG(at path: String, bytes: Int) throws {
        try Data(PNGChunkWriter.signature).write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
    }
}
