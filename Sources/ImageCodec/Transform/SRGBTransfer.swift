import Foundation

/// The sRGB transfer curve (IEC 61966-2-1), for filtering in linear light.
enum SRGBTransfer {
    /// Linear value of each 8-bit sRGB code; a table keeps decoding exact and fast.
    static let toLinear: [Float] = (0..<256).map { Float(linear(Double($0) / 255)) }

    /// `codeBoundaries[k]`: the linear value at which encoding starts rounding to code k + 1, i.e.
    /// the linear value of the sRGB level (k + 0.5) / 255. Searching it gives the same code as
    /// evaluating the curve and rounding, without a `pow` per channel.
    private static let codeBoundaries: [Double] = (0..<255).map { linear((Double($0) + 0.5) / 255) }

    private static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The nearest 8-bit sRGB code of a linear value (clamped to 0...1).
    @inline(__always)
    static func toCode(_ linear: Float) -> UInt8 {
        let l = Double(linear)
        // Binary search for the number of boundaries at or below l (8 steps over 255 entries).
        var lo = 0, hi = 255
        codeBoundaries.withUnsafeBufferPointer { b in
            while lo < hi {
                let mid = (lo + hi) >> 1
                if b[mid] <= l { lo = mid + 1 } else { hi = mid }
            }
        }
        return UInt8(lo)
    }
}
