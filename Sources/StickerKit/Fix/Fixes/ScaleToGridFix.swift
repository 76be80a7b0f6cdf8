import ImageCodec

/// `dimensions_too_large` and `exceeds_grid_size`: scales the sticker into its grid cell, keeping
/// the aspect ratio (Lanczos-3 in linear light with premultiplied alpha, `Resampler`); an animation
/// frame by frame with every delay unchanged.
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
        let (nw, nh) = Self.size(fitting: w, h, into: cell)
        try work.replacePixels { try Resampler().resized($0, width: nw, height: nh) }
        let scale = Double(nw) / Double(w)
        return FixRecord(rule: tooLarge ? "dimensions_too_large" : "exceeds_grid_size", action: Self.description.action,
                         details: "\(NumberText.size(w, h)) -> \(NumberText.size(nw, nh)) (scale \(NumberText.decimal(scale, places: 4))) "
                             + "into the \(context.check.gridSize.rawValue) grid cell of \(cell) px, "
                             + "\(NumberText.count(work.image.frames.count, "frame")), timing unchanged")
    }

    /// `width` x `height` scaled so the longer side is `side`, the shorter one rounded (at least 1).
    static func size(fitting width: Int, _ height: Int, into side: Int) -> (Int, Int) {
        if width >= height { return (side, max(1, (height * side + width / 2) / width)) }
        return (max(1, (width * side + height / 2) / height), side)
    }

    public static var examples: FixExamples {
        FixExamples(
            triggering: [
                FixExample("640x480 still", .example(ExampleImage.still(ExampleImage.canvas(640, 480, inset: 20)))),
                FixExample("408 px animation in a small grid", .example(ExampleImage.animation(
                    [ExampleImage.canvas(408, 408, inset: 20), ExampleImage.canvas(408, 408, inset: 40)])), gridSize: .small),
            ],
            nonTriggering: [
                FixExample("618 px in a large grid", .example(ExampleImage.still(ExampleImage.canvas(618, 618, inset: 20)))),
                FixExample("300 px in a small grid", .example(ExampleImage.still(ExampleImage.canvas(300, 300, inset: 10))),
                           gridSize: .small),
            ])
    }
}
