import StickerCore
import StickerEncoding
import StickerRules

/// The findings of a report grouped the way people and test dashboards read them: pack-level
/// findings, then one group per sticker. Built from `report.findings`, the one list that holds
/// every finding, so a finding for a sticker missing from `report.stickers` is still shown.
struct FindingGroups: Sendable {
    /// One sticker's findings, or the pack's when `name` is nil.
    struct Group: Sendable {
        /// Sticker name; nil for the pack-level group.
        var name: String?
        /// The sticker's files relative to the catalog root (empty when unknown).
        var files: [String]
        /// Findings, worst first; equal severities keep report order.
        var findings: [Finding]
        /// The worst severity among the findings, nil when there are none.
        var worst: Severity? { findings.map(\.severity).max() }
    }

    /// Findings with no sticker, worst first.
    var pack: Group
    /// Every sticker of the pack in pack order, then stickers that only findings name, in the
    /// order they first appear.
    var stickers: [Group]

    init(_ report: CheckReport) {
        var order: [String] = []
        var byName: [String: Group] = [:]
        for sticker in report.stickers where byName[sticker.name] == nil {
            order.append(sticker.name)
            byName[sticker.name] = Group(name: sticker.name, files: sticker.files, findings: [])
        }
        var packFindings: [Finding] = []
        for finding in report.findings {
            guard let name = finding.sticker else { packFindings.append(finding); continue }
            if byName[name] == nil {
                order.append(name)
                byName[name] = Group(name: name, files: [], findings: [])
            }
            byName[name]?.findings.append(finding)
        }
        pack = Group(name: nil, files: [], findings: Self.worstFirst(packFindings))
        stickers = order.compactMap { name in
            byName[name].map { Group(name: $0.name, files: $0.files, findings: Self.worstFirst($0.findings)) }
        }
    }

    /// Sticker groups that have findings, worst severity first; ties keep pack order.
    var stickersWorstFirst: [Group] {
        stickers.enumerated()
            .filter { !$0.element.findings.isEmpty }
            .sorted { lhs, rhs in
                let l = lhs.element.worst ?? .off, r = rhs.element.worst ?? .off
                return l != r ? l > r : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// A stable worst-first sort: `sorted` alone does not promise to keep equal elements in order.
    static func worstFirst(_ findings: [Finding]) -> [Finding] {
        findings.enumerated()
            .sorted { $0.element.severity != $1.element.severity
                ? $0.element.severity > $1.element.severity : $0.offset < $1.offset }
            .map(\.element)
    }
}
