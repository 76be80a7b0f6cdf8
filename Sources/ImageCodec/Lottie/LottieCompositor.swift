/// Composites the frames of `LottiePassPlan` passes as lottie-web's svg renderer draws them in
/// Chromium: source-over in premultiplied colour, track mattes as SVG masks (alpha: the matte's
/// alpha; alpha inverted: one minus it; luma: the matte's luminance, 0.2125 R + 0.7154 G + 0.0721 B
/// of its sRGB colour, times its alpha) and the Fill effect as its colour matrix (colour replaced,
/// alpha times the effect's opacity). Frames are straight RGBA, as the helper sends them.
enum LottieCompositor {
    /// `top` drawn over `bottom`, frame by frame.
    static func over(_ top: [PixelBuffer], _ bottom: [PixelBuffer]) -> [PixelBuffer] {
        zip(top, bottom).map { t, b in
            combine(t, b) { tp, bp, out in
                let ta = Float(tp[3]) / 255, ba = Float(bp[3]) / 255
                let a = ta + ba * (1 - ta)
                guard a > 0 else { out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0; return }
                for c in 0..<3 { out[c] = quantize((Float(tp[c]) * ta + Float(bp[c]) * ba * (1 - ta)) / a) }
                out[3] = quantize(a * 255)
            }
        }
    }

    /// `content` masked by `matte` as track matte `mode` (1 alpha, 2 alpha inverted, 3 luma).
    static func matte(_ content: [PixelBuffer], by matte: [PixelBuffer], mode: Int) -> [PixelBuffer] {
        zip(content, matte).map { c, m in
            combine(c, m) { cp, mp, out in
                let ma = Float(mp[3]) / 255
                let factor: Float
                switch mode {
                case 2: factor = 1 - ma
                case 3: factor = (0.2125 * Float(mp[0]) + 0.7154 * Float(mp[1]) + 0.0721 * Float(mp[2])) / 255 * ma
                default: factor = ma
                }
                let a = quantize(Float(cp[3]) * factor)
                if a == 0 { out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0; return }
                out[0] = cp[0]; out[1] = cp[1]; out[2] = cp[2]; out[3] = a
            }
        }
    }

    /// lottie-web's Fill effect on `frames`. The opacity multiplies alpha unclamped, as lottie-web's
    /// colour matrix does: After Effects exports it in percent (100), so any coverage becomes opaque.
    static func fill(_ frames: [PixelBuffer], color: [Double], opacity: Double) -> [PixelBuffer] {
        let rgb = color.prefix(3).map { quantize(Float(min(max($0, 0), 1)) * 255) }
        let scale = Float(max(opacity, 0))
        return frames.map { frame in
            combine(frame, frame) { p, _, out in
                let a = quantize(Float(p[3]) * scale)
                if a == 0 { out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0; return }
                out[0] = rgb[0]; out[1] = rgb[1]; out[2] = rgb[2]; out[3] = a
            }
        }
    }

    private static func quantize(_ v: Float) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }

    /// A new frame of `a`'s size, each pixel computed from `a`'s and `b`'s pixels at the same place.
    private static func combine(_ a: PixelBuffer, _ b: PixelBuffer,
                                _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> Void) -> PixelBuffer {
        let count = a.pixels.count
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, n in
            a.pixels.withUnsafeBufferPointer { pa in
                b.pixels.withUnsafeBufferPointer { pb in
                    var i = 0
                    while i + 4 <= count {
                        body(UnsafeBufferPointer(rebasing: pa[i..<i + 4]), UnsafeBufferPointer(rebasing: pb[i..<i + 4]),
                             UnsafeMutableBufferPointer(rebasing: out[i..<i + 4]))
                        i += 4
                    }
                }
            }
            n = count
        }
        return PixelBuffer(width: a.width, height: a.height, pixels: pixels)
    }
}
