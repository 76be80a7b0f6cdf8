import Foundation

/// A colour as a point in the quantiser's space: Oklab premultiplied by alpha, plus alpha.
///
/// Oklab makes Euclidean distance track perceived difference far better than sRGB codes do, and
/// premultiplying makes two nearly transparent colours close whatever their hue (they look alike on
/// any background), so palette entries are not wasted on invisible differences. Alpha is a fourth
/// axis on the same 0...1 scale as lightness: losing all opacity costs as much as black to white.
public struct PerceptualColor: Equatable, Sendable {
    /// Lightness times alpha.
    public var l: Float
    /// Green-red axis times alpha.
    public var a: Float
    /// Blue-yellow axis times alpha.
    public var b: Float
    /// Opacity, 0...1.
    public var alpha: Float

    /// A point from its four coordinates.
    @inlinable public init(l: Float, a: Float, b: Float, alpha: Float) {
        self.l = l; self.a = a; self.b = b; self.alpha = alpha
    }

    /// The point of an 8-bit straight-alpha pixel.
    public init(_ c: RGBA) {
        let alpha = Float(c.a) / 255
        guard c.a > 0 else { self.init(l: 0, a: 0, b: 0, alpha: 0); return }
        let lut = SRGBTransfer.toLinear
        let r = lut[Int(c.r)], g = lut[Int(c.g)], bl = lut[Int(c.b)]
        let lc = Self.cubeRoot(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let mc = Self.cubeRoot(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let sc = Self.cubeRoot(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        let ll = 0.2104542553 * lc + 0.7936177850 * mc - 0.0040720468 * sc
        let aa = 1.9779984951 * lc - 2.4285922050 * mc + 0.4505937099 * sc
        let bb = 0.0259040371 * lc + 0.7827717662 * mc - 0.8086757660 * sc
        self.init(l: ll * alpha, a: aa * alpha, b: bb * alpha, alpha: alpha)
    }

    /// The cube root of `x`, correctly rounded to `Float`, computed here rather than by the C
    /// library's `cbrtf`: glibc 2.36's is one unit in the last place off for about 11% of the
    /// values Oklab takes here (50 million inputs, one per channel of every sRGB colour), and
    /// another platform's library rounds otherwise, which would pick other palettes, so other
    /// bytes, from the same sticker. Two Halley steps in `Double` from a bit-level first guess
    /// (within 4%) leave an error far below half a `Float` step: the result equals
    /// `Float(cbrt(Double(x)))` for every `Float` from 2^-30 to 1 (`PerceptualColorTests`, which
    /// checks every one of them with STICKERFORGE_EXHAUSTIVE=1), at half `cbrtf`'s cost.
    @inlinable public static func cubeRoot(_ x: Float) -> Float {
        guard x != 0, x.isFinite else { return x }
        let d = Double(x.magnitude)
        var y = Double(bitPattern: d.bitPattern / 3 + 0x2A9F_7893_782D_A1CE)
        for _ in 0..<2 {
            let y3 = y * y * y
            y = y * (y3 + 2 * d) / (2 * y3 + d)
        }
        return x < 0 ? -Float(y) : Float(y)
    }

    /// Squared distance to another point.
    @inlinable public func distanceSquared(to o: PerceptualColor) -> Float {
        let dl = l - o.l, da = a - o.a, db = b - o.b, dA = alpha - o.alpha
        return dl * dl + da * da + db * db + dA * dA
    }

    /// The nearest 8-bit straight-alpha pixel; alpha below half a step becomes transparent black.
    public var rgba: RGBA {
        let alphaCode = UInt8(min(255, max(0, (alpha * 255).rounded())))
        guard alphaCode > 0 else { return .clear }
        let inv = 1 / max(alpha, 1e-6)
        let ll = l * inv, aa = a * inv, bb = b * inv
        let lc = ll + 0.3963377774 * aa + 0.2158037573 * bb
        let mc = ll - 0.1055613458 * aa - 0.0638541728 * bb
        let sc = ll - 0.0894841775 * aa - 1.2914855480 * bb
        let l3 = lc * lc * lc, m3 = mc * mc * mc, s3 = sc * sc * sc
        let r = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3
        let g = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3
        let bl = -0.0041960771 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3
        return RGBA(SRGBTransfer.toCode(r), SRGBTransfer.toCode(g), SRGBTransfer.toCode(bl), alphaCode)
    }

    static func + (x: PerceptualColor, y: PerceptualColor) -> PerceptualColor {
        PerceptualColor(l: x.l + y.l, a: x.a + y.a, b: x.b + y.b, alpha: x.alpha + y.alpha)
    }
    static func - (x: PerceptualColor, y: PerceptualColor) -> PerceptualColor {
        PerceptualColor(l: x.l - y.l, a: x.a - y.a, b: x.b - y.b, alpha: x.alpha - y.alpha)
    }
    static func * (x: PerceptualColor, k: Float) -> PerceptualColor {
        PerceptualColor(l: x.l * k, a: x.a * k, b: x.b * k, alpha: x.alpha * k)
    }
    /// Coordinate by axis number 0...3 (for median cut).
    func axis(_ i: Int) -> Float {
        switch i { case 0: return l; case 1: return a; case 2: return b; default: return alpha }
    }
}

extension RGBA {
    /// The pixel packed as `r << 24 | g << 16 | b << 8 | a`, a sortable histogram key.
    var censusKey: UInt32 { UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a) }
    /// The key of the RGBA pixel at byte offset `i` of `p`, every fully transparent pixel counted
    /// as transparent black (0), as the census counts and the remap looks them up.
    @inline(__always)
    static func censusKey(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
        let a = p[i + 3]
        return a == 0 ? 0 : UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(a)
    }
    /// The pixel from a packed key.
    init(censusKey k: UInt32) {
        self.init(UInt8(k >> 24), UInt8((k >> 16) & 255), UInt8((k >> 8) & 255), UInt8(k & 255))
    }
}
