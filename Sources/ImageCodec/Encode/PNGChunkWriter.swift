/// Builds a PNG byte stream chunk by chunk: length, type, data, CRC-32 over type and data.
struct PNGChunkWriter {
    /// The file so far, starting with the PNG signature.
    private(set) var bytes: [UInt8] = FormatSniffer.pngSignature

    /// An empty file: the signature only, with room for `capacity` bytes in all. A file of many
    /// frames grown by doubling held up to three times its size at the copy (a 90 MB lossless
    /// sizing encode of a 618 px video took 219 MB); the encoders reserve what the chunks will take.
    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends one chunk whose data is `prefix` followed by `data` (an fdAT's sequence number and
    /// its stream), without joining them first. `type` is four ASCII letters.
    mutating func append(_ type: String, _ data: [UInt8], after prefix: [UInt8] = []) {
        let typeBytes = Array(type.utf8)
        bytes.append(contentsOf: Self.bigEndian(UInt32(prefix.count + data.count)))
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: Self.bigEndian(CRC32.update(CRC32.update(CRC32.checksum(typeBytes), prefix), data)))
    }

    /// Bytes a chunk of `dataCount` bytes takes: length, type, data and CRC.
    static func size(ofChunkWith dataCount: Int) -> Int { 12 + dataCount }

    /// IHDR for a `width` x `height` image in `plan`'s format (deflate, adaptive filters, no
    /// interlace), then PLTE and tRNS when the plan has them.
    mutating func appendHeader(width: Int, height: Int, plan: ColorPlan) {
        append("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
               + [UInt8(plan.bitDepth), plan.colorType.rawValue, 0, 0, 0])
        if let plte = plan.plteData { append("PLTE", plte) }
        if let trns = plan.trnsData { append("tRNS", trns) }
    }

    /// Four bytes, most significant first.
    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// Two bytes, most significant first.
    static func bigEndian(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
