/// Converts libjpeg's CMYK output to straight RGBA.
///
/// Adobe applications write CMYK JPEGs inverted (0 = full ink) and mark them with an APP14 "Adobe"
/// segment; libjpeg passes the stored values through untouched. On inverted values the usual
/// formula is R = C * K / 255; on plain values it is R = (255 - C) * (255 - K) / 255.
enum CMYKConverter {
    /// RGBA bytes (alpha 255) from 4-byte CMYK samples.
    static func rgba(fromCMYK samples: UnsafeBufferPointer<UInt8>, adobeInverted: Bool) -> [UInt8] {
        let count = samples.count / 4
        var out = [UInt8](repeating: 255, count: count * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for i in 0..<count {
                let s = i * 4
                var c = Int(samples[s]), m = Int(samples[s + 1]), y = Int(samples[s + 2]), k = Int(samples[s + 3])
                if !adobeInverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                dst[s] = scale(c, k); dst[s + 1] = scale(m, k); dst[s + 2] = scale(y, k)
            }
        }
        return out
    }

    /// a * b / 255, rounded to nearest.
    @inline(__always)
    private static func scale(_ a: Int, _ b: Int) -> UInt8 {
        UInt8((a * b + 127) / 255)
    }
}
