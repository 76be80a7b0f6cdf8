import ImageCodec
import StickerCore

/// An animation that plays otherwise than the store's table expects (`AnimationLimits.loops`): LINE
/// takes 1 to 4 plays, never forever; Signal's stickers loop forever (its written rule); WhatsApp,
/// Discord and Telegram expect a sticker in a chat to loop, and show one that stops frozen on its
/// last frame. Off where the store sets no expectation.
public struct LoopCountCheck: StickerCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "loop_count", name: "Play count the store does not expect",
        summary: "An animation's play count is not the one the chosen store takes or expects (a count, or forever).",
        defaultSeverity: .warning, category: .animation,
        threshold: "LINE: 1 to 4 plays (error); Signal: forever (error); WhatsApp, Discord, Telegram: forever (warning)")

    public func check(_ subject: StickerSubject, context: CheckContext) -> [Finding] {
        guard let expected = context.platform.animation.loops, subject.isAnimated, let image = subject.decoded,
              !expected.accepts(image.loopCount) else { return [] }
        let plays = image.loopCount == 0 ? "plays forever" : "plays \(NumberText.count(image.loopCount, "time"))"
        let store = context.platform.name
        let message: String, hint: String
        switch expected {
        case .plays(let range):
            message = "the animation \(plays); \(store) takes \(range.lowerBound) to \(range.upperBound) plays"
            hint = "Set the loop count (APNG num_plays, or `loops:` for a sequence) to \(range.lowerBound)-\(range.upperBound), "
                + "keeping all plays together within the duration limit."
        case .forever(let published):
            message = "the animation \(plays) and then freezes on its last frame; \(store) "
                + (published ? "takes only animations that loop forever" : "expects a sticker in a chat to loop forever")
            hint = "Set the loop count to 0 (forever): `stickerforge build --platform \(context.platform.id)` writes it unless "
                + "`--loops` says otherwise."
        }
        // A store's written rule is an error; what it only expects stays at the rule's default.
        return [context.finding(Self.description, sticker: subject.name, file: subject.primaryFile, message: message, hint: hint,
                                atLeast: expected.isPublished ? .error : nil)].compactMap { $0 }
    }

    public static var examples: CheckExamples {
        CheckExamples(
            triggering: [
                CheckExample("LINE: loops forever", PlatformExamples.animation(320, height: 270, frames: 6, loopCount: 0, format: .apng),
                             severity: .error, platform: .line),
                CheckExample("LINE: 5 plays", PlatformExamples.animation(320, height: 270, frames: 6, loopCount: 5, format: .apng),
                             severity: .error, platform: .line),
                CheckExample("Signal: an APNG playing once", PlatformExamples.animation(loopCount: 1, format: .apng),
                             severity: .error, platform: .signal),
                CheckExample("WhatsApp: a WebP playing once", PlatformExamples.animation(loopCount: 1),
                             severity: .warning, platform: .whatsapp),
                CheckExample("Discord: an APNG playing twice",
                             PlatformExamples.animation(320, frames: 6, loopCount: 2, format: .apng),
                             severity: .warning, platform: .discord),
            ],
            nonTriggering: [
                CheckExample("LINE: 3 plays", PlatformExamples.animation(320, height: 270, frames: 6, loopCount: 3, format: .apng),
                             platform: .line),
                CheckExample("Signal: loops forever", PlatformExamples.animation(format: .apng), platform: .signal),
                CheckExample("WhatsApp: loops forever", PlatformExamples.animation(), platform: .whatsapp),
                CheckExample("iMessage: plays once (finite_loop's to report)", PlatformExamples.animation(loopCount: 1, format: .apng)),
            ])
    }
}
