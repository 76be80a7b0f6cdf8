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

    /// Buckets of the linear range for `toCode`: `firstCode[i]` is the code of linear i / 4096. The
    /// curve is steepest near black, where one bucket still spans less than one code, so a bucket
    /// crosses at most one boundary and the search below takes one or two steps.
    private static let buckets = 4096
    private static let firstCode: [UInt8] = (0...buckets).map { i in
        let l = Double(i) / Double(buckets)
        return UInt8(codeBoundaries.filter { $0 <= l }.count)
    }

    /// The nearest 8-bit sRGB code of a linear value (clamped to 0...1): the same code as evaluating
    /// the curve and rounding, found from a bucket table and the exact boundaries.
    @inline(__always)
    static func toCode(_ linear: Float) -> UInt8 {
        let l = Double(linear)
        guard l > 0 else { return 0 }
        guard l < 1 else { return 255 }
        return codeBoundaries.withUnsafeBufferPointer { b in
            var code = Int(firstCode[Int(l * Double(buckets))])
            while code < 255 && b[code] <= l { code += 1 }
            return UInt8(code)
        }
    }
}
