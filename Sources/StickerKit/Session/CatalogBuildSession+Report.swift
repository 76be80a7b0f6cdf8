import Foundation
import StickerCore
import StickerReports
import StickerFixes
import StickerRules

extension CatalogBuildSession {
    /// The check report amended with what the build found. The build judges file_too_large on what
    /// it wrote; icon slots are already reported by the check; a foreign file (WebP...) it converted
    /// ships as PNG/APNG, so its unsupported_format is settled. A fitted sticker's file rules are
    /// judged on the file it ships (one truth with `check` on the output).
    static func amend(_ report: CheckReport, by plan: BuildPlan, configuration: CheckConfiguration,
                      gridSize: GridSize) -> CheckReport {
        let built = plan.findings.filter { $0.rule != IconSlotMissingCheck.description.id }
        return plan.truthful(
            report, context: CheckContext(configuration: configuration, gridSize: gridSize),
            added: configured(built, by: configuration) + plan.unsettledFormatFindings(of: report),
            replacing: ["file_too_large", UnsupportedFormatCheck.description.id])
    }

    /// Build findings at the severities the configuration sets for their rules (rules set to `off` drop out).
    public static func configured(_ findings: [Finding], by configuration: CheckConfiguration) -> [Finding] {
        findings.compactMap { finding in
            guard let rule = RuleRegistry.description(for: finding.rule) else { return finding }
            let severity = configuration.severity(for: rule)
            if severity == .off { return nil }
            var copy = finding
            copy.severity = severity
            return copy
        }
    }

    /// `report.html`: the amended report, its stickers' files read from the (repaired) catalog they
    /// were checked in. Sequences show as the APNGs just built, not encoded a second time; with
    /// `--fix` a repaired sticker shows as built too (its "After" is the file the build wrote), and
    /// the page opens with the fix's before/after section, as `fix --report html`.
    static func html(_ amended: CheckReport, subjects: CheckedStickers, maxBytes: Int, plan: BuildPlan,
                     fixes: FixOutcome?, source: StickerPack) -> String {
        let renderer = ReportRenderer(report: amended, subjects: subjects, maxBytes: maxBytes, useColor: false)
        let repaired = Set((fixes?.report.stickers ?? []).filter { !($0.fixes ?? []).isEmpty }.map(\.name))
        var animations: [String: [UInt8]] = [:]
        for entry in plan.manifest.stickers where entry.format == "apng" || repaired.contains(entry.name) {
            if let bytes = plan.files[entry.file] { animations[entry.name] = bytes }
        }
        let media = renderer.media(prebuilt: animations)
        return fixes.map { renderer.renderFixHTML(outcome: $0, source: source, after: media) } ?? renderer.renderHTML(media: media)
    }
}
