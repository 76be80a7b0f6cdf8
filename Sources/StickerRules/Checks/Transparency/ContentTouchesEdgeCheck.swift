import ImageCodec
import StickerCore

/// Artwork that reaches the canvas border looks cut off when the sticker is peeled and placed.
public struct ContentTouchesEdgeCheck: StickerCheck {
    /// A check.
    public init() {}

    /// A pixel counts as visible content from this alpha on; fainter pixels (soft shadows) may reach the border.
    public static let minimumAlpha = FrameAlphaScan.visibleAlpha

    public static let description = RuleDescription(
        id: "content_touches_edge", name: "Content touches the edge",
        summary: "Visible pixels (alpha 128 or more) lie on the canvas border in some frame, so the artwork looks clipped.",
        defaultSeverity: .warning, category: .transparency, threshold: "alpha 128")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let image = subject.decoded, subject.hasTransparency else { return [] }
        // An opaque image touches every border by definition; `no_transparency` covers it.
        var sides: Set<PixelScan.Side> = []
        var touching: [Int] = []
        for (index, scan) in subject.alphaScans.enumerated() {
            let touched = scan.sidesTouched(width: image.width, height: image.height)
            if !touched.isEmpty { touching.append(index); sides.formUnion(touched) }
        }
        guard let first = touching.first else { return [] }
        let names = sides.sorted().map(\.name)
        var message = "visible pixels touch the \(NumberText.list(names)) \(names.count == 1 ? "edge" : "edges") of the canvas"
        if subject.isAnimated {
            message += " in \(NumberText.int(touching.count)) of \(NumberText.count(image.frameCount, "frame")) (first: frame \(first))"
        }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            frame: subject.isAnimated && touching.count == 1 ? first : nil, message: message,
            hint: "Leave a transparent margin of a few pixels around the artwork.")]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("artwork to the border", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 0).withClearPixel()))),
                CheckExample("one frame reaches the border", .example(image: ExampleImage.animation([
                    ExampleImage.canvas(408, 408, inset: 20), ExampleImage.canvas(408, 408, inset: 20).withClearPixel(opaqueAt: (0, 200)),
                ]))),
            ],
            nonTriggering: [
                CheckExample("margin", .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 4)))),
                CheckExample("faint shadow at the border", .example(image: ExampleImage.still(
                    ExampleImage.canvas(408, 408, inset: 20, background: RGBA(0, 0, 0, 60))))),
            ])
    }
}

extension PixelBuffer {
    /// A copy with pixel (0, 0) cleared (so the image has transparency) and, optionally, one
    /// pixel made opaque: for examples.
    func withClearPixel(opaqueAt point: (Int, Int)? = nil) -> PixelBuffer {
        var copy = self
        copy[0, 0] = .clear
        if let point { copy[point.0, point.1] = ExampleImage.ink }
        return copy
    }
}
