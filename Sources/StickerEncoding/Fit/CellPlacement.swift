import ImageCodec
import StickerCore

/// Where a sticker goes in its pack's grid cell ("into the cell", docs/fit.md): the one geometry
/// `--fit` (build, convert, assemble) and fix's scaling use, so what they write is what `check`
/// accepts: inside the cell and at least `minSide` (300 px) on both sides.
///
/// Larger than the cell: scaled down, aspect kept, longer side = the cell. A side below `minSide`:
/// scaled up until the shorter side reaches it, unless that pushes the longer side past the cell
/// (then up to the cell only). `fill`: scaled (up or down) so the longer side fills the cell. What
/// is still below `minSide` after scaling (an extreme aspect ratio) is padded with transparency,
/// centred, never pushed below the minimum.
public struct CellPlacement: Equatable, Sendable {
    /// The input's size.
    public let sourceWidth: Int, sourceHeight: Int
    /// The artwork's size after scaling.
    public let width: Int, height: Int
    /// The canvas: the artwork's size, padded to at least `minSide` on both sides.
    public let canvasWidth: Int, canvasHeight: Int
    /// The grid cell's side.
    public let cell: Int

    /// The placement of a `width` x `height` image into a `cell` px cell.
    public init(width: Int, height: Int, cell: Int, minSide: Int = PlatformRules.iMessageMinimumSide, fill: Bool = false) {
        sourceWidth = width; sourceHeight = height; self.cell = cell
        let longest = max(width, height), shortest = min(width, height)
        var (long, short) = (longest, shortest)
        if fill || longest > cell {
            (long, short) = (cell, max(1, (shortest * cell + longest / 2) / longest))
        } else if shortest < minSide {
            // Up until the shorter side reaches the minimum, or the longer one the cell.
            let longAtMin = (longest * minSide + shortest / 2) / shortest
            (long, short) = longAtMin <= cell ? (longAtMin, minSide) : (cell, max(1, (shortest * cell + longest / 2) / longest))
        }
        (self.width, self.height) = width >= height ? (long, short) : (short, long)
        let floor = min(minSide, cell)
        canvasWidth = max(self.width, floor); canvasHeight = max(self.height, floor)
    }

    /// Whether the image stays as it is.
    public var isIdentity: Bool { width == sourceWidth && height == sourceHeight && !isPadded }
    /// Whether transparent padding is added.
    public var isPadded: Bool { canvasWidth != width || canvasHeight != height }
    /// Scale factor of the artwork.
    public var scale: Double { Double(width) / Double(sourceWidth) }

    /// `image` scaled (Lanczos-3, premultiplied: `Resampler`, which reduces in linear light and enlarges in sRGB codes) and padded, centred.
    public func apply(_ image: PixelBuffer) throws -> PixelBuffer {
        try image.scaledAndCentred(width: width, height: height, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// What was done, with its figures: "160x90 -> 533x300 (scale 3.3313) into the 618 px grid cell"
    /// and, when padded, "padded with transparency to 618x300".
    public var summary: String {
        "\(NumberText.size(sourceWidth, sourceHeight)) -> \(NumberText.size(width, height))"
            + " (scale \(NumberText.decimal(scale, places: 4))) into the \(cell) px grid cell" + padding
    }

    /// ", padded with transparency to 300x618 (300 px minimum on both sides)", or "" when not padded.
    public var padding: String {
        guard isPadded else { return "" }
        return ", padded with transparency to \(NumberText.size(canvasWidth, canvasHeight)) "
            + "(\(PlatformRules.iMessageMinimumSide) px minimum on both sides)"
    }
}
