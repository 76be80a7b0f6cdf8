/// Rules that only `build` reports, described like the checks so that SARIF and JUnit can name them.
public enum BuildRules {
    /// A sticker whose output could not be made; the other stickers are still built.
    public static let buildFailed = RuleDescription(
        id: "build_failed", name: "Sticker could not be built",
        summary: "A sticker's frames could not be read, decoded or assembled, so the pack has no output for it.",
        defaultSeverity: .error, category: .catalog)

    /// Every rule a check or a build can report, for reporters' rule metadata.
    public static var reportDescriptions: [RuleDescription] { RuleRegistry.allDescriptions + [buildFailed] }
}
