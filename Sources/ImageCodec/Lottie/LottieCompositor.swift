/// Composites the frames of `LottiePassPlan` passes as lottie-web's svg renderer draws them in
/// Chromium: source-over in premultiplied colour, track mattes as SVG masks (alpha: the matte's
/// alpha; alpha inverted: one minus it; luma: the matte's luminance, 0.2125 R + 0.7154 G + 0.0721 B
/// of its sRGB colour, times its alpha) and the Fill effect as its colour matrix (colour replaced,
/// alpha times the effect's opacity). Frames are straight RGBA, as the helper sends them.
enum LottieCompositor {
    /// `top` drawn over `bottom`, frame by frame.
    static func over(_ top: [PixelBuffer], _ bottom: [PixelBuffer]) -> [PixelBuffer] {
        zip(top, bottom).map { t, b in
            map(t, b) { tp, bp, out, i in
                let ta = Float(tp[i + 3]) * (1 / 255), ba = Float(bp[i + 3]) * (1 / 255)
                if ta == 1 || ba == 0 { for c in 0..<4 { out[i + c] = tp[i + c] }; return }
                if ta == 0 { for c in 0..<4 { out[i + c] = bp[i + c] }; return }
                let below = ba * (1 - ta), a = ta + below
                for c in 0..<3 { out[i + c] = quantize((Float(tp[i + c]) * ta + Float(bp[i + c]) * below) / a) }
                out[i + 3] = quantize(a * 255)
            }
        }
    }

    /// `content` masked by `matte` as track matte `mode` (1 alpha, 2 alpha inverted, 3 luma).
    static func matte(_ content: [PixelBuffer], by matte: [PixelBuffer], mode: Int) -> [PixelBuffer] {
        zip(content, matte).map { c, m in
            map(c, m) { cp, mp, out, i in
                let ma = Float(mp[i + 3]) * (1 / 255)
                let factor: Float
                switch mode {
                case 2: factor = 1 - ma
                case 3: factor = (0.2125 * Float(mp[i]) + 0.7154 * Float(mp[i + 1]) + 0.0721 * Float(mp[i + 2])) * (1 / 255) * ma
                default: factor = ma
                }
                let a = quantize(Float(cp[i + 3]) * factor)
                if a == 0 { for c in 0..<4 { out[i + c] = 0 }; return }
                out[i] = cp[i]; out[i + 1] = cp[i + 1]; out[i + 2] = cp[i + 2]; out[i + 3] = a
            }
        }
    }

    /// lottie-web's Fill effect on `frames`. The opacity multiplies alpha unclamped, as lottie-web's
    /// colour matrix does: After Effects exports it in percent (100), so any coverage becomes opaque.
    static func fill(_ frames: [PixelBuffer], color: [Double], opacity: Double) -> [PixelBuffer] {
        let rgb = color.prefix(3).map { quantize(Float(min(max($0, 0), 1)) * 255) }
        let scale = Float(max(opacity, 0))
        return frames.map { frame in
            map(frame, frame) { p, _, out, i in
                let a = quantize(Float(p[i + 3]) * scale)
                if a == 0 { for c in 0..<4 { out[i + c] = 0 }; return }
                out[i] = rgb[0]; out[i + 1] = rgb[1]; out[i + 2] = rgb[2]; out[i + 3] = a
            }
        }
    }

    private static func quantize(_ v: Float) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }

    /// A new frame of `a`'s size: `pixel` writes the pixel at byte offset i from `a`'s and `b`'s.
    @inline(__always)
    private static func map(_ a: PixelBuffer, _ b: PixelBuffer,
                            _ pixel: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>, Int) -> Void) -> PixelBuffer {
        let count = min(a.pixels.count, b.pixels.count)
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, n in
            a.pixels.withUnsafeBufferPointer { pa in
                b.pixels.withUnsafeBufferPointer { pb in
                    for i in stride(from: 0, to: count - 3, by: 4) { pixel(pa, pb, out, i) }
                }
            }
            n = count
        }
        return PixelBuffer(width: a.width, height: a.height, pixels: pixels)
    }
}
