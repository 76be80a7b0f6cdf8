/// What one pass over every frame learns about the colours, enough to pick the smallest exact
/// PNG colour type for all frames together.
struct ColorStatistics: Sendable {
    /// Distinct RGBA values (transparent pixels counted as transparent black), while <= 256.
    var colors = ColorIndexMap()
    /// Pixels per colour, by the map's insertion index.
    var counts = [Int](repeating: 0, count: 256)
    /// More than 256 distinct values were seen.
    var tooManyColors = false
    /// Every visible pixel has R = G = B.
    var allGray = true
    /// Some pixel has 0 < alpha < 255.
    var anyPartialAlpha = false
    /// Some pixel has alpha 0.
    var anyTransparent = false
    /// Which grey values occur in opaque pixels.
    var grayUsed = [Bool](repeating: false, count: 256)

    /// Statistics over `images`, which must already be normalized (alpha 0 means transparent black).
    init(_ images: [PixelBuffer]) {
        for image in images { add(image) }
    }

    private mutating func add(_ image: PixelBuffer) {
        var lastWord: UInt32 = 0, lastIndex = -1
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                let r = p[i], g = p[i + 1], b = p[i + 2], a = p[i + 3]
                i += 4
                if a == 0 {
                    anyTransparent = true
                } else {
                    if a != 255 { anyPartialAlpha = true }
                    if r != g || g != b { allGray = false } else if a == 255 { grayUsed[Int(r)] = true }
                }
                if tooManyColors { continue }
                let word = packRGBA(r, g, b, a)
                if word == lastWord && lastIndex >= 0 { counts[lastIndex] += 1; continue }
                if !colors.insert(word) { tooManyColors = true; continue }
                lastWord = word
                lastIndex = colors.index(of: word) ?? 0
                counts[lastIndex] += 1
            }
        }
    }

    /// An RGB colour no opaque pixel of `images` uses, preferring black; nil when all 2^24 are used.
    static func unusedRGB(in images: [PixelBuffer]) -> RGBA? {
        var used = [UInt64](repeating: 0, count: (1 << 24) / 64)
        for image in images {
            image.pixels.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    if p[i + 3] != 0 {
                        let v = Int(p[i]) << 16 | Int(p[i + 1]) << 8 | Int(p[i + 2])
                        used[v >> 6] |= 1 << UInt64(v & 63)
                    }
                    i += 4
                }
            }
        }
        for (wordIndex, word) in used.enumerated() where word != .max {
            let v = wordIndex * 64 + (~word).trailingZeroBitCount
            return RGBA(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF), 255)
        }
        return nil
    }
}
