import CZlib
import ImageCodec
import XCTest

/// An independent, strict reader for the encoder's output, so round trips can be checked before
/// the project's PNG decoder is merged: it recomputes every CRC with its own table, checks APNG
/// sequence numbers, inflates with zlib, unfilters, expands every colour type and composites
/// the frames with `FrameCompositor`.
struct EncodedPNGReader {
    struct Chunk { var type: String; var data: [UInt8] }
    struct FrameControl { var sequence: Int; var region: PixelRegion; var delayNum: Int; var delayDen: Int
        var dispose: DisposeOp; var blend: BlendOp }

    var chunks: [Chunk] = []
    var width = 0, height = 0, bitDepth = 0, colorType = 0
    var palette: [RGBA] = []
    var trns: [UInt8]?
    var frameControls: [FrameControl] = []
    var numPlays: Int?
    /// Displayed frames (one for a still).
    var frames: [PixelBuffer] = []

    init(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        guard Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw CodecError.malformed("no PNG signature")
        }
        var offset = 8
        while offset < bytes.count {
            let length = Int(Self.u32(bytes, offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = Array(bytes[offset + 8..<offset + 8 + length])
            let stored = Self.u32(bytes, offset + 8 + length)
            guard stored == Self.crc32(Array(bytes[offset + 4..<offset + 8 + length])) else {
                throw CodecError.malformed("bad CRC in \(type) at \(offset)")
            }
            chunks.append(Chunk(type: type, data: data))
            offset += 12 + length
        }
        guard chunks.last?.type == "IEND", chunks.first?.type == "IHDR" else { throw CodecError.malformed("IHDR/IEND") }
        let ihdr = chunks[0].data
        width = Int(Self.u32(ihdr, 0)); height = Int(Self.u32(ihdr, 4)); bitDepth = Int(ihdr[8]); colorType = Int(ihdr[9])
        try parseFrames()
    }

    private mutating func parseFrames() throws {
        var expectedSequence = 0
        var pending: FrameControl?
        var data: [UInt8] = []
        var stored: [(FrameControl?, [UInt8])] = []
        for chunk in chunks {
            switch chunk.type {
            case "PLTE": palette = stride(from: 0, to: chunk.data.count, by: 3).map { RGBA(chunk.data[$0], chunk.data[$0 + 1], chunk.data[$0 + 2]) }
            case "tRNS": trns = chunk.data
            case "acTL": numPlays = Int(Self.u32(chunk.data, 4))
            case "fcTL":
                if let pending { stored.append((pending, data)); data = [] }
                let d = chunk.data
                guard Int(Self.u32(d, 0)) == expectedSequence else { throw CodecError.malformed("fcTL sequence") }
                expectedSequence += 1
                let control = FrameControl(sequence: Int(Self.u32(d, 0)),
                                       region: PixelRegion(x: Int(Self.u32(d, 12)), y: Int(Self.u32(d, 16)),
                                                           width: Int(Self.u32(d, 4)), height: Int(Self.u32(d, 8))),
                                       delayNum: Int(d[20]) << 8 | Int(d[21]), delayDen: Int(d[22]) << 8 | Int(d[23]),
                                       dispose: [DisposeOp.none, .background, .previous][Int(d[24])],
                                       blend: d[25] == 0 ? .source : .over)
                pending = control
                frameControls.append(control)
            case "IDAT": data += chunk.data
            case "fdAT":
                guard Int(Self.u32(chunk.data, 0)) == expectedSequence else { throw CodecError.malformed("fdAT sequence") }
                expectedSequence += 1
                data += chunk.data[4...]
            default: break
            }
        }
        stored.append((pending, data))
        var compositor = FrameCompositor(width: width, height: height)
        for (control, zdata) in stored {
            let region = control?.region ?? PixelRegion(x: 0, y: 0, width: width, height: height)
            let pixels = try expand(inflate(zdata, width: region.width, height: region.height),
                                    width: region.width, height: region.height)
            if let control {
                frames.append(compositor.render(pixels, atX: region.x, y: region.y, blend: control.blend, dispose: control.dispose))
            } else {
                frames.append(pixels)
            }
        }
    }

    private var bitsPerPixel: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType, default: 4] * bitDepth }

    /// Inflated and unfiltered rows.
    private func inflate(_ z: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let rowBytes = (width * bitsPerPixel + 7) / 8, unit = max(1, bitsPerPixel / 8)
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var size = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            z.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong(z.count)) }
        }
        guard status == Z_OK, Int(size) == raw.count else { throw CodecError.corruptData("inflate \(status) \(size)") }
        var rows = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let type = raw[y * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = Int(raw[y * (rowBytes + 1) + 1 + i])
                let a = i >= unit ? Int(rows[y * rowBytes + i - unit]) : 0
                let b = y > 0 ? Int(rows[(y - 1) * rowBytes + i]) : 0
                let c = i >= unit && y > 0 ? Int(rows[(y - 1) * rowBytes + i - unit]) : 0
                let p = a + b - c
                let paeth = abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c) ? a : (abs(p - b) <= abs(p - c) ? b : c)
                let predictor = [0, a, b, (a + b) / 2, paeth][Int(type)]
                rows[y * rowBytes + i] = UInt8((x + predictor) & 0xFF)
            }
        }
        return rows
    }

    /// RGBA pixels for unfiltered rows, tRNS applied.
    private func expand(_ rows: [UInt8], width: Int, height: Int) throws -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height)
        let rowBytes = (width * bitsPerPixel + 7) / 8
        for y in 0..<height {
            for x in 0..<width {
                let base = y * rowBytes
                func sample(_ index: Int) -> Int {
                    let bit = index * bitDepth
                    return Int(rows[base + bit / 8]) >> (8 - bitDepth - bit % 8) & ((1 << bitDepth) - 1)
                }
                var px: RGBA
                switch colorType {
                case 0:
                    let s = sample(x), v = UInt8(s * 255 / ((1 << bitDepth) - 1))
                    px = RGBA(v, v, v, trns.map { Int($0[1]) == s } == true ? 0 : 255)
                case 2:
                    let i = base + x * 3
                    px = RGBA(rows[i], rows[i + 1], rows[i + 2])
                    if let t = trns, [t[1], t[3], t[5]] == [px.r, px.g, px.b] { px.a = 0 }
                case 3:
                    let s = sample(x)
                    guard s < palette.count else { throw CodecError.malformed("index \(s) outside palette") }
                    px = palette[s]
                    if let t = trns, s < t.count { px.a = t[s] }
                case 4: px = RGBA(rows[base + x * 2], rows[base + x * 2], rows[base + x * 2], rows[base + x * 2 + 1])
                default: px = RGBA(rows[base + x * 4], rows[base + x * 4 + 1], rows[base + x * 4 + 2], rows[base + x * 4 + 3])
                }
                out[x, y] = px
            }
        }
        return out
    }

    static func u32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }

    /// CRC-32 (ISO 3309) with its own table, independent of zlib's crc32 the encoder uses.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        let table: [UInt32] = (0..<256).map { n -> UInt32 in
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            return c
        }
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
