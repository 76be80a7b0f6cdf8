import CZlib

/// Splits a PNG stream into verified chunks, one at a time: signature, lengths that stay inside
/// the file, chunk types made of letters, and a matching CRC on every chunk. Reading stops at IEND;
/// bytes after it are ignored, as every viewer ignores them. Reading lazily lets the caller check
/// the limits as soon as IHDR and acTL are known.
struct PNGChunkReader: Sendable {
    /// PNG caps a chunk's length at 2^31 - 1 bytes.
    static let maxChunkLength = Int(Int32.max)

    private let bytes: [UInt8]
    private var offset = 8
    private var count = 0
    private var finished = false

    /// A reader positioned after the signature, which it checks.
    init(_ bytes: [UInt8]) throws {
        try Self.checkSignature(bytes)
        self.bytes = bytes
    }

    /// The next chunk, or nil once IEND has been read.
    mutating func next() throws -> PNGChunk? {
        guard !finished else { return nil }
        guard offset < bytes.count else {
            throw CodecError.truncated(count == 0
                ? "the file ends after the PNG signature, before any chunk"
                : "no IEND chunk: the file ends at offset \(offset) after \(count) chunks")
        }
        guard bytes.count - offset >= 8 else {
            throw CodecError.truncated("chunk header at offset \(offset) needs 8 bytes, only \(bytes.count - offset) remain")
        }
        let chunk = try Self.readChunk(bytes, at: offset)
        offset += 12 + chunk.data.count
        count += 1
        finished = chunk.type == "IEND"
        return chunk
    }

    private static func checkSignature(_ bytes: [UInt8]) throws {
        let signature = FormatSniffer.pngSignature
        guard bytes.count >= signature.count else {
            throw CodecError.truncated("\(bytes.count) bytes is shorter than the 8-byte PNG signature")
        }
        guard Array(bytes[0..<8]) == signature else {
            let found = bytes[0..<8].map { String($0, radix: 16) }.joined(separator: " ")
            throw CodecError.malformed("bad PNG signature: found bytes \(found), expected 89 50 4e 47 d a 1a a")
        }
    }

    private static func readChunk(_ bytes: [UInt8], at offset: Int) throws -> PNGChunk {
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16
            | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let typeBytes = bytes[offset + 4..<offset + 8]
        guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            let hex = typeBytes.map { String($0, radix: 16) }.joined(separator: " ")
            throw CodecError.malformed("chunk at offset \(offset) has an invalid type (bytes \(hex)); the chunk stream is corrupt")
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= maxChunkLength else {
            throw CodecError.malformed("\(type) chunk at offset \(offset) declares \(length) bytes, over PNG's 2^31-1 limit")
        }
        let available = bytes.count - offset - 12
        guard length <= available else {
            throw CodecError.truncated("\(type) chunk at offset \(offset) declares \(length) data bytes, only \(max(0, available)) remain before its CRC")
        }
        let dataStart = offset + 8, crcStart = dataStart + length
        let stored = UInt32(bytes[crcStart]) << 24 | UInt32(bytes[crcStart + 1]) << 16
            | UInt32(bytes[crcStart + 2]) << 8 | UInt32(bytes[crcStart + 3])
        let computed = crc(of: bytes, from: offset + 4, to: crcStart)
        guard stored == computed else {
            throw CodecError.malformed("\(type) chunk at offset \(offset) fails its CRC check "
                + "(stored \(hex8(stored)), computed \(hex8(computed)))")
        }
        return PNGChunk(type: type, data: bytes[dataStart..<crcStart], offset: offset)
    }

    private static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// zlib's CRC-32 over `bytes[from..<to]` (chunk type and data).
    static func crc(of bytes: [UInt8], from: Int, to: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer -> UInt32 in
            guard let base = buffer.baseAddress, to > from else { return UInt32(crc32(0, nil, 0)) }
            return UInt32(crc32(0, base + from, uInt(to - from)))
        }
    }
}
