import CLCMS2

extension SRGBConverter {
    /// RGBA bytes (alpha 255) from 4-byte CMYK samples, converted to sRGB with Little CMS 2 from
    /// `profile`, the CMYK ICC profile the file embeds (perceptual intent).
    ///
    /// `inverted` is Adobe's convention (0 = full ink), which libjpeg passes through for files with an
    /// APP14 "Adobe" marker; lcms reads it as `TYPE_CMYK_8_REV`. The transform is not optimised:
    /// lcms's default 8-bit precalculation resamples a CMYK table onto a coarser 4-D grid and was
    /// measured up to 9 levels off `transicc` on the test profile; unoptimised it matches exactly
    /// (about 0.1 s for a 618 x 618 px image).
    /// - Throws: `CodecError.library` when the profile cannot be read, is not a CMYK profile, or no
    ///   transform can be built.
    public func rgba(fromCMYK samples: UnsafeBufferPointer<UInt8>, profile: [UInt8], inverted: Bool) throws -> [UInt8] {
        let input = try Self.profile(.icc(profile))
        defer { cmsCloseProfile(input) }
        guard cmsGetColorSpace(input) == cmsSigCmykData else {
            throw CodecError.library(name: "lcms2", message: "the embedded profile is not a CMYK profile")
        }
        let count = samples.count / 4
        var out = [UInt8](repeating: 255, count: count * 4)
        // No cmsFLAGS_COPY_ALPHA: CMYK has no extra channel, so lcms leaves the output's alpha (255) alone.
        try Self.transform(from: input, format: inverted ? SF_TYPE_CMYK_8_REV : SF_TYPE_CMYK_8,
                           flags: UInt32(cmsFLAGS_NOOPTIMIZE)) { transform in
            out.withUnsafeMutableBufferPointer { dst in
                cmsDoTransform(transform, samples.baseAddress, dst.baseAddress, UInt32(count))
            }
        }
        return out
    }
}
