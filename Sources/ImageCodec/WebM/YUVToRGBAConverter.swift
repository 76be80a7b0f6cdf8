import CVPX

/// Turns a decoded libvpx picture (planar Y'CbCr, any chroma subsampling, 8 to 12 bits) and an
/// optional alpha picture (its luma plane is the alpha) into straight-alpha RGBA.
///
/// Chroma is sampled nearest (each chroma sample covers its 2x2, 2x1 or 1x1 block), as libyuv does
/// for Chromium's video frames. High bit depth samples are reduced to 8 bits (rounded) before the
/// matrix, since the model holds 8 bits a channel. The common 8-bit layouts and matrices go to
/// libyuv (`LibYUVConverter`), which matches these tables within one level; the tables do the rest.
struct YUVToRGBAConverter {
    /// The matrix the tables were built for.
    let matrix: YCbCrMatrix
    /// libyuv's conversion, when it matches this matrix.
    private let libyuv: LibYUVConverter?
    /// Fixed-point (16 fractional bits) contributions of each 8-bit sample to R, G and B, as seven
    /// 256-entry tables in one array: Y to R, G, B; Cr to R; Cb to G; Cr to G; Cb to B.
    private let tables: [Int32]

    /// - Parameter useLibYUV: false keeps every picture on the tables (the reference in tests).
    init(matrix: YCbCrMatrix, useLibYUV: Bool = true) {
        self.matrix = matrix
        libyuv = useLibYUV ? LibYUVConverter(matrix: matrix) : nil
        let one = 65536.0
        let lumaScale = matrix.fullRange ? 1.0 : 255.0 / 219.0
        let chromaScale = matrix.fullRange ? 1.0 : 255.0 / 224.0
        let lumaOffset = matrix.fullRange ? 0.0 : 16.0
        func table(_ f: (Double) -> Double) -> [Int32] { (0..<256).map { Int32((f(Double($0)) * one).rounded()) } }
        let luma = table { ($0 - lumaOffset) * lumaScale }
        if matrix.isIdentity {
            let zero = [Int32](repeating: 0, count: 256)
            // GBR: the luma table's range expansion applies to every plane.
            tables = zero + luma + zero + luma + zero + zero + luma
        } else {
            let kr = matrix.kr, kb = matrix.kb, kg = 1 - kr - kb
            func chroma(_ k: Double) -> [Int32] { table { ($0 - 128) * chromaScale * k } }
            tables = luma + luma + luma + chroma(2 * (1 - kr)) + chroma(-2 * kb * (1 - kb) / kg)
                + chroma(-2 * kr * (1 - kr) / kg) + chroma(2 * (1 - kb))
        }
    }

    /// Converts `color` (and `alpha`'s luma plane, when given) into a `width` x `height` buffer.
    /// The caller has checked that both pictures are at least that large and 8-16 bits planar.
    func convert(_ color: vpx_image_t, alpha: vpx_image_t?, width: Int, height: Int) -> PixelBuffer {
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            convert(color, alpha: alpha, width: width, height: height, into: out.baseAddress!)
            initialized = count
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    /// Converts into `out` (`width` x `height` RGBA, tightly packed, every byte written): the same
    /// pixels as `convert(_:alpha:width:height:)`, into a buffer the caller may reuse from frame to frame.
    func convert(_ color: vpx_image_t, alpha: vpx_image_t?, width: Int, height: Int, into out: UnsafeMutablePointer<UInt8>) {
        if let libyuv, libyuv.convert(color, alpha: alpha, width: width, height: height, into: out) { return }
        tables.withUnsafeBufferPointer { t in
            if Self.isHighBitDepth(color) {
                convertRows(color, out, width, height, t.baseAddress!, UInt16.self)
            } else {
                convertRows(color, out, width, height, t.baseAddress!, UInt8.self)
            }
        }
        for row in 0..<height { Self.fillAlpha(alpha, row: row, into: out + row * width * 4, width: width) }
    }

    private static func isHighBitDepth(_ image: vpx_image_t) -> Bool {
        image.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) != 0
    }

    /// The colour loop, specialised for 8-bit and 16-bit sample storage; alpha is written after.
    private func convertRows<Sample: FixedWidthInteger & UnsignedInteger>(
        _ color: vpx_image_t, _ out: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int,
        _ t: UnsafePointer<Int32>, _: Sample.Type
    ) {
        let shift = max(Int(color.bit_depth) - 8, 0), half = shift > 0 ? 1 << (shift - 1) : 0
        let xs = Int(color.x_chroma_shift), ys = Int(color.y_chroma_shift)
        let yR = t, yG = t + 256, yB = t + 512, vR = t + 768, uG = t + 1024, vG = t + 1280, uB = t + 1536
        // The common case (8-bit, chroma halved horizontally, a real matrix): two pixels share one
        // chroma lookup, and luma is one table.
        let pairs = Sample.bitWidth == 8 && xs == 1 && !matrix.isIdentity
        for row in 0..<height {
            let yRow = Self.row(color, plane: 0, row, Sample.self)
            let uRow = Self.row(color, plane: 1, row >> ys, Sample.self)
            let vRow = Self.row(color, plane: 2, row >> ys, Sample.self)
            var o = out + row * width * 4
            var x = 0
            if pairs {
                while x + 1 < width {
                    let ui = Int(uRow[x >> 1]), vi = Int(vRow[x >> 1])
                    let cr = vR[vi] &+ 32768, cg = uG[ui] &+ vG[vi] &+ 32768, cb = uB[ui] &+ 32768
                    let y0 = yR[Int(yRow[x])], y1 = yR[Int(yRow[x + 1])]
                    o[0] = Self.clamp((y0 &+ cr) >> 16); o[1] = Self.clamp((y0 &+ cg) >> 16); o[2] = Self.clamp((y0 &+ cb) >> 16)
                    o[4] = Self.clamp((y1 &+ cr) >> 16); o[5] = Self.clamp((y1 &+ cg) >> 16); o[6] = Self.clamp((y1 &+ cb) >> 16)
                    o += 8
                    x += 2
                }
            }
            while x < width {
                let c = x >> xs
                let yi = Sample.bitWidth == 8 ? Int(yRow[x]) : min((Int(yRow[x]) + half) >> shift, 255)
                let ui = Sample.bitWidth == 8 ? Int(uRow[c]) : min((Int(uRow[c]) + half) >> shift, 255)
                let vi = Sample.bitWidth == 8 ? Int(vRow[c]) : min((Int(vRow[c]) + half) >> shift, 255)
                o[0] = Self.clamp((yR[yi] &+ vR[vi] &+ 32768) >> 16)
                o[1] = Self.clamp((yG[yi] &+ uG[ui] &+ vG[vi] &+ 32768) >> 16)
                o[2] = Self.clamp((yB[yi] &+ uB[ui] &+ 32768) >> 16)
                o += 4
                x += 1
            }
        }
    }

    /// 0...255 without branches (min and max compile to conditional moves).
    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 { UInt8(truncatingIfNeeded: min(max(value, 0), 255)) }

    /// Writes one row's alpha: the alpha picture's luma (reduced to 8 bits), or opaque.
    private static func fillAlpha(_ alpha: vpx_image_t?, row: Int, into o: UnsafeMutablePointer<UInt8>, width: Int) {
        guard let alpha else {
            for x in 0..<width { o[x * 4 + 3] = 255 }
            return
        }
        if isHighBitDepth(alpha) {
            let a = Self.row(alpha, plane: 0, row, UInt16.self), shift = max(Int(alpha.bit_depth) - 8, 0)
            for x in 0..<width { o[x * 4 + 3] = UInt8(clamping: Int(a[x]) >> shift) }
        } else {
            let a = Self.row(alpha, plane: 0, row, UInt8.self)
            for x in 0..<width { o[x * 4 + 3] = a[x] }
        }
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
