import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `dimensions_too_small` (opt-in, `--upscale`): scales the sticker up until its shorter side
/// reaches 300 px, aspect ratio kept, Lanczos-3 in sRGB codes (`Resampler` enlarges there: linear
/// light thins dark lines), or until its longer side fills the grid cell, then pads a side still
/// below 300 px with transparency (`CellPlacement`, `--fit`'s geometry). Detail that was never
/// drawn cannot be recovered: the record says so. A vector source (Lottie, TGS) is rendered again
/// into the grid cell instead, as build and check render it: sharp, never enlarged as pixels.
/// A sticker larger than the cell is `ScaleToGridFix`'s.
public struct UpscaleFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["dimensions_too_small"], action: "upscale",
        summary: "Scales a sticker below 300 px up to 300 px on its shorter side (detail cannot be recovered).",
        optIn: "--upscale")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard context.settings.upscale, context.finds(DimensionsTooSmallCheck(), in: work) else { return nil }
        let w = work.image.width, h = work.image.height, cell = context.check.gridSize.maxPixels
        guard max(w, h) <= cell else { return nil }
        let placement = CellPlacement(width: w, height: h, cell: cell)
        if [.lottie, .tgs].contains(work.format), let bytes = work.bytes {
            // Rendered again into the grid cell, as build and check render it: the vectors stay sharp.
            let image: DecodedImage
            do {
                image = try ImageDecoder().decode(bytes, options: DecodeOptions(fitBox: cell))
            } catch {
                throw FixError.codec(file: work.file, reason: "rendering again into the \(cell) px grid cell: \(error)")
            }
            let rendered = CellPlacement(width: image.width, height: image.height, cell: cell)
            work.image = image
            try work.replacePixels { try rendered.apply($0) }
            return FixRecord(rule: "dimensions_too_small", action: Self.description.action,
                             details: "\(NumberText.size(w, h)) -> rendered again at \(NumberText.size(image.width, image.height))"
                                 + " into the \(cell) px grid cell\(rendered.padding); vector source: sharp, not enlarged as pixels")
        }
        try work.replacePixels { try placement.apply($0) }
        return FixRecord(rule: "dimensions_too_small", action: Self.description.action,
                         details: placement.summary + "; warning: upscaling cannot recover detail, re-export at the larger size when you can")
    }

    public static var examples: FixExamples {
        var on = FixSettings()
        on.upscale = true
        let small = ExampleImage.still(ExampleImage.canvas(200, 150, inset: 10))
        return FixExamples(
            triggering: [FixExample("200x150 with --upscale", .example(small), settings: on)],
            nonTriggering: [
                FixExample("200x150 without --upscale", .example(small)),
                FixExample("300x300 with --upscale", .example(ExampleImage.still(ExampleImage.canvas(300, 300, inset: 10))),
                           settings: on),
                FixExample("100x700 (larger than the cell: scaled down by scale_to_grid)",
                           .example(ExampleImage.still(ExampleImage.canvas(100, 700, inset: 10))), settings: on),
            ])
    }
}
