import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// `dimensions_too_large` and `exceeds_grid_size`: scales the sticker into its grid cell, keeping
/// the aspect ratio (Lanczos-3 in linear light with premultiplied alpha, `Resampler`); an animation
/// frame by frame with every delay unchanged. The geometry is `--fit`'s (`CellPlacement`): a side
/// the scaling would push below 300 px is padded with transparency up to 300 px instead.
public struct ScaleToGridFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["dimensions_too_large", "exceeds_grid_size"], action: "scale",
        summary: "Scales the sticker into the grid cell, aspect ratio kept, Lanczos-3 in linear light; animations frame by frame.")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        let cell = context.check.gridSize.maxPixels
        let w = work.image.width, h = work.image.height
        let tooLarge = context.finds(DimensionsTooLargeCheck(), in: work)
        guard tooLarge || context.finds(ExceedsGridSizeCheck(), in: work) else { return nil }
        let placement = CellPlacement(width: w, height: h, cell: cell)
        try work.replacePixels { try placement.apply($0) }
        return FixRecord(rule: tooLarge ? "dimensions_too_large" : "exceeds_grid_size", action: Self.description.action,
                         details: "\(NumberText.size(w, h)) -> \(NumberText.size(placement.width, placement.height)) "
                             + "(scale \(NumberText.decimal(placement.scale, places: 4))) into the \(context.check.gridSize.rawValue) grid cell "
                             + "of \(cell) px\(placement.padding), \(NumberText.count(work.image.frames.count, "frame")), timing unchanged")
    }

    public static var examples: FixExamples {
        FixExamples(
            triggering: [
                FixExample("640x480 still", .example(ExampleImage.still(ExampleImage.canvas(640, 480, inset: 20)))),
                FixExample("408 px animation in a small grid", .example(ExampleImage.animation(
                    [ExampleImage.canvas(408, 408, inset: 20), ExampleImage.canvas(408, 408, inset: 40)])), gridSize: .small),
                FixExample("375x519 in a regular grid (padded to 300x408)",
                           .example(ExampleImage.still(ExampleImage.canvas(375, 519, inset: 10))), gridSize: .regular),
            ],
            nonTriggering: [
                FixExample("618 px in a large grid", .example(ExampleImage.still(ExampleImage.canvas(618, 618, inset: 20)))),
                FixExample("300 px in a small grid", .example(ExampleImage.still(ExampleImage.canvas(300, 300, inset: 10))),
                           gridSize: .small),
            ])
    }
}
