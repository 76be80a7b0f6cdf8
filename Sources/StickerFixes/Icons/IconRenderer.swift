import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Draws App Store-ready icons: opaque pixels only (App Store Connect refuses an icon with an alpha
/// channel or transparency, ITMS-90717), scaled in linear light by `Resampler`.
public struct IconRenderer: Sendable {
    /// Fit and background.
    public var style: IconStyle
    /// A renderer.
    public init(style: IconStyle = IconStyle()) { self.style = style }

    /// The background `source` gets: the style's colour, else the border's colour when every border
    /// pixel is opaque and they are near-uniform (`RemoveBackgroundFix.borderColour`), else white.
    public func background(for source: PixelBuffer) -> RGBA {
        if let colour = style.background { return colour }
        return Self.borderBackground(of: source) ?? RGBA(255, 255, 255, 255)
    }

    /// The opaque, near-uniform border colour of `image`, nil when there is none.
    static func borderBackground(of image: PixelBuffer) -> RGBA? {
        guard image.width > 2, image.height > 2 else { return nil }
        let w = image.width, h = image.height
        for x in 0..<w where image[x, 0].a != 255 || image[x, h - 1].a != 255 { return nil }
        for y in 0..<h where image[0, y].a != 255 || image[w - 1, y].a != 255 { return nil }
        guard let median = RemoveBackgroundFix.borderColour(image) else { return nil }
        let c = median.rounded(.toNearestOrAwayFromZero)
        return RGBA(UInt8(c.x), UInt8(c.y), UInt8(c.z), 255)
    }

    /// `source` scaled into `width` x `height` by the style's fit and flattened onto `background`.
    /// - Throws: `CodecError.invalidInput` for an empty source or size.
    public func render(_ source: PixelBuffer, width: Int, height: Int, background: RGBA) throws -> PixelBuffer {
        let placed: PixelBuffer
        switch style.fit {
        case .letterbox: placed = try Resampler().letterboxed(source, into: width, height: height)
        case .cover: placed = try Self.covered(source, width: width, height: height)
        }
        return Self.flattened(placed, onto: background)
    }

    /// `image` scaled so that it covers the whole target, the overhang cropped evenly from both sides.
    static func covered(_ image: PixelBuffer, width: Int, height: Int) throws -> PixelBuffer {
        guard width > 0, height > 0, image.width > 0, image.height > 0 else {
            throw CodecError.invalidInput("cover \(image.width)x\(image.height) px into \(width)x\(height) px: sizes must be positive")
        }
        // The wider source fills the height; integer rounding as `Resampler.letterboxed` does it.
        let scaledWidth: Int, scaledHeight: Int
        if image.width * height >= image.height * width {
            scaledHeight = height
            scaledWidth = max(width, (image.width * height * 2 + image.height) / (image.height * 2))
        } else {
            scaledWidth = width
            scaledHeight = max(height, (image.height * width * 2 + image.width) / (image.width * 2))
        }
        let scaled = try Resampler().resized(image, width: scaledWidth, height: scaledHeight)
        return scaled.cropped(to: PixelRegion(x: (scaledWidth - width) / 2, y: (scaledHeight - height) / 2,
                                              width: width, height: height))
    }

    /// Every pixel composited over the opaque `background` (straight alpha, sRGB codes, rounded), as
    /// browsers and Messages composite: the result is opaque.
    public static func flattened(_ image: PixelBuffer, onto background: RGBA) -> PixelBuffer {
        var out = image
        let bg = [Int(background.r), Int(background.g), Int(background.b)]
        var i = 0
        while i < out.pixels.count {
            let a = Int(out.pixels[i + 3])
            if a != 255 {
                for c in 0..<3 { out.pixels[i + c] = UInt8((Int(out.pixels[i + c]) * a + bg[c] * (255 - a) + 127) / 255) }
                out.pixels[i + 3] = 255
            }
            i += 4
        }
        return out
    }

    /// The opaque image as an App Store-ready PNG: 8-bit RGB, an sRGB chunk, no alpha, no tRNS.
    public static func encode(_ opaque: PixelBuffer, effort: DeflateEffort) throws -> [UInt8] {
        try DefaultStickerCodec().encodeIcon(opaque, effort: effort)
    }
}
