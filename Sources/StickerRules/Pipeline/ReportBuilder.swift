import ImageCodec
import StickerCore

/// Turns checked stickers' summaries and pack findings into a report with a deterministic order.
enum ReportBuilder {
    static func report(tool: ToolInfo, pack: PackInfo, checked: [CheckedSubject], packFindings: [Finding]) -> CheckReport {
        var perSticker = checked.map(\.findings)
        var packLevel: [Finding] = [], orphaned: [Finding] = []
        // The first sticker of a name owns findings that name it; names are unique in a sane pack.
        var indexByName: [String: Int] = [:]
        for (i, c) in checked.enumerated() where indexByName[c.summary.name] == nil { indexByName[c.summary.name] = i }
        for finding in packFindings {
            if let name = finding.sticker {
                if let i = indexByName[name] { perSticker[i].append(finding) } else { orphaned.append(finding) }
            } else {
                packLevel.append(finding)
            }
        }
        let stickers = zip(checked, perSticker).map { c, findings in
            StickerReport(name: c.summary.name, files: c.summary.source.files, facts: c.summary.facts,
                          findings: findings.sorted(by: FindingOrder.precedes),
                          accessibilityLabel: c.summary.source.accessibilityLabel)
        }
        let all = packLevel.sorted(by: FindingOrder.precedes)
            + orphaned.sorted(by: FindingOrder.precedes)
            + stickers.flatMap(\.findings)
        let summary = ReportSummary.tally(stickers: stickers, findings: all)
        return CheckReport(tool: tool, pack: pack, summary: summary, stickers: stickers, findings: all)
    }

    /// What reports show about a sticker; nil when it has no decoded image.
    static func facts(of subject: StickerSubject) -> StickerFacts? {
        StickerSummary.facts(of: subject)
    }
}

extension CheckReport {
    /// The report with findings made after checking (by `build`, on its outputs) added, and the
    /// check's own findings of `replacedRules` dropped: `build` judges `file_too_large` on the file
    /// it writes, not on the source. Order and counts follow the same rules as a fresh report.
    public func amended(with added: [Finding], replacing replacedRules: Set<String>) -> CheckReport {
        var copy = self
        let known = Set(stickers.map(\.name))
        for i in copy.stickers.indices {
            let name = copy.stickers[i].name
            copy.stickers[i].findings = (copy.stickers[i].findings.filter { !replacedRules.contains($0.rule) }
                + added.filter { $0.sticker == name }).sorted(by: FindingOrder.precedes)
        }
        let kept = findings.filter { !replacedRules.contains($0.rule) && ($0.sticker == nil || !known.contains($0.sticker ?? "")) }
            + added.filter { $0.sticker == nil || !known.contains($0.sticker ?? "") }
        // As in a fresh report: pack-level findings first, then those naming a sticker with no entry.
        let packLevel = kept.filter { $0.sticker == nil }.sorted(by: FindingOrder.precedes)
            + kept.filter { $0.sticker != nil }.sorted(by: FindingOrder.precedes)
        copy.findings = packLevel + copy.stickers.flatMap(\.findings)
        copy.summary = ReportSummary.tally(stickers: copy.stickers, findings: copy.findings)
        return copy
    }
}

/// The order of findings within a sticker (and among pack-level ones): worst severity first,
/// then rule id, frame (none first), file (none first) and message, so reports never depend on
/// scheduling.
public enum FindingOrder {
    /// Whether `a` comes before `b`.
    public static func precedes(_ a: Finding, _ b: Finding) -> Bool {
        if a.severity != b.severity { return a.severity > b.severity }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.frame != b.frame { return (a.frame ?? -1) < (b.frame ?? -1) }
        if a.file != b.file { return (a.file ?? "") < (b.file ?? "") }
        return a.message < b.message
    }
}
