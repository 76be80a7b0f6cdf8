/// The validated contents of an IHDR chunk.
struct PNGHeader: Equatable, Sendable {
    /// Canvas width in pixels (1 to 2^31 - 1).
    let width: Int
    /// Canvas height in pixels (1 to 2^31 - 1).
    let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16 depending on the colour type.
    let bitDepth: Int
    /// PNG colour type: 0, 2, 3, 4 or 6.
    let colorType: Int
    /// Whether the image is Adam7-interlaced.
    let interlaced: Bool

    /// The bit depths PNG allows for each colour type.
    static let allowedDepths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8],
                                              4: [8, 16], 6: [8, 16]]

    /// Parses and validates IHDR; every field outside the PNG specification is an error.
    init(_ chunk: PNGChunk) throws {
        try chunk.requireLength(13)
        width = chunk.uint32(at: 0)
        height = chunk.uint32(at: 4)
        bitDepth = chunk.byte(at: 8)
        colorType = chunk.byte(at: 9)
        let compression = chunk.byte(at: 10), filter = chunk.byte(at: 11), interlace = chunk.byte(at: 12)
        interlaced = interlace == 1
        for (name, value) in [("width", width), ("height", height)] {
            guard value > 0 else { throw CodecError.malformed("IHDR \(name) is 0; a PNG needs at least one pixel") }
            guard value <= PNGChunkReader.maxChunkLength else {
                throw CodecError.malformed("IHDR \(name) \(value) is over PNG's 2^31-1 limit")
            }
        }
        guard let depths = Self.allowedDepths[colorType] else {
            throw CodecError.malformed("IHDR colour type \(colorType) is invalid (PNG allows 0, 2, 3, 4 and 6)")
        }
        guard depths.contains(bitDepth) else {
            let allowed = depths.map(String.init).joined(separator: ", ")
            throw CodecError.malformed("IHDR bit depth \(bitDepth) is invalid for colour type \(colorType) (allowed: \(allowed))")
        }
        guard compression == 0 else { throw CodecError.malformed("IHDR compression method \(compression) is invalid (only 0 exists)") }
        guard filter == 0 else { throw CodecError.malformed("IHDR filter method \(filter) is invalid (only 0 exists)") }
        guard interlace <= 1 else { throw CodecError.malformed("IHDR interlace method \(interlace) is invalid (0 or 1)") }
    }

    /// The colour model the colour type declares.
    var colorModel: ColorModel {
        switch colorType {
        case 0: return .grayscale
        case 2: return .rgb
        case 3: return .indexed
        case 4: return .grayscaleAlpha
        default: return .rgba
        }
    }

    /// Whether samples carry their own alpha (colour types 4 and 6).
    var hasAlphaChannel: Bool { colorType == 4 || colorType == 6 }

    /// The 13 IHDR data bytes for an image of this header's format at another size (APNG frames).
    func ihdrData(width frameWidth: Int, height frameHeight: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(13)
        for value in [frameWidth, frameHeight] {
            out += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                    UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }
        out += [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        return out
    }
}
