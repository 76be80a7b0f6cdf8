/// How a video stream's Y'CbCr samples map to R'G'B': the matrix (Kr, Kb) and the sample range.
///
/// The WebM track's Colour element decides when it says anything (MatrixCoefficients other than 2,
/// "unspecified"; Range 1 or 2); otherwise the VP9 bitstream's own colour space and range; otherwise
/// BT.601 limited range, what VP8 always is and what browsers assume for untagged video.
struct YCbCrMatrix: Equatable, CustomStringConvertible {
    /// Luma weight of red (BT.601 0.299, BT.709 0.2126, BT.2020 0.2627).
    var kr: Double
    /// Luma weight of blue (BT.601 0.114, BT.709 0.0722, BT.2020 0.0593).
    var kb: Double
    /// Full range (0-255 for all three) rather than limited (Y 16-235, Cb/Cr 16-240).
    var fullRange: Bool
    /// The identity matrix (MatrixCoefficients 0, VP9 sRGB): Y is G, Cb is B, Cr is R.
    var isIdentity = false
    /// A short name for `inspect` and messages.
    var name: String

    static func bt601(fullRange: Bool) -> YCbCrMatrix { YCbCrMatrix(kr: 0.299, kb: 0.114, fullRange: fullRange, name: "BT.601") }
    static func bt709(fullRange: Bool) -> YCbCrMatrix { YCbCrMatrix(kr: 0.2126, kb: 0.0722, fullRange: fullRange, name: "BT.709") }

    var description: String { "\(name) \(fullRange ? "full" : "limited") range" }

    /// The matrix for ISO/IEC 23001-8 MatrixCoefficients (the WebM Colour element), nil when the
    /// value is unspecified (2) or one this decoder does not know.
    static func fromMatrixCoefficients(_ value: Int, fullRange: Bool) -> YCbCrMatrix? {
        switch value {
        case 0: return YCbCrMatrix(kr: 0, kb: 0, fullRange: fullRange, isIdentity: true, name: "identity (GBR)")
        case 1: return .bt709(fullRange: fullRange)
        case 4: return YCbCrMatrix(kr: 0.30, kb: 0.11, fullRange: fullRange, name: "FCC")
        case 5, 6: return .bt601(fullRange: fullRange)
        case 7: return YCbCrMatrix(kr: 0.212, kb: 0.087, fullRange: fullRange, name: "SMPTE 240M")
        case 9, 10: return YCbCrMatrix(kr: 0.2627, kb: 0.0593, fullRange: fullRange, name: "BT.2020")
        default: return nil
        }
    }

    /// The matrix for a VP9 bitstream colour space (vpx_color_space_t), nil when unknown.
    static func fromVPXColorSpace(_ value: Int, fullRange: Bool) -> YCbCrMatrix? {
        switch value {
        case 1, 3: return .bt601(fullRange: fullRange)
        case 2: return .bt709(fullRange: fullRange)
        case 4: return fromMatrixCoefficients(7, fullRange: fullRange)
        case 5: return fromMatrixCoefficients(9, fullRange: fullRange)
        case 7: return fromMatrixCoefficients(0, fullRange: true)
        default: return nil
        }
    }

    /// The matrix a stream uses, by the precedence above.
    /// - Parameters:
    ///   - matrixCoefficients, range: the track's Colour element values, nil when absent.
    ///   - bitstreamColorSpace, bitstreamFullRange: what the VP9 decoder reports (VP8: 0, false).
    static func resolve(matrixCoefficients: Int?, range: Int?, bitstreamColorSpace: Int,
                        bitstreamFullRange: Bool) -> YCbCrMatrix {
        let fullRange: Bool
        switch range {
        case 1: fullRange = false
        case 2: fullRange = true
        default: fullRange = bitstreamFullRange
        }
        if let value = matrixCoefficients, let matrix = fromMatrixCoefficients(value, fullRange: fullRange) {
            return matrix
        }
        return fromVPXColorSpace(bitstreamColorSpace, fullRange: fullRange) ?? .bt601(fullRange: fullRange)
    }
}
