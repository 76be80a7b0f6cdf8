import CCodecShims

/// Decodes baseline and progressive JPEG through libjpeg-turbo into straight RGBA (alpha 255).
///
/// Pixels are never rotated: the EXIF orientation is only reported, so checks can say what a viewer
/// will do. CMYK and YCCK files are converted here (from their CMYK ICC profile when they embed one),
/// honouring Adobe's inverted CMYK.
struct JPEGDecoder {
    /// Limits checked against the declared size before libjpeg allocates the image.
    var limits: DecodeLimits

    /// Scans a progressive file may have before it is refused (libjpeg-turbo's own tools use 500).
    static let maxScans: Int32 = 500

    /// Decodes one JPEG file.
    /// - Throws: `CodecError.limitExceeded` before allocation, `.truncated` for a file that ends
    ///   early, `.library(name: "libjpeg", ...)` for anything else libjpeg rejects.
    func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        let result = try JPEGShimResult(decoding: bytes, limits: limits, maxScans: Self.maxScans)
        let raw = result.raw
        let width = Int(raw.width), height = Int(raw.height)
        let icc = result.iccProfile
        var color = ColorInfo()
        if let icc {
            color.hasICCProfile = true
            let name = ICCProfileReader.profileDescription(icc)
            color.iccProfileName = name
            color.iccProfileIsSRGB = name.map { $0.contains("sRGB") }
        }
        let (pixels, conversion) = try rgbaPixels(from: result, width: width, height: height, profile: icc)
        color.cmykConversion = conversion
        let image = PixelBuffer(width: width, height: height, pixels: pixels)
        let facts = SourceFacts(
            format: .jpeg, bitDepth: 8, colorModel: Self.colorModel(raw.jpeg_color_space),
            paletteSize: nil, transparency: .none, interlaced: raw.progressive != 0, color: color,
            exifOrientation: result.exif.flatMap(EXIFOrientationReader.orientation(inAPP1:)),
            frameCount: 1, declaredLoopCount: nil, rawFrames: [], fileSize: bytes.count)
        return DecodedImage(width: width, height: height,
                            frames: [Frame(image: image, delay: .zero, raw: nil)],
                            loopCount: 0, facts: facts)
    }

    /// Expands libjpeg's RGB or CMYK rows to RGBA; for CMYK, also how the inks were converted
    /// (from the embedded CMYK profile when there is a usable one).
    private func rgbaPixels(from result: JPEGShimResult, width: Int, height: Int,
                            profile: [UInt8]?) throws -> ([UInt8], CMYKConversion?) {
        let raw = result.raw
        let components = Int(raw.components)
        guard components == 3 || components == 4, raw.pixels_size == width * height * components,
              let source = raw.pixels else {
            throw CodecError.library(name: "libjpeg",
                                     message: "unexpected output: \(components) components, \(raw.pixels_size) bytes")
        }
        let samples = UnsafeBufferPointer(start: source, count: raw.pixels_size)
        if components == 4 {
            let converted = CMYKConverter.rgba(fromCMYK: samples, adobeInverted: raw.saw_adobe_marker != 0, profile: profile)
            return (converted.pixels, converted.conversion)
        }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            var s = 0, d = 0
            while s < samples.count {
                dst[d] = samples[s]; dst[d + 1] = samples[s + 1]; dst[d + 2] = samples[s + 2]
                s += 3; d += 4
            }
        }
        return (out, nil)
    }

    /// The colour model from libjpeg's `J_COLOR_SPACE` of the file.
    static func colorModel(_ space: Int32) -> ColorModel {
        switch space {
        case 1: return .grayscale
        case 2: return .rgb
        case 4: return .cmyk
        case 5: return .ycck
        default: return .ycbcr
        }
    }
}
