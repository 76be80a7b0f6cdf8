/// Fewer levels per colour channel, no palette: the lossy step between exact truecolour and a
/// 256-colour palette. Each red, green and blue value is rounded to the nearest of 2^bits evenly
/// spaced levels, with its own bit count per channel (alpha is kept exactly, so edges and
/// transparency are untouched). Smooth gradients keep far more distinct colours than any palette
/// allows, so they band less, while the fewer distinct values and smaller filter residuals deflate
/// better than the exact file. The mapping is per pixel, so still areas stay identical from frame to
/// frame. Green carries most of the lightness the eye (and a luma metric) sees, so keeping a bit
/// more of it than of red and blue (as RGB565 does) buys more quality per byte than equal counts.
public struct Posterizer: Sendable, Equatable {
    /// Bits kept per colour channel, red, green and blue, each 1...8 (8 leaves the channel unchanged).
    public let channelBits: [Int]
    private let tables: [[UInt8]]

    /// A posterizer to `bits` per channel for all three channels.
    /// - Throws: `CodecError.invalidInput` outside 1...8.
    public init(bits: Int) throws {
        try self.init(red: bits, green: bits, blue: bits)
    }

    /// A posterizer with its own bit count for each colour channel.
    /// - Throws: `CodecError.invalidInput` when a count is outside 1...8.
    public init(red: Int, green: Int, blue: Int) throws {
        let bits = [red, green, blue]
        for b in bits where !(1...8).contains(b) {
            throw CodecError.invalidInput("bits per channel must be between 1 and 8, got \(b)")
        }
        channelBits = bits
        tables = bits.map(Self.table)
    }

    /// The most bits any colour channel keeps.
    public var bits: Int { channelBits.max() ?? 8 }

    /// Channel value -> the nearest of 2^bits evenly spaced levels, for every value.
    private static func table(_ bits: Int) -> [UInt8] {
        let levels = (1 << bits) - 1
        return (0..<256).map { v in
            let level = (v * levels * 2 + 255) / 510   // round(v * levels / 255)
            return UInt8((level * 255 * 2 + levels) / (levels * 2))   // round(level * 255 / levels)
        }
    }

    /// `image` with every colour channel rounded to the nearest level; alpha unchanged.
    public func apply(_ image: PixelBuffer) -> PixelBuffer {
        var out = image
        tables[0].withUnsafeBufferPointer { r in
            tables[1].withUnsafeBufferPointer { g in
                tables[2].withUnsafeBufferPointer { b in
                    out.pixels.withUnsafeMutableBufferPointer { p in
                        var i = 0
                        while i < p.count {
                            p[i] = r[Int(p[i])]; p[i + 1] = g[Int(p[i + 1])]; p[i + 2] = b[Int(p[i + 2])]
                            i += 4
                        }
                    }
                }
            }
        }
        return out
    }
}
