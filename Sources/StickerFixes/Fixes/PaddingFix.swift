import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `content_touches_edge` and `excess_padding`: pads or trims the canvas by whole pixels, never
/// scaling. Touching the edge: a transparent margin of `margin` px on every side, when the padded
/// canvas still fits the grid cell. Excess padding: the canvas trimmed to the content (the union
/// over all frames) plus the margin, kept at least 300 px a side and centred on the content.
/// Frame sequences are left alone (their frame files must keep one size).
public struct PaddingFix: StickerFix {
    /// A fix.
    public init() {}

    /// Transparent pixels kept or added around the content.
    public static let margin = 4

    public static let description = FixDescription(
        rules: ["content_touches_edge", "excess_padding"], action: "pad_or_trim",
        summary: "Pads a canvas whose content touches the edge, or trims excess padding, by whole pixels when the canvas allows it without scaling.")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        // A sequence's frame files must keep one canvas size; judged one by one they would not.
        guard !work.isSequenceFrame else { return nil }
        let w = work.image.width, h = work.image.height
        if context.finds(ContentTouchesEdgeCheck(), in: work) {
            let m = Self.margin, cell = context.check.gridSize.maxPixels
            guard w + 2 * m <= cell, h + 2 * m <= cell else { return nil }
            work.replacePixels { PixelBuffer.placed($0, in: PixelRegion(x: -m, y: -m, width: w + 2 * m, height: h + 2 * m)) }
            return FixRecord(rule: "content_touches_edge", action: Self.description.action,
                             details: "\(NumberText.size(w, h)) -> \(NumberText.size(w + 2 * m, h + 2 * m)): a \(m) px transparent margin added, not scaled")
        }
        guard context.finds(ExcessPaddingCheck(), in: work), let box = Self.contentBox(work.image) else { return nil }
        let minSide = DimensionsTooSmallCheck.minimumSide
        func span(_ start: Int, _ length: Int, _ total: Int) -> (Int, Int) {
            let want = min(total, max(minSide, length + 2 * Self.margin))
            let origin = min(max(0, start - (want - length) / 2), total - want)
            return (origin, want)
        }
        let (x, nw) = span(box.x, box.width, w), (y, nh) = span(box.y, box.height, h)
        guard nw < w || nh < h else { return nil }
        let region = PixelRegion(x: x, y: y, width: nw, height: nh)
        work.replacePixels { $0.cropped(to: region) }
        return FixRecord(rule: "excess_padding", action: Self.description.action,
                         details: "\(NumberText.size(w, h)) -> \(NumberText.size(nw, nh)): transparent margin trimmed "
                             + "(crop \(region)), not scaled")
    }

    /// The union of every frame's visible pixels.
    static func contentBox(_ image: DecodedImage) -> PixelRegion? {
        var box: PixelRegion?
        for frame in image.frames {
            guard let b = PixelScan.bounds(of: frame.image, minAlpha: 1) else { continue }
            box = box.map { a in
                let x = min(a.x, b.x), y = min(a.y, b.y)
                return PixelRegion(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
            } ?? b
        }
        return box
    }


    public static var examples: FixExamples {
        var touching = ExampleImage.canvas(300, 300, inset: 0)
        touching[150, 150] = .clear
        return FixExamples(
            triggering: [
                FixExample("300 px artwork to the border in a regular grid", .example(ExampleImage.still(touching)), gridSize: .regular),
                FixExample("408 px canvas, content 200 px", .example(ExampleImage.still(ExampleImage.canvas(408, 408, inset: 104)))),
            ],
            nonTriggering: [
                FixExample("408 px artwork to the border in a regular grid (no room)",
                           .example(ExampleImage.still({ var b = ExampleImage.canvas(408, 408, inset: 0); b[9, 9] = .clear; return b }())),
                           gridSize: .regular),
                FixExample("a 20 px margin", .example(ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20)))),
            ])
    }
}
