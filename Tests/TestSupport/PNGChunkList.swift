/// A PNG file's chunks in order, read without any codec: for tests that assert on the container
/// (colour type, tRNS, sRGB) rather than the pixels.
public struct PNGChunkList: Equatable, Sendable {
    /// Chunk types and data, in file order.
    public var chunks: [(type: String, data: [UInt8])]

    /// The chunks of `bytes`; empty when the signature is wrong; stops at a truncated chunk.
    public init(_ bytes: [UInt8]) {
        chunks = []
        guard bytes.count >= 8, Array(bytes[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { return }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard offset + 12 + length <= bytes.count else { return }
            chunks.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
    }

    /// The chunk types in order.
    public var types: [String] { chunks.map(\.type) }
    /// IHDR's bit depth, colour type and interlace method, nil without an IHDR.
    public var header: (bitDepth: UInt8, colorType: UInt8, interlace: UInt8)? {
        guard let ihdr = chunks.first(where: { $0.type == "IHDR" })?.data, ihdr.count == 13 else { return nil }
        return (ihdr[8], ihdr[9], ihdr[12])
    }

    public static func == (lhs: PNGChunkList, rhs: PNGChunkList) -> Bool {
        lhs.chunks.map(\.type) == rhs.chunks.map(\.type) && lhs.chunks.map(\.data) == rhs.chunks.map(\.data)
    }
}
