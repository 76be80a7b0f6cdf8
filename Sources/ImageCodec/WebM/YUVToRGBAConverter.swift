import CVPX

/// Turns a decoded libvpx picture (planar Y'CbCr, any chroma subsampling, 8 to 12 bits) and an
/// optional alpha picture (its luma plane is the alpha) into straight-alpha RGBA.
///
/// Chroma is sampled nearest (each chroma sample covers its 2x2, 2x1 or 1x1 block), as libyuv does
/// for Chromium's video frames. High bit depth samples are reduced to 8 bits (rounded) before the
/// matrix, since the model holds 8 bits a channel.
struct YUVToRGBAConverter {
    /// The matrix the tables were built for.
    let matrix: YCbCrMatrix
    /// Fixed-point (16 fractional bits) contributions of each 8-bit sample to R, G and B.
    private let yR: [Int32], yG: [Int32], yB: [Int32]
    private let vR: [Int32], uG: [Int32], vG: [Int32], uB: [Int32]

    init(matrix: YCbCrMatrix) {
        self.matrix = matrix
        let one = 65536.0
        let lumaScale = matrix.fullRange ? 1.0 : 255.0 / 219.0
        let chromaScale = matrix.fullRange ? 1.0 : 255.0 / 224.0
        let lumaOffset = matrix.fullRange ? 0.0 : 16.0
        func table(_ f: (Double) -> Double) -> [Int32] { (0..<256).map { Int32((f(Double($0)) * one).rounded()) } }
        let luma = table { ($0 - lumaOffset) * lumaScale }
        if matrix.isIdentity {
            let zero = [Int32](repeating: 0, count: 256)
            // GBR: the luma table's range expansion applies to every plane.
            (yR, yG, yB, vR, uG, vG, uB) = (zero, luma, zero, luma, zero, zero, luma)
        } else {
            let kr = matrix.kr, kb = matrix.kb, kg = 1 - kr - kb
            func chroma(_ k: Double) -> [Int32] { table { ($0 - 128) * chromaScale * k } }
            (yR, yG, yB) = (luma, luma, luma)
            vR = chroma(2 * (1 - kr))
            uB = chroma(2 * (1 - kb))
            uG = chroma(-2 * kb * (1 - kb) / kg)
            vG = chroma(-2 * kr * (1 - kr) / kg)
        }
    }

    /// Converts `color` (and `alpha`'s luma plane, when given) into a `width` x `height` buffer.
    /// The caller has checked that both pictures are at least that large and 8-16 bits planar.
    func convert(_ color: vpx_image_t, alpha: vpx_image_t?, width: Int, height: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            if color.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) != 0 {
                convertRows(color, alpha, base, width, height, UInt16.self)
            } else {
                convertRows(color, alpha, base, width, height, UInt8.self)
            }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// The per-pixel loop, specialised for 8-bit and 16-bit sample storage.
    private func convertRows<Sample: FixedWidthInteger & UnsignedInteger>(
        _ color: vpx_image_t, _ alpha: vpx_image_t?, _ out: UnsafeMutablePointer<UInt8>,
        _ width: Int, _ height: Int, _: Sample.Type
    ) {
        let shift = max(Int(color.bit_depth) - 8, 0), half = shift > 0 ? 1 << (shift - 1) : 0
        @inline(__always) func index(_ sample: Sample) -> Int { min((Int(sample) + half) >> shift, 255) }
        let xs = Int(color.x_chroma_shift), ys = Int(color.y_chroma_shift)
        let alphaShift = alpha.map { max(Int($0.bit_depth) - 8, 0) } ?? 0
        yR.withUnsafeBufferPointer { yR in yG.withUnsafeBufferPointer { yG in yB.withUnsafeBufferPointer { yB in
        vR.withUnsafeBufferPointer { vR in uG.withUnsafeBufferPointer { uG in vG.withUnsafeBufferPointer { vG in
        uB.withUnsafeBufferPointer { uB in
            for row in 0..<height {
                let yRow = Self.row(color, plane: 0, row, Sample.self)
                let uRow = Self.row(color, plane: 1, row >> ys, Sample.self)
                let vRow = Self.row(color, plane: 2, row >> ys, Sample.self)
                let aRow8 = alpha.flatMap { $0.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) == 0
                                                ? Self.row($0, plane: 0, row, UInt8.self) : nil }
                let aRow16 = alpha.flatMap { $0.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) != 0
                                                 ? Self.row($0, plane: 0, row, UInt16.self) : nil }
                var o = out + row * width * 4
                for x in 0..<width {
                    let yi = index(yRow[x]), ui = index(uRow[x >> xs]), vi = index(vRow[x >> xs])
                    let r = (yR[yi] &+ vR[vi] &+ 32768) >> 16
                    let g = (yG[yi] &+ uG[ui] &+ vG[vi] &+ 32768) >> 16
                    let b = (yB[yi] &+ uB[ui] &+ 32768) >> 16
                    o[0] = UInt8(clamping: r); o[1] = UInt8(clamping: g); o[2] = UInt8(clamping: b)
                    if let a = aRow8 {
                        o[3] = a[x]
                    } else if let a = aRow16 {
                        o[3] = UInt8(clamping: Int(a[x]) >> alphaShift)
                    } else {
                        o[3] = 255
                    }
                    o += 4
                }
            }
        } } } } } } }
    }

    /// The first sample of `row` in `plane` (0 luma, 1 Cb, 2 Cr).
    @inline(__always)
    private static func row<Sample>(_ image: vpx_image_t, plane: Int, _ row: Int, _: Sample.Type) -> UnsafePointer<Sample> {
        let (base, stride): (UnsafeMutablePointer<UInt8>?, Int32) = switch plane {
        case 0: (image.planes.0, image.stride.0)
        case 1: (image.planes.1, image.stride.1)
        default: (image.planes.2, image.stride.2)
        }
        return UnsafeRawPointer(base! + row * Int(stride)).assumingMemoryBound(to: Sample.self)
    }
}
