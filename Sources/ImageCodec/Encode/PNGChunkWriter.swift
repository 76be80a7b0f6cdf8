/// Builds a PNG byte stream chunk by chunk: length, type, data, CRC-32 over type and data.
struct PNGChunkWriter {
    /// The file so far, starting with the PNG signature.
    private(set) var bytes: [UInt8] = FormatSniffer.pngSignature

    /// An empty file: the signature only.
    init() {}

    /// Appends one chunk. `type` is four ASCII letters.
    mutating func append(_ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        bytes.append(contentsOf: Self.bigEndian(UInt32(data.count)))
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: Self.bigEndian(CRC32.checksum(typeBytes + data)))
    }

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
