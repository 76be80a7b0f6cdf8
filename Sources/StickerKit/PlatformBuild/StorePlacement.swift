import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Where a sticker goes in a store's pixel limits (`PixelLimits`): scaled, aspect kept, until it
/// fills the largest size taken (so "one side exactly 512" and LINE's 370x320 hold), then padded
/// with transparency, centred, to the exact or minimum size and to even sides where the store asks.
public struct StorePlacement: Equatable, Sendable {
    /// The input's size.
    public let sourceWidth: Int, sourceHeight: Int
    /// The artwork's size after scaling.
    public let width: Int, height: Int
    /// The file's size: the artwork padded.
    public let canvasWidth: Int, canvasHeight: Int

    /// The placement of a `width` x `height` image within `limits`.
    public init(width: Int, height: Int, limits: PixelLimits) {
        sourceWidth = width; sourceHeight = height
        let box = limits.maximum
        // Exact arithmetic: the side that limits the scale lands on the box exactly.
        if width * box.height >= height * box.width {
            (self.width, self.height) = (box.width, max(1, min(box.height, (height * box.width + width / 2) / width)))
        } else {
            (self.width, self.height) = (max(1, min(box.width, (width * box.height + height / 2) / height)), box.height)
        }
        var canvas = (self.width, self.height)
        if let minimum = limits.minimum { canvas = (max(canvas.0, minimum.width), max(canvas.1, minimum.height)) }
        if limits.evenSides { canvas = (canvas.0 + canvas.0 % 2, canvas.1 + canvas.1 % 2) }
        (canvasWidth, canvasHeight) = canvas
    }

    /// Whether the image stays as it is.
    public var isIdentity: Bool { width == sourceWidth && height == sourceHeight && !isPadded }
    /// Whether transparent padding is added.
    public var isPadded: Bool { canvasWidth != width || canvasHeight != height }

    /// `image` scaled (`Resampler`: Lanczos-3, premultiplied; reductions in linear light, enlargements in sRGB codes) and padded, centred.
    public func apply(_ image: PixelBuffer) throws -> PixelBuffer {
        try image.scaledAndCentred(width: width, height: height, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// "300x300 px -> 512x512 px" and, when padded, ", padded with transparency to 512x512 px";
    /// nil when nothing changes.
    public var summary: String? {
        guard !isIdentity else { return nil }
        var text = "\(NumberText.size(sourceWidth, sourceHeight)) -> \(NumberText.size(width, height))"
        if isPadded { text += ", padded with transparency to \(NumberText.size(canvasWidth, canvasHeight))" }
        return text
    }
}
