/// Straight-alpha RGBA to 8-bit I420 (Y'CbCr 4:2:0), BT.601 limited range, the pictures the VP9
/// encoder takes; and the alpha channel as a picture of its own (alpha in Y, neutral chroma),
/// which is how WebM carries alpha (a second VP9 stream, read back as the luma plane).
///
/// Coefficients are libyuv's 8-bit BT.601 ones (Y = 16 + (66 R + 129 G + 25 B + 128) >> 8...), the
/// inverse of what our decoder and browsers apply. Chroma is the alpha-weighted mean of each 2x2
/// block's visible pixels, so colour hidden under transparent pixels (often black) does not bleed
/// into the visible edge; a fully transparent block takes the plain mean. Planes are padded to
/// even sides by repeating the last row and column, so the encoder never reads past them.
struct RGBAToI420Converter {
    /// Picture size (the padded planes are `paddedWidth` x `paddedHeight`).
    let width: Int, height: Int

    var paddedWidth: Int { (width + 1) & ~1 }
    var paddedHeight: Int { (height + 1) & ~1 }
    var chromaWidth: Int { paddedWidth / 2 }
    var chromaHeight: Int { paddedHeight / 2 }
    /// Bytes of one planar picture: Y, then Cb, then Cr.
    var pictureByteCount: Int { paddedWidth * paddedHeight + 2 * chromaWidth * chromaHeight }

    /// The colour picture of `image`.
    func color(_ image: PixelBuffer) -> [UInt8] {
        let (pw, ph, cw, ch) = (paddedWidth, paddedHeight, chromaWidth, chromaHeight)
        var out = [UInt8](repeating: 0, count: pictureByteCount)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // Pixel index with the edge repeated into the padding.
                @inline(__always) func at(_ x: Int, _ y: Int) -> Int { (min(y, height - 1) * width + min(x, width - 1)) * 4 }
                for y in 0..<ph {
                    for x in 0..<pw {
                        let i = at(x, y)
                        let r = Int(src[i]), g = Int(src[i + 1]), b = Int(src[i + 2])
                        dst[y * pw + x] = UInt8(16 + ((66 * r + 129 * g + 25 * b + 128) >> 8))
                    }
                }
                let uBase = pw * ph, vBase = uBase + cw * ch
                for cy in 0..<ch {
                    for cx in 0..<cw {
                        var sum = (r: 0, g: 0, b: 0, a: 0), plain = (r: 0, g: 0, b: 0)
                        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                            let i = at(cx * 2 + dx, cy * 2 + dy)
                            let a = Int(src[i + 3])
                            sum.r += Int(src[i]) * a; sum.g += Int(src[i + 1]) * a; sum.b += Int(src[i + 2]) * a; sum.a += a
                            plain.r += Int(src[i]); plain.g += Int(src[i + 1]); plain.b += Int(src[i + 2])
                        }
                        let (r, g, b) = sum.a > 0
                            ? ((sum.r + sum.a / 2) / sum.a, (sum.g + sum.a / 2) / sum.a, (sum.b + sum.a / 2) / sum.a)
                            : ((plain.r + 2) / 4, (plain.g + 2) / 4, (plain.b + 2) / 4)
                        dst[uBase + cy * cw + cx] = UInt8(128 + ((-38 * r - 74 * g + 112 * b + 128) >> 8))
                        dst[vBase + cy * cw + cx] = UInt8(128 + ((112 * r - 94 * g - 18 * b + 128) >> 8))
                    }
                }
            }
        }
        return out
    }

    /// The alpha picture of `image`: Y is the alpha, Cb and Cr are 128.
    func alpha(_ image: PixelBuffer) -> [UInt8] {
        let (pw, ph) = (paddedWidth, paddedHeight)
        var out = [UInt8](repeating: 128, count: pictureByteCount)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<ph {
                    let row = min(y, height - 1) * width
                    for x in 0..<pw { dst[y * pw + x] = src[(row + min(x, width - 1)) * 4 + 3] }
                }
            }
        }
        return out
    }
}
