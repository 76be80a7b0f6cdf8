import StickerCore

/// WhatsApp and LINE take a pack that is all still or all animated, never both.
public struct MixedAnimationCheck: PackCheck {
    /// A check.
    public init() {}

    public static let description = RuleDescription(
        id: "mixed_animation", name: "Still and animated stickers mixed",
        summary: "The pack mixes still and animated stickers where the chosen store takes one kind per pack.",
        defaultSeverity: .error, category: .catalog, threshold: "WhatsApp and LINE: one kind per pack")

    public func check(_ pack: PackSubject, context: CheckContext) -> [Finding] {
        guard !context.platform.mixesStillAndAnimated else { return [] }
        let animated = pack.summaries.filter(\.animatesForStore).map(\.name)
        let still = pack.summaries.filter { $0.facts != nil && !$0.animatesForStore }.map(\.name)
        guard !animated.isEmpty, !still.isEmpty else { return [] }
        return [context.finding(
            Self.description, sticker: nil, file: nil,
            message: "\(NumberText.count(animated.count, "sticker")) \(animated.count == 1 ? "animates" : "animate") "
                + "(\(Self.names(animated))) and \(NumberText.count(still.count, "sticker")) "
                + "\(still.count == 1 ? "does" : "do") not (\(Self.names(still))); "
                + "\(context.platform.name) takes a pack that is all still or all animated",
            hint: "Split the pack in two, one still and one animated.")].compactMap { $0 }
    }

    /// The first few names.
    static func names(_ names: [String]) -> String {
        names.count <= 3 ? NumberText.list(names) : names.prefix(3).joined(separator: ", ") + ", ..."
    }

    public static var examples: CheckExamples {
        var mixed = PackSubject.storeExample(count: 3)
        mixed.summaries.append(StickerSummary(PlatformExamples.animation(name: "moving")))
        return CheckExamples(
            triggering: [CheckExample("WhatsApp: 3 still and 1 animated", pack: mixed, platform: .whatsapp)],
            nonTriggering: [
                CheckExample("WhatsApp: all animated", pack: .storeExample(count: 3, animated: true), platform: .whatsapp),
                CheckExample("Telegram: mixed", pack: mixed, platform: .telegram),
            ])
    }
}
