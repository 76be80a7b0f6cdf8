import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Rules that only `build` reports, described like the checks so that SARIF and JUnit can name them.
public enum BuildRules {
    /// A sticker whose output could not be made; the other stickers are still built.
    public static let buildFailed = RuleDescription(
        id: "build_failed", name: "Sticker could not be built",
        summary: "A sticker's frames could not be read, decoded or assembled, so the pack has no output for it.",
        defaultSeverity: .error, category: .catalog)

    /// A `--fit` sticker that fits the byte limit only below `--min-quality`: the best candidate under
    /// the limit ships (not the lossless file over it), and the report gives its figures.
    public static let fitBelowQualityFloor = RuleDescription(
        id: "fit_below_quality_floor", name: "Fitted below the quality floor",
        summary: "Nothing at or over --min-quality fits the byte limit; the best candidate under the limit was written.",
        defaultSeverity: .warning, category: .size)

    /// Every rule a check or a build can report, for reporters' rule metadata.
    public static var reportDescriptions: [RuleDescription] { RuleRegistry.allDescriptions + [buildFailed, fitBelowQualityFloor] }
}
