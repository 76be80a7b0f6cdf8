import ImageCodec

/// Deterministic pseudo-random numbers (SplitMix64) so "random" test images are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Small synthetic images, one per colour type the encoder should pick.
enum EncoderTestImages {
    /// `w` x `h` pixels from `pick(x, y, rng)`.
    static func make(_ w: Int, _ h: Int, seed: UInt64 = 1, _ pick: (Int, Int, inout SeededGenerator) -> RGBA) -> PixelBuffer {
        var rng = SeededGenerator(seed: seed)
        var image = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { image[x, y] = pick(x, y, &rng) } }
        return image
    }

    /// Black and white squares: 1-bit grey.
    static func checker(_ w: Int, _ h: Int) -> PixelBuffer {
        make(w, h) { x, y, _ in (x / 3 + y / 3) % 2 == 0 ? RGBA(0, 0, 0) : RGBA(255, 255, 255) }
    }

    /// Random opaque greys: 8-bit grey.
    static func randomGray(_ w: Int, _ h: Int, seed: UInt64) -> PixelBuffer {
        make(w, h, seed: seed) { _, _, rng in let v = UInt8.random(in: 0...255, using: &rng); return RGBA(v, v, v) }
    }

    /// Random greys with random alpha (more than 256 values): grey + alpha.
    static func randomGrayAlpha(_ w: Int, _ h: Int, seed: UInt64) -> PixelBuffer {
        make(w, h, seed: seed) { _, _, rng in
            let v = UInt8.random(in: 0...255, using: &rng)
            return RGBA(v, v, v, UInt8.random(in: 0...255, using: &rng))
        }
    }

    /// Random picks from a few colours, some translucent or transparent: palette + tRNS.
    static func randomPalette(_ w: Int, _ h: Int, seed: UInt64, colors: [RGBA]) -> PixelBuffer {
        make(w, h, seed: seed) { _, _, rng in colors[Int.random(in: 0..<colors.count, using: &rng)] }
    }

    /// Random opaque colours with a transparent hole: RGB with a tRNS key.
    static func randomRGBWithHole(_ w: Int, _ h: Int, seed: UInt64) -> PixelBuffer {
        make(w, h, seed: seed) { x, y, rng in
            if x < 2 && y < 2 { return RGBA(9, 8, 7, 0) }   // colour under alpha 0 is not kept
            return RGBA(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                        UInt8.random(in: 0...255, using: &rng))
        }
    }

    /// Random RGBA.
    static func randomRGBA(_ w: Int, _ h: Int, seed: UInt64) -> PixelBuffer {
        make(w, h, seed: seed) { _, _, rng in
            RGBA(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                 UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
        }
    }

    /// A soft-edged disc (partial alpha edges) at (cx, cy) on a transparent canvas, with a gradient.
    static func softDisc(_ w: Int, _ h: Int, cx: Double, cy: Double, radius: Double) -> PixelBuffer {
        make(w, h) { x, y, _ in
            let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
            let coverage = max(0, min(1, radius + 0.5 - d))
            return RGBA(UInt8(200 - x * 3 % 100), UInt8(40 + y * 5 % 150), 90, UInt8((coverage * 255).rounded()))
        }
    }
}
