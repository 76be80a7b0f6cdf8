/// Converts libjpeg's CMYK output to straight RGBA.
///
/// Adobe applications write CMYK JPEGs inverted (0 = full ink) and mark them with an APP14 "Adobe"
/// segment; libjpeg passes the stored values through untouched. With an embedded CMYK ICC profile
/// the inks are converted by Little CMS 2 from that profile (`SRGBConverter`); without a usable one,
/// by the naive formula: on inverted values R = C * K / 255, on plain values
/// R = (255 - C) * (255 - K) / 255.
enum CMYKConverter {
    /// RGBA bytes (alpha 255) from 4-byte CMYK samples, and how they were converted.
    static func rgba(fromCMYK samples: UnsafeBufferPointer<UInt8>, adobeInverted: Bool,
                     profile: [UInt8]?) -> (pixels: [UInt8], conversion: CMYKConversion) {
        let reason: String
        if let profile {
            do {
                let pixels = try SRGBConverter().rgba(fromCMYK: samples, profile: profile, inverted: adobeInverted)
                return (pixels, CMYKConversion(method: .iccProfile, adobeInverted: adobeInverted))
            } catch CodecError.library(_, let message) {
                reason = message
            } catch {
                reason = "\(error)"
            }
        } else {
            reason = "no ICC profile is embedded"
        }
        return (naive(samples, adobeInverted: adobeInverted),
                CMYKConversion(method: .naive, adobeInverted: adobeInverted, reason: reason))
    }

    /// The naive ink formula, without colour management.
    static func naive(_ samples: UnsafeBufferPointer<UInt8>, adobeInverted: Bool) -> [UInt8] {
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
