import ImageCodec
import StickerCore
import StickerEncoding
import StickerRules

/// `stickerforge preview`: a PNG contact sheet of the pack, one row per sticker, one column per
/// background (dark, light, checkerboard, bubble blue, photo), each sticker at its @2x display size.
public struct PreviewSheetRenderer: Sendable {
    /// Which frame of an animation to show; past the end, the last frame.
    public var frame: Int
    /// Pixels per point on the sheet (2 = what a 2x screen shows).
    public var scale: Int

    /// A renderer showing `frame` (0 = the first) at `scale` pixels per point.
    public init(frame: Int = 0, scale: Int = 2) {
        self.frame = max(0, frame)
        self.scale = min(3, max(1, scale))
    }

    static let gap = 12
    static let sheetColour = RGBA(236, 236, 240)

    /// The sheet as pixels: `subjects` in pack order on a grid cell of `gridSize`.
    public func render(_ subjects: [StickerSubject], gridSize: GridSize) throws -> PixelBuffer {
        try render(arts: subjects.map { try art(for: $0, gridSize: gridSize) }, gridSize: gridSize)
    }

    static let labelColour = RGBA(40, 40, 48)

    /// Height of a row's label strip: the 5x7 font at `scale` pixels per font pixel, and a gap.
    var labelHeight: Int { BitmapFont.glyphHeight * scale + Self.gap / 2 }

    /// A row label: "name  408x408 px  31,456 bytes" (built-in 5x7 font: lower case shows upper case).
    public static func label(name: String, width: Int?, height: Int?, bytes: Int) -> String {
        let size = width.flatMap { w in height.map { "\(w)x\($0) px" } } ?? "not decoded"
        return "\(name)  \(size)  \(NumberText.int(bytes)) bytes"
    }

    /// The sheet as pixels from each sticker's `art(for:gridSize:)`, in pack order: a caller can
    /// decode one sticker at a time and keep only its small display-size art. With `labels` (one
    /// per sticker), each row is headed by its label, drawn with `BitmapFont`.
    public func render(arts: [PixelBuffer?], labels: [String] = [], gridSize: GridSize) -> PixelBuffer {
        let cell = gridSize.points * scale
        let columns = PreviewBackground.allCases
        let strip = labels.isEmpty ? 0 : labelHeight
        let width = Self.gap + columns.count * (cell + Self.gap)
        let height = Self.gap + max(arts.count, 1) * (cell + strip + Self.gap)
        var sheet = PixelBuffer(width: width, height: height, fill: Self.sheetColour)
        let tiles = columns.map { $0.tile(width: cell, height: cell) }
        for (row, art) in arts.enumerated() {
            let top = Self.gap + row * (cell + strip + Self.gap)
            if row < labels.count {
                BitmapFont.draw(labels[row], into: &sheet, x: Self.gap, y: top, scale: scale, colour: Self.labelColour)
            }
            for (column, background) in tiles.enumerated() {
                var tile = background
                if let art {
                    Self.composite(art, onto: &tile, x: (cell - art.width) / 2, y: (cell - art.height) / 2)
                } else {
                    Self.cross(on: &tile)
                }
                Self.paste(tile, into: &sheet, x: Self.gap + column * (cell + Self.gap), y: top + strip)
            }
        }
        return sheet
    }

    /// The chosen frame resized to its display size (pixels / 3, shrunk into the cell of
    /// `gridSize`), or nil when the sticker has no pixels to show.
    public func art(for subject: StickerSubject, gridSize: GridSize) throws -> PixelBuffer? {
        let cell = gridSize.points * scale
        guard let image = subject.image, let last = image.frames.indices.last else { return nil }
        let pixels = image.frames[min(frame, last)].image
        let longest = max(pixels.width, pixels.height)
        guard longest > 0 else { return nil }
        let fit = min(Double(scale) / 3, Double(cell) / Double(longest))
        let w = max(1, Int((Double(pixels.width) * fit).rounded())), h = max(1, Int((Double(pixels.height) * fit).rounded()))
        return w == pixels.width && h == pixels.height ? pixels : try Resampler().resized(pixels, width: w, height: h)
    }

    /// Straight-alpha "over" onto an opaque tile, in gamma-encoded sRGB as Messages composites.
    static func composite(_ art: PixelBuffer, onto tile: inout PixelBuffer, x ox: Int, y oy: Int) {
        for y in 0..<art.height where oy + y >= 0 && oy + y < tile.height {
            for x in 0..<art.width where ox + x >= 0 && ox + x < tile.width {
                let s = art[x, y]
                guard s.a > 0 else { continue }
                let d = tile[ox + x, oy + y], a = Int(s.a)
                func mix(_ sc: UInt8, _ dc: UInt8) -> UInt8 { UInt8((Int(sc) * a + Int(dc) * (255 - a) + 127) / 255) }
                tile[ox + x, oy + y] = RGBA(mix(s.r, d.r), mix(s.g, d.g), mix(s.b, d.b))
            }
        }
    }

    private static func paste(_ tile: PixelBuffer, into sheet: inout PixelBuffer, x: Int, y: Int) {
        for row in 0..<tile.height {
            let src = row * tile.width * 4, dst = ((y + row) * sheet.width + x) * 4
            sheet.pixels.replaceSubrange(dst..<dst + tile.width * 4, with: tile.pixels[src..<src + tile.width * 4])
        }
    }

    /// A red cross marks a sticker that could not be decoded.
    private static func cross(on tile: inout PixelBuffer) {
        let n = min(tile.width, tile.height)
        for i in 0..<n {
            for t in -2...2 where i + t >= 0 && i + t < n {
                tile[i + t, i] = RGBA(200, 30, 30)
                tile[n - 1 - i - t, i] = RGBA(200, 30, 30)
            }
        }
    }
}
