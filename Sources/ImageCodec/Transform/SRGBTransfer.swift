import Foundation

/// The sRGB transfer curve (IEC 61966-2-1), for filtering in linear light.
enum SRGBTransfer {
    /// Linear value of each 8-bit sRGB code; a table keeps decoding exact and fast.
    static let toLinear: [Float] = (0..<256).map { code in
        let c = Double(code) / 255
        let linear = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        return Float(linear)
    }

    /// The nearest 8-bit sRGB code of a linear value (clamped to 0...1).
    @inline(__always)
    static func toCode(_ linear: Float) -> UInt8 {
        let l = Double(min(1, max(0, linear)))
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }
}
