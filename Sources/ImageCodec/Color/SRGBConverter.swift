import CLCMS2

/// Converts pixels from a declared colour space to sRGB with Little CMS 2 (perceptual intent,
/// which for the matrix-shaper profiles of RGB images equals relative colorimetric). Alpha is
/// copied unchanged. The only code that touches lcms2.
public struct SRGBConverter: Sendable {
    /// A converter.
    public init() {}

    /// `buffer`'s colours, taken to be in `space`, converted to sRGB.
    /// - Throws: `CodecError.library` when the profile cannot be read, is not an RGB profile, or
    ///   no transform can be built.
    public func convert(_ buffer: PixelBuffer, from space: SourceColorSpace) throws -> PixelBuffer {
        let input = try Self.profile(space)
        defer { cmsCloseProfile(input) }
        guard cmsGetColorSpace(input) == cmsSigRgbData else {
            throw CodecError.library(name: "lcms2", message: "the embedded profile is not an RGB profile; only RGB profiles are converted")
        }
        var out = buffer
        try Self.transform(from: input, format: SF_TYPE_RGBA_8, flags: UInt32(cmsFLAGS_COPY_ALPHA)) { transform in
            buffer.pixels.withUnsafeBufferPointer { src in
                out.pixels.withUnsafeMutableBufferPointer { dst in
                    cmsDoTransform(transform, src.baseAddress, dst.baseAddress, UInt32(buffer.pixelCount))
                }
            }
        }
        return out
    }

    /// Runs `body` with a perceptual transform from `input` (samples laid out as `format`) to
    /// 8-bit sRGB RGBA; the transform lives exactly as long as the call.
    static func transform(from input: cmsHPROFILE, format: cmsUInt32Number, flags: cmsUInt32Number,
                          _ body: (cmsHTRANSFORM) -> Void) throws {
        guard let output = cmsCreate_sRGBProfile() else { throw CodecError.library(name: "lcms2", message: "cannot create the sRGB profile") }
        defer { cmsCloseProfile(output) }
        guard let transform = cmsCreateTransform(input, format, output, SF_TYPE_RGBA_8, UInt32(INTENT_PERCEPTUAL), flags) else {
            throw CodecError.library(name: "lcms2", message: "cannot build a transform from the embedded profile to sRGB")
        }
        defer { cmsDeleteTransform(transform) }
        body(transform)
    }

    static func profile(_ space: SourceColorSpace) throws -> cmsHPROFILE {
        switch space {
        case .icc(let bytes):
            let handle = bytes.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
            guard let handle else { throw CodecError.library(name: "lcms2", message: "the embedded ICC profile cannot be read") }
            return handle
        case .gamma(let fileGamma, let chromaticities):
            let c = chromaticities ?? SourceColorSpace.srgbChromaticities
            var white = cmsCIExyY(x: c[0], y: c[1], Y: 1)
            var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: c[2], y: c[3], Y: 1), Green: cmsCIExyY(x: c[4], y: c[5], Y: 1),
                                            Blue: cmsCIExyY(x: c[6], y: c[7], Y: 1))
            // gAMA stores the encoding exponent; the curve decodes with its inverse.
            guard let curve = cmsBuildGamma(nil, 1 / fileGamma) else {
                throw CodecError.library(name: "lcms2", message: "cannot build a tone curve for gAMA \(fileGamma)")
            }
            defer { cmsFreeToneCurve(curve) }
            var curves: [OpaquePointer?] = [curve, curve, curve]
            let handle = curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
            guard let handle else { throw CodecError.library(name: "lcms2", message: "cannot build a profile from gAMA/cHRM") }
            return handle
        }
    }
}
