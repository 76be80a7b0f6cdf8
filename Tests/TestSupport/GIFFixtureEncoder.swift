import ImageCodec

/// One image of a test GIF: its rectangle, colour indices and the fields of its control block.
public struct GIFFixtureFrame: Sendable {
    /// Left edge on the logical screen.
    public var left: Int
    /// Top edge on the logical screen.
    public var top: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Colour indices, row-major, in display order (the encoder interlaces them when asked).
    public var indices: [UInt8]
    /// A local colour table (alpha ignored), or nil to use the global one.
    public var localPalette: [RGBA]?
    /// Whether to store the rows interlaced.
    public var interlaced: Bool
    /// Delay in centiseconds; nil with disposal 0 and no transparency writes no control block.
    public var delayCentiseconds: Int?
    /// Disposal method as stored (0-7).
    public var disposal: Int
    /// The transparent colour index, if any.
    public var transparentIndex: Int?

    /// A frame; every field but the rectangle and the indices has a neutral default.
    public init(left: Int = 0, top: Int = 0, width: Int, height: Int, indices: [UInt8],
                localPalette: [RGBA]? = nil, interlaced: Bool = false, delayCentiseconds: Int? = nil,
                disposal: Int = 0, transparentIndex: Int? = nil) {
        self.left = left; self.top = top; self.width = width; self.height = height
        self.indices = indices; self.localPalette = localPalette; self.interlaced = interlaced
        self.delayCentiseconds = delayCentiseconds; self.disposal = disposal
        self.transparentIndex = transparentIndex
    }
}

/// Writes small GIF89a files byte by byte, so tests know exactly what the decoder was given.
///
/// The LZW stream is "uncompressed": every pixel is its own code and a clear code is sent before
/// the dictionary would grow past the first code width, so no decoder ever widens its codes.
public struct GIFFixtureEncoder: Sendable {
    /// Logical screen width (written as is, so tests can declare absurd sizes).
    public var width: Int
    /// Logical screen height.
    public var height: Int
    /// The global colour table (alpha ignored), or nil for none.
    public var globalPalette: [RGBA]?
    /// The NETSCAPE2.0 loop count, or nil to write no NETSCAPE block.
    public var loopCount: Int?
    /// The images in order.
    public var frames: [GIFFixtureFrame]

    /// An encoder for the given screen, table, loop count and frames.
    public init(width: Int, height: Int, globalPalette: [RGBA]?, loopCount: Int? = nil,
                frames: [GIFFixtureFrame]) {
        self.width = width; self.height = height; self.globalPalette = globalPalette
        self.loopCount = loopCount; self.frames = frames
    }

    /// The complete file, trailer included.
    public func encode() -> [UInt8] {
        var out = Array("GIF89a".utf8)
        appendU16(&out, width); appendU16(&out, height)
        if let table = globalPalette {
            let bits = Self.tableBits(table.count)
            out += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
            out += Self.tableBytes(table, bits: bits)
        } else {
            out += [0x70, 0, 0]
        }
        if let loops = loopCount {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(loops & 0xFF), UInt8(loops >> 8), 0]
        }
        for frame in frames { appendFrame(&out, frame) }
        out.append(0x3B)
        return out
    }

    private func appendFrame(_ out: inout [UInt8], _ frame: GIFFixtureFrame) {
        if frame.delayCentiseconds != nil || frame.disposal != 0 || frame.transparentIndex != nil {
            let packed = UInt8(frame.disposal & 7) << 2 | (frame.transparentIndex == nil ? 0 : 1)
            let delay = frame.delayCentiseconds ?? 0
            out += [0x21, 0xF9, 4, packed, UInt8(delay & 0xFF), UInt8(delay >> 8),
                    UInt8(frame.transparentIndex ?? 0), 0]
        }
        out.append(0x2C)
        appendU16(&out, frame.left); appendU16(&out, frame.top)
        appendU16(&out, frame.width); appendU16(&out, frame.height)
        var packed: UInt8 = frame.interlaced ? 0x40 : 0
        let tableCount = frame.localPalette?.count ?? globalPalette?.count ?? 2
        if let table = frame.localPalette {
            let bits = Self.tableBits(table.count)
            packed |= 0x80 | UInt8(bits - 1)
            out.append(packed)
            out += Self.tableBytes(table, bits: bits)
        } else {
            out.append(packed)
        }
        let rows = frame.interlaced ? Self.interlacedRowOrder(frame.height) : Array(0..<frame.height)
        var ordered: [UInt8] = []
        for row in rows { ordered += frame.indices[row * frame.width..<(row + 1) * frame.width] }
        let minCodeSize = max(2, Self.tableBits(tableCount))
        out.append(UInt8(minCodeSize))
        let data = Self.lzw(ordered, minCodeSize: minCodeSize)
        var at = 0
        while at < data.count {
            let n = min(255, data.count - at)
            out.append(UInt8(n)); out += data[at..<at + n]; at += n
        }
        out.append(0)
    }

    /// Rows in the order an interlaced GIF stores them (every 8th from 0, every 8th from 4, ...).
    public static func interlacedRowOrder(_ height: Int) -> [Int] {
        Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }

    /// One code per pixel at width minCodeSize+1, with a clear code every 2^n - 2 pixels.
    static func lzw(_ pixels: [UInt8], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, end = clear + 1, width = minCodeSize + 1
        let run = (1 << minCodeSize) - 2
        var codes: [Int] = []
        for (i, pixel) in pixels.enumerated() {
            if i % run == 0 { codes.append(clear) }
            codes.append(Int(pixel))
        }
        if pixels.isEmpty { codes.append(clear) }
        codes.append(end)
        var bytes: [UInt8] = []
        var accumulator = 0, bits = 0
        for code in codes {
            accumulator |= code << bits; bits += width
            while bits >= 8 { bytes.append(UInt8(accumulator & 0xFF)); accumulator >>= 8; bits -= 8 }
        }
        if bits > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }

    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while (1 << bits) < count { bits += 1 }
        return bits
    }

    static func tableBytes(_ table: [RGBA], bits: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<(1 << bits) {
            let c = i < table.count ? table[i] : RGBA(0, 0, 0)
            bytes += [c.r, c.g, c.b]
        }
        return bytes
    }

    private func appendU16(_ out: inout [UInt8], _ value: Int) {
        out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
    }
}
