import ImageCodec
import StickerCore

/// A sticker larger than its pack's grid cell is shrunk by Messages and may not look as intended.
///
/// Sizes beyond 618 px are left to `dimensions_too_large`, which already covers every grid.
public struct ExceedsGridSizeCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "exceeds_grid_size", name: "Larger than the grid cell",
        summary: "The sticker is larger than its pack's grid cell, so Messages shrinks it.",
        defaultSeverity: .warning, category: .pixels,
        threshold: "the grid cell: 300 (small), 408 (regular) or 618 (large) px a side")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded else { return [] }
        let cell = context.gridSize.maxPixels
        let maximum = DimensionsTooLargeCheck.maximumSide
        guard image.width > cell || image.height > cell, image.width <= maximum, image.height <= maximum else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.size(image.width, image.height)), larger than the \(context.gridSize.rawValue) grid cell "
                + "of \(NumberText.size(cell, cell)); Messages shrinks it",
            hint: "Export at \(cell)x\(cell) px, or choose a larger grid size for the pack.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let regular = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20))
        return CheckExamples(
            triggering: [CheckExample("408 px in a small grid", .example(image: regular), gridSize: .small)],
            nonTriggering: [
                CheckExample("408 px in a regular grid", .example(image: regular), gridSize: .regular),
                CheckExample("300 px in a small grid",
                             .example(image: ExampleImage.still(ExampleImage.canvas(300, 300, inset: 10))), gridSize: .small),
            ])
    }
}
