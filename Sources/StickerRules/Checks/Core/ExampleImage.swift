import ImageCodec
import StickerCore

/// Small in-memory images for rule examples: a rule's examples are its documentation and its
/// tests, so they are built from pixels, never read from files.
public enum ExampleImage {
    /// A blue used for example artwork.
    public static let ink = RGBA(30, 140, 220)

    /// A `width` x `height` canvas, transparent, with an opaque `content` rectangle inset by
    /// `inset` pixels on every side; `fringe`, when given, is drawn as a one-pixel ring just
    /// outside the rectangle (the anti-aliased edge).
    public static func canvas(_ width: Int, _ height: Int, inset: Int, content: RGBA = ink,
                              fringe: RGBA? = nil, background: RGBA = .clear) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, fill: background)
        let box = PixelRegion(x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset)
        if let fringe, inset > 0 {
            fill(&buffer, PixelRegion(x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2), fringe)
        }
        fill(&buffer, box, content)
        return buffer
    }

    /// An opaque canvas of one colour.
    public static func opaque(_ width: Int, _ height: Int, _ colour: RGBA = ink) -> PixelBuffer {
        PixelBuffer(width: width, height: height, fill: colour)
    }

    /// Source facts for an example file of `format`.
    public static func facts(_ format: ImageFormat, transparent: Bool, frameCount: Int = 1,
                             loopCount: Int? = nil, fileSize: Int = 100_000) -> SourceFacts {
        let transparency: TransparencyKind
        switch (format, transparent) {
        case (_, false): transparency = .none
        case (.gif, true): transparency = .gifTransparentIndex
        default: transparency = .alphaChannel
        }
        let model: ColorModel = format == .jpeg ? .ycbcr : (format == .gif ? .indexed : (transparent ? .rgba : .rgb))
        return SourceFacts(format: format, bitDepth: 8, colorModel: model,
                           paletteSize: format == .gif ? 256 : nil, transparency: transparency,
                           defaultImage: format == .apng ? .firstFrame : nil, frameCount: frameCount,
                           declaredLoopCount: loopCount, fileSize: fileSize)
    }

    /// A still image of `format` showing `buffer`.
    public static func still(_ buffer: PixelBuffer, format: ImageFormat = .png, fileSize: Int = 100_000) -> DecodedImage {
        DecodedImage(width: buffer.width, height: buffer.height,
                     frames: [Frame(image: buffer, delay: .zero)], loopCount: 0,
                     facts: facts(format, transparent: buffer.hasTransparency, fileSize: fileSize))
    }

    /// An animation of `format` (APNG or GIF) showing `buffers` with one `delay` each.
    public static func animation(_ buffers: [PixelBuffer], delay: FrameDelay = .fps(15), loopCount: Int = 0,
                                 format: ImageFormat = .apng, fileSize: Int = 200_000) -> DecodedImage {
        animation(buffers, delays: Array(repeating: delay, count: buffers.count), loopCount: loopCount,
                  format: format, fileSize: fileSize)
    }

    /// An animation of `format` showing `buffers` with the given delays (one per buffer).
    public static func animation(_ buffers: [PixelBuffer], delays: [FrameDelay], loopCount: Int = 0,
                                 format: ImageFormat = .apng, fileSize: Int = 200_000) -> DecodedImage {
        let first = buffers.first ?? PixelBuffer(width: 0, height: 0)
        let frames = zip(buffers, delays).map { Frame(image: $0.0, delay: $0.1) }
        return DecodedImage(width: first.width, height: first.height, frames: frames, loopCount: loopCount,
                            facts: facts(format, transparent: buffers.contains { $0.hasTransparency },
                                         frameCount: frames.count, loopCount: loopCount, fileSize: fileSize))
    }

    private static func fill(_ buffer: inout PixelBuffer, _ region: PixelRegion, _ colour: RGBA) {
        let x0 = max(0, region.x), x1 = min(buffer.width, region.maxX)
        let y0 = max(0, region.y), y1 = min(buffer.height, region.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { for x in x0..<x1 { buffer[x, y] = colour } }
    }
}
