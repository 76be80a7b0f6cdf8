import ImageCodec

/// Frames for fitting tests, shared by the encoding and build tests.
package enum FitFixtures {
    /// Frames of smooth colour with some noise: too many colours for a palette, so lossless is big.
    package static func frames(count: Int = 4, side: Int = 32, delay: FrameDelay = .fps(12)) -> [AnimationFrame] {
        (0..<count).map { f in
            var image = PixelBuffer(width: side, height: side)
            var s = UInt32(f * 7919 + 1)
            for y in 0..<side { for x in 0..<side {
                s ^= s << 13; s ^= s >> 17; s ^= s << 5
                let n = Int(s & 15)
                let alpha: UInt8 = x < 2 ? 0 : (x < 5 ? 128 : 255)
                image[x, y] = RGBA(UInt8((x * 5 + f * 9 + n) & 255), UInt8((y * 5 + n) & 255),
                                   UInt8((x + y + f * 20) & 255), alpha)
            } }
            return AnimationFrame(image: image, delay: delay)
        }
    }
}
