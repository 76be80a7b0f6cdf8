import ImageCodec
import StickerCore

/// A PNG whose acTL comes after its first IDAT is no APNG: the APNG spec puts acTL before IDAT, and
/// browsers, Signal's and other stores' apps show such a file as its default image, a still. The
/// decoder reads it the same way and keeps the acTL's offset (`SourceFacts.lateACTLOffset`). Signal
/// states the order as its own rule (`AnimationLimits.requiresACTLBeforeIDAT`): an error there.
public struct APNGACTLOrderCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "apng_actl_order", name: "acTL after IDAT",
        summary: "The PNG's animation control chunk (acTL) comes after the image data, so every viewer shows a still.",
        defaultSeverity: .warning, category: .format, threshold: "Signal: error")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let offset = subject.decoded?.facts.lateACTLOffset else { return [] }
        let required = context.platform.animation.requiresACTLBeforeIDAT
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "the acTL chunk at offset \(offset) comes after the first IDAT; viewers show the file as a still"
                + (required ? ", and \(context.platform.name) takes only APNGs whose acTL comes before it" : ""),
            hint: "Re-export the APNG so acTL comes before the first IDAT (apngasm and libpng's APNG writers do).",
            atLeast: required ? .error : nil)]
            .compactMap { $0 }
    }

    public static var examples: CheckExamples {
        let art = ExampleImage.canvas(512, 512, inset: 20)
        var late = ExampleImage.still(art)
        late.facts.lateACTLOffset = 1_234
        return CheckExamples(
            triggering: [
                CheckExample("acTL after IDAT", .example(image: late)),
                CheckExample("Signal: acTL after IDAT", .example(image: late), severity: .error, platform: .signal),
            ],
            nonTriggering: [
                CheckExample("plain PNG", .example(image: ExampleImage.still(art))),
                CheckExample("Signal: APNG with acTL first", PlatformExamples.animation(format: .apng), platform: .signal),
            ])
    }
}
