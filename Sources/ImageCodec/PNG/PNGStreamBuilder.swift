/// Writes a minimal standalone PNG stream (IHDR, PLTE, tRNS, one IDAT, IEND) for one image or
/// APNG frame, so libpng only ever sees chunks this decoder has already validated.
struct PNGStreamBuilder: Sendable {
    private(set) var bytes: [UInt8] = FormatSniffer.pngSignature

    /// A stream for a `width` x `height` image in `structure`'s pixel format holding `data`.
    static func stream(for structure: PNGStructure, width: Int, height: Int,
                       data: [ArraySlice<UInt8>]) -> [UInt8] {
        var builder = PNGStreamBuilder()
        builder.append("IHDR", structure.header.ihdrData(width: width, height: height)[...])
        if let palette = structure.palette { builder.append("PLTE", palette) }
        if let transparency = structure.transparency { builder.append("tRNS", transparency) }
        builder.append("IDAT", data)
        builder.append("IEND", [][...])
        return builder.bytes
    }

    /// Appends one chunk whose data is `parts` concatenated (IDAT/fdAT runs become one IDAT).
    mutating func append(_ type: String, _ parts: [ArraySlice<UInt8>]) {
        let length = parts.reduce(0) { $0 + $1.count }
        bytes.reserveCapacity(bytes.count + length + 12)
        bytes += [UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
                  UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)]
        let typeStart = bytes.count
        bytes += Array(type.utf8)
        for part in parts { bytes += part }
        let crc = PNGChunkReader.crc(of: bytes, from: typeStart, to: bytes.count)
        bytes += [UInt8(truncatingIfNeeded: crc >> 24), UInt8(truncatingIfNeeded: crc >> 16),
                  UInt8(truncatingIfNeeded: crc >> 8), UInt8(truncatingIfNeeded: crc)]
    }

    /// Appends one chunk.
    mutating func append(_ type: String, _ data: ArraySlice<UInt8>) { append(type, [data]) }
}
