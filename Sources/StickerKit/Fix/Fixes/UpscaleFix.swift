import ImageCodec

/// `dimensions_too_small` (opt-in, `--upscale`): scales the sticker up until its shorter side
/// reaches 300 px, aspect ratio kept, Lanczos-3 in linear light. Detail that was never drawn cannot
/// be recovered: the record says so.
public struct UpscaleFix: StickerFix {
    /// A fix.
    public init() {}

    public static let description = FixDescription(
        rules: ["dimensions_too_small"], action: "upscale",
        summary: "Scales a sticker below 300 px up to 300 px on its shorter side (detail cannot be recovered).",
        optIn: "--upscale")

    public func apply(to work: inout FixWork, context: FixContext) throws -> FixRecord? {
        guard context.settings.upscale, context.finds(DimensionsTooSmallCheck(), in: work) else { return nil }
        let w = work.image.width, h = work.image.height
        let side = DimensionsTooSmallCheck.minimumSide
        let (nw, nh) = w <= h ? (side, (h * side + w / 2) / w) : ((w * side + h / 2) / h, side)
        guard max(nw, nh) <= DimensionsTooLargeCheck.maximumSide else { return nil }
        try work.replacePixels { try Resampler().resized($0, width: nw, height: nh) }
        return FixRecord(rule: "dimensions_too_small", action: Self.description.action,
                         details: "\(NumberText.size(w, h)) -> \(NumberText.size(nw, nh)) "
                             + "(scale \(NumberText.decimal(Double(nw) / Double(w), places: 4))); warning: upscaling "
                             + "cannot recover detail, re-export at the larger size when you can")
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
                FixExample("100x700 (upscaling would exceed 618 px)",
                           .example(ExampleImage.still(ExampleImage.canvas(100, 700, inset: 10))), settings: on),
            ])
    }
}
