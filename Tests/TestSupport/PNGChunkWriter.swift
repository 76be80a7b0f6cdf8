import CZlib
import ImageCodec

/// One raw chunk for a test stream: any type and any data, so tests can write broken files too.
public struct PNGChunkSpec: Equatable, Sendable {
    /// Four ASCII letters (or anything, for corrupt-type tests).
    public var type: String
    /// The chunk's data.
    public var data: [UInt8]
    /// A chunk.
    public init(_ type: String, _ data: [UInt8]) { self.type = type; self.data = data }
}

/// Writes raw PNG chunk streams with correct lengths and CRCs (zlib's crc32), and the pieces
/// tests need to build them: big-endian fields, IHDR, RGBA scanlines and zlib compression.
public enum PNGChunkWriter {
    /// The PNG signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The signature followed by every chunk.
    public static func file(_ chunks: [PNGChunkSpec]) -> [UInt8] {
        chunks.reduce(signature) { $0 + chunk($1.type, $1.data) }
    }

    /// One serialised chunk: length, type, data, CRC over type and data.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return be32(UInt32(data.count)) + typeAndData + be32(crc)
    }

    /// A big-endian 32-bit field.
    public static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A big-endian 16-bit field.
    public static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// IHDR data.
    public static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6,
                            interlace: UInt8 = 0) -> [UInt8] {
        be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlace]
    }

    /// Unfiltered scanlines (filter byte 0 per row) of an 8-bit RGBA image.
    public static func scanlines(_ image: PixelBuffer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.height * (image.width * 4 + 1))
        for y in 0..<image.height {
            out.append(0)
            out += image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
        }
        return out
    }

    /// zlib-compresses `bytes` (compress2, level 6).
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { dst in
            bytes.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &length, src.baseAddress, uLong(src.count), 6)
            }
        }
        precondition(status == Z_OK, "compress2 failed with \(status) in a test fixture")
        return Array(out.prefix(Int(length)))
    }

    /// The compressed RGBA scanlines of `image`: the data of an IDAT or fdAT.
    public static func imageData(_ image: PixelBuffer) -> [UInt8] { deflate(scanlines(image)) }

    /// A complete still 8-bit RGBA PNG.
    public static func stillPNG(_ image: PixelBuffer) -> [UInt8] {
        file([PNGChunkSpec("IHDR", ihdr(width: UInt32(image.width), height: UInt32(image.height))),
              PNGChunkSpec("IDAT", imageData(image)),
              PNGChunkSpec("IEND", [])])
    }
}
