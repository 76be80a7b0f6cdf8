/// One chunk of a PNG stream whose length and CRC have been verified.
struct PNGChunk: Sendable {
    /// The four-letter chunk type ("IHDR", "fcTL").
    let type: String
    /// The chunk's data, without length, type and CRC.
    let data: ArraySlice<UInt8>
    /// Byte offset of the chunk's length field in the file, for messages.
    let offset: Int

    /// Critical chunks have an upper-case first letter; a decoder must understand every one.
    var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }

    /// A big-endian unsigned 32-bit field at `at` bytes into the data, widened to Int.
    func uint32(at: Int) -> Int {
        let i = data.startIndex + at
        return Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
    }

    /// A big-endian unsigned 16-bit field at `at` bytes into the data.
    func uint16(at: Int) -> Int {
        let i = data.startIndex + at
        return Int(data[i]) << 8 | Int(data[i + 1])
    }

    /// The byte at `at` bytes into the data.
    func byte(at: Int) -> Int { Int(data[data.startIndex + at]) }

    /// Throws unless the chunk holds exactly `count` bytes (fixed-size chunks: IHDR, acTL, fcTL...).
    func requireLength(_ count: Int) throws {
        guard data.count == count else {
            throw CodecError.malformed("\(type) chunk at offset \(offset) has \(data.count) bytes, expected \(count)")
        }
    }
}
