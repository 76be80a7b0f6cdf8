import ImageCodec
import StickerCore

/// Stickers are placed on white and dark bubbles and on photos: an edge that keeps the matte it
/// was exported against shows as a fringe (docs/imessage-rules.md: try black, white and photos).
///
/// Judged by the matte model (`EdgeMatteModel`), so designed outlines, rim shading and dark line
/// art, which differ from the artwork next to them but not as a matte would, are not reported,
/// while wide feathered edges (matte mixed in far from the opaque artwork) are.
public struct EdgeHaloCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "edge_halo", name: "Halo along the edge",
        summary: "Pixels along the transparent edge carry a matte colour: they differ from the artwork they fade out of as a flat colour mixed in by (1 - alpha) would.",
        defaultSeverity: .warning, category: .transparency,
        threshold: "10% of edge pixels (thresholds.haloEdgeShare), model within 16 levels")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard !context.isOff(Self.description), subject.decoded != nil, subject.hasTransparency else { return [] }
        let measure = subject.haloMeasure
        let limit = context.thresholds.haloEdgeShare
        guard measure.judged > 0, measure.share > limit else { return [] }
        var parts: [String] = []
        if measure.darker > 0 {
            parts.append("\(share(measure.darker, of: measure.judged)) darker (a dark fringe, visible on light backgrounds)")
        }
        if measure.lighter > 0 {
            parts.append("\(share(measure.lighter, of: measure.judged)) lighter (a light fringe, visible on dark backgrounds)")
        }
        let matte = measure.matte.map { " against a \(Self.name(of: $0)) matte" } ?? ""
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.percent(measure.share)) of \(NumberText.count(measure.judged, "edge pixel")) were exported"
                + "\(matte): \(NumberText.list(parts)); limit \(NumberText.percent(limit))",
            hint: Self.hint(paletteSize: subject.decoded?.facts.paletteSize))]
            .compactMap { $0 }
    }

    /// The finding's advice. A palette image's edge colours are palette entries, as a lossy fit
    /// under `max_bytes` writes them: `fix` un-mixes only into a full-colour file, which the fit
    /// quantizes again, so the hint does not promise that `fix` removes it (docs/fix.md).
    package static func hint(paletteSize: Int?) -> String {
        let export = "re-export with straight (un-premultiplied) alpha and no matte colour; preview the sticker on white, black and a photo."
        guard let paletteSize else { return "Run `stickerforge fix` to remove the matte, or " + export }
        return "The edge's colours are entries of the file's \(paletteSize)-colour palette, as a lossy fit under max_bytes "
            + "writes them: `stickerforge fix` cannot un-mix them within the palette, and a fit quantizes full colours again. "
            + "Allow more bytes so that the fit keeps more colours, or " + export
    }

    /// "black", "white" or "rgb(r, g, b)".
    package static func name(of colour: RGBA) -> String {
        switch (colour.r, colour.g, colour.b) {
        case (0, 0, 0): return "black"
        case (255, 255, 255): return "white"
        default: return "rgb(\(colour.r), \(colour.g), \(colour.b))"
        }
    }

    private func share(_ count: Int, of total: Int) -> String { NumberText.percent(Double(count) / Double(total)) }

    public static var examples: CheckExamples {
        func still(_ buffer: PixelBuffer) -> StickerSubject { .example(image: ExampleImage.still(buffer)) }
        return CheckExamples(
            triggering: [
                CheckExample("anti-aliased edge exported against black", still(
                    ExampleImage.canvas(408, 408, inset: 20, fringe: RGBA(15, 70, 110, 128)))),
                CheckExample("anti-aliased edge exported against white", still(
                    ExampleImage.canvas(408, 408, inset: 20, content: RGBA(20, 20, 60), fringe: RGBA(138, 138, 158, 128)))),
                CheckExample("multi-coloured disc, 14 px feather exported against black",
                             still(EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0)))),
                CheckExample("multi-coloured disc, 14 px feather exported against white",
                             still(EdgeExamples.featheredDisc(matte: RGBA(255, 255, 255)))),
                CheckExample("a rainbow changing under the feather, exported against black",
                             still(EdgeExamples.featheredDisc(matte: RGBA(0, 0, 0), artwork: .rainbow))),
                CheckExample("the left 30% of the edge exported against black, the rest clean",
                             still(EdgeExamples.thirdMattedDisc())),
                CheckExample("60% of the edge exported against black, the rest against white",
                             still(EdgeExamples.twoMatteDisc())),
            ],
            nonTriggering: [
                CheckExample("fringe in the artwork's colour", still(
                    ExampleImage.canvas(408, 408, inset: 20, fringe: RGBA(30, 140, 220, 128)))),
                CheckExample("hard edge", still(ExampleImage.canvas(408, 408, inset: 20))),
                CheckExample("clean multi-coloured disc with a 14 px feather", still(EdgeExamples.featheredDisc(matte: nil))),
                CheckExample("designed dark outline, anti-aliased", still(EdgeExamples.outlinedDisc())),
                CheckExample("rim shading darkening the soft edge", still(EdgeExamples.rimShadedDisc())),
                CheckExample("thin dark line art at half alpha", still(
                    ExampleImage.canvas(408, 408, inset: 20, fringe: RGBA(0, 0, 0, 128)))),
                CheckExample("dark whiskers reaching into transparency", still(EdgeExamples.whiskers())),
            ])
    }
}
