import CLibYUV
import CVPX

/// libyuv's SIMD conversion of 8-bit 4:2:0, 4:2:2 and 4:4:4 pictures (with an optional 8-bit alpha
/// picture) to straight RGBA, for the matrices where it matches `YUVToRGBAConverter` within one
/// level on every sample value (`LibYUVConverterTests` walks them all).
///
/// libyuv keeps its blue coefficient at most 2.0 unless built with LIBYUV_UNLIMITED_DATA (limited
/// range needs 2.018 for BT.601, 2.112 for BT.709, 2.142 for BT.2020), which turns blues up to 13
/// levels dark. Its x86 kernels multiply unsigned coefficient bytes (up to 4.0), so a copy of its
/// constants with the true coefficient restores them; on other CPUs only the full-range matrices,
/// whose coefficient fits, go to libyuv. Everything else stays with `YUVToRGBAConverter`'s tables.
final class LibYUVConverter {
    /// libyuv's constants for R, G, B, A byte order (its "Yvu" set, used with Cb and Cr swapped),
    /// 64-byte aligned: its AVX kernels load them with aligned moves.
    private let constants: UnsafeMutablePointer<YuvConstants>

    /// nil when libyuv does not match `matrix` within one level on this CPU.
    init?(matrix: YCbCrMatrix) {
        guard !matrix.isIdentity, let stock = Self.stockConstants(matrix) else { return nil }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<YuvConstants>.size, alignment: 64)
        constants = raw.bindMemory(to: YuvConstants.self, capacity: 1)
        constants.initialize(to: stock)
        let blue = 2 * (1 - matrix.kb) * (matrix.fullRange ? 1 : 255.0 / 224.0) * 64
        #if arch(x86_64)
        // kUVToR holds (Cr, Cb) coefficient pairs for the third output byte, blue in this byte order.
        let corrected = withUnsafeMutableBytes(of: &constants.pointee.kUVToR) { pairs -> Bool in
            guard pairs[0] == 0, Int(pairs[1]) == min(Int(blue.rounded()), 128) else { return false }
            for index in stride(from: 1, to: pairs.count, by: 2) { pairs[index] = UInt8(blue.rounded()) }
            return true
        }
        #else
        let corrected = blue.rounded() <= 127
        #endif
        guard corrected else {
            constants.deinitialize(count: 1)
            raw.deallocate()
            return nil
        }
    }

    deinit {
        constants.deinitialize(count: 1)
        UnsafeMutableRawPointer(constants).deallocate()
    }

    /// libyuv's constants for the matrix, nil for matrices it has none for, or (BT.2020 full
    /// range) where its green is 2 levels off.
    private static func stockConstants(_ matrix: YCbCrMatrix) -> YuvConstants? {
        let bt601 = YCbCrMatrix.bt601(fullRange: false), bt709 = YCbCrMatrix.bt709(fullRange: false)
        let bt2020 = YCbCrMatrix.fromMatrixCoefficients(9, fullRange: false)!
        switch ((matrix.kr, matrix.kb), matrix.fullRange) {
        case ((bt601.kr, bt601.kb), false): return kYvuI601Constants
        case ((bt601.kr, bt601.kb), true): return kYvuJPEGConstants
        case ((bt709.kr, bt709.kb), false): return kYvuH709Constants
        case ((bt709.kr, bt709.kb), true): return kYvuF709Constants
        case ((bt2020.kr, bt2020.kb), false): return kYvu2020Constants
        default: return nil
        }
    }

    /// Converts `color` (and `alpha`'s luma plane) into `out` (`width` x `height` RGBA, tightly
    /// packed). Returns false, writing nothing, for a layout libyuv does not take here: high bit
    /// depth, 4:4:0, or an alpha picture of high bit depth.
    func convert(_ color: vpx_image_t, alpha: vpx_image_t?, width: Int, height: Int,
                 into out: UnsafeMutablePointer<UInt8>) -> Bool {
        let highBitDepth = UInt32(VPX_IMG_FMT_HIGHBITDEPTH)
        guard color.fmt.rawValue & highBitDepth == 0, alpha.map({ $0.fmt.rawValue & highBitDepth == 0 }) ?? true,
              let y = color.planes.0, let u = color.planes.1, let v = color.planes.2,
              alpha == nil || alpha?.planes.0 != nil else { return false }
        let (sy, su, sv) = (color.stride.0, color.stride.1, color.stride.2)
        let (w, h, stride) = (Int32(width), Int32(height), Int32(width * 4))
        // Cb and Cr swap places: with the "Yvu" constants libyuv then writes R, G, B, A.
        let status: Int32
        switch (color.x_chroma_shift, color.y_chroma_shift, alpha?.planes.0) {
        case (1, 1, nil): status = I420ToARGBMatrix(y, sy, v, sv, u, su, out, stride, constants, w, h)
        case (1, 0, nil): status = I422ToARGBMatrix(y, sy, v, sv, u, su, out, stride, constants, w, h)
        case (0, 0, nil): status = I444ToARGBMatrix(y, sy, v, sv, u, su, out, stride, constants, w, h)
        case (1, 1, let a?):
            status = I420AlphaToARGBMatrix(y, sy, v, sv, u, su, a, alpha!.stride.0, out, stride, constants, w, h, 0)
        case (1, 0, let a?):
            status = I422AlphaToARGBMatrix(y, sy, v, sv, u, su, a, alpha!.stride.0, out, stride, constants, w, h, 0)
        case (0, 0, let a?):
            status = I444AlphaToARGBMatrix(y, sy, v, sv, u, su, a, alpha!.stride.0, out, stride, constants, w, h, 0)
        default: return false
        }
        return status == 0
    }
}
