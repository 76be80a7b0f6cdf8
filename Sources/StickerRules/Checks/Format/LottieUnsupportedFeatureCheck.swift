import ImageCodec
import StickerCore

/// A Lottie or TGS file using a feature lottie-web (Bodymovin's own player) draws and StickerForge's
/// renderer cannot draw faithfully: its frames would differ from what the author saw, so the rule
/// says which feature on which layer instead of passing a wrong frame silently
/// (`SourceFacts.lottieUnsupportedFeatures`; docs/verification.md, "Lottie").
public struct LottieUnsupportedFeatureCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "lottie_unsupported_feature", name: "Lottie feature not rendered faithfully",
        summary: "A Lottie/TGS file uses a feature StickerForge cannot draw as lottie-web draws it.",
        defaultSeverity: .warning, category: .format)

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        (subject.decoded?.facts.lottieUnsupportedFeatures ?? []).compactMap { feature in
            context.finding(
                Self.description, sticker: subject.name, file: subject.primaryFile,
                message: "\(feature.description) is not drawn as lottie-web draws it; the frames differ there",
                hint: "Check the frames (`stickerforge frames`), or flatten the feature in the animation (precompose, bake the effect into shapes) and export again.")
        }
    }

    public static var examples: CheckExamples {
        var lottie = ExampleImage.still(ExampleImage.canvas(512, 512, inset: 40))
        lottie.facts.format = .lottie
        var blurred = lottie
        blurred.facts.lottieUnsupportedFeatures = [LottieUnsupportedFeature(feature: "Gaussian Blur effect", layer: "glow")]
        return CheckExamples(
            triggering: [CheckExample("a Gaussian Blur effect", .example(image: blurred))],
            nonTriggering: [CheckExample("a Lottie file with mattes and Fill effects only", .example(image: lottie))])
    }
}
