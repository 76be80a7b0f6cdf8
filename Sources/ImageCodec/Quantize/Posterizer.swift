/// Fewer levels per colour channel, no palette: the lossy step between exact truecolour and a
/// 256-colour palette. Each red, green and blue value is rounded to the nearest of 2^bits evenly
/// spaced levels (alpha is kept exactly, so edges and transparency are untouched). Smooth gradients
/// keep far more distinct colours than any palette allows, so they band less, while the fewer
/// distinct values and smaller filter residuals deflate better than the exact file. The mapping is
/// per pixel, so still areas stay identical from frame to frame.
public struct Posterizer: Sendable, Equatable {
    /// Bits per colour channel, 1...8 (8 leaves the image unchanged).
    public let bits: Int
    private let table: [UInt8]

    /// A posterizer to `bits` per channel.
    /// - Throws: `CodecError.invalidInput` outside 1...8.
    public init(bits: Int) throws {
        guard (1...8).contains(bits) else {
            throw CodecError.invalidInput("bits per channel must be between 1 and 8, got \(bits)")
        }
        self.bits = bits
        let levels = (1 << bits) - 1
        table = (0..<256).map { v in
            let level = (v * levels * 2 + 255) / 510   // round(v * levels / 255)
            return UInt8((level * 255 * 2 + levels) / (levels * 2))   // round(level * 255 / levels)
        }
    }

    /// `image` with every colour channel rounded to the nearest level; alpha unchanged.
    public func apply(_ image: PixelBuffer) -> PixelBuffer {
        var out = image
        table.withUnsafeBufferPointer { t in
            out.pixels.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < p.count {
                    p[i] = t[Int(p[i])]; p[i + 1] = t[Int(p[i + 1])]; p[i + 2] = t[Int(p[i + 2])]
                    i += 4
                }
            }
        }
        return out
    }
}
