import Dispatch
import ImageCodec
import StickerCore
import StickerFixes
import StickerReports
import StickerRules

/// A sticker before and after `fix`, made in memory: the same repairer `fix` runs on each sticker
/// (`StickerRepairer`), on the pack's own files, with `fix`'s default settings. Nothing is written.
struct FixPreviewer: Sendable {
    /// What the fix would do to one sticker.
    struct Preview: Sendable {
        /// What each fix would do.
        var records: [FixRecord]
        /// Fixes the guard would refuse, and why.
        var refused: [RefusedFix]
        /// Repairs that cannot be made.
        var problems: [String]
        /// The repaired image, nil when no file's bytes would change.
        var after: StickerMedia?
        /// Files the fix would rename: (from, to).
        var renames: [(String, String)]
    }

    /// One preview at a time, on a thread of its own: a repair is seconds of CPU that must not hold
    /// the cooperative threads the server answers on (the page's images would wait behind it).
    private static let queue = DispatchQueue(label: "stickerforge.serve.fix-preview", qos: .utility)

    /// `preview(_:snapshot:)` run on the previews' own queue.
    func previewOffPool(_ source: StickerSource, snapshot: ServeSnapshot) async -> Preview {
        await withCheckedContinuation { continuation in
            Self.queue.async { continuation.resume(returning: preview(source, snapshot: snapshot)) }
        }
    }

    /// Repairs `source` of `snapshot`'s pack in memory.
    func preview(_ source: StickerSource, snapshot: ServeSnapshot) -> Preview {
        let configuration = snapshot.configuration
        let context = FixContext(check: CheckContext(configuration: configuration, gridSize: snapshot.pack.gridSize))
        let repair = StickerRepairer(context: context, limits: configuration.decodeLimits).repair(source, root: snapshot.pack.root)
        var after: StickerMedia?
        if let bytes = repair.files.first(where: { $0.bytes != nil })?.bytes,
           let image = try? ImageDecoder(limits: configuration.decodeLimits).decode(bytes) {   // undecodable: no after image, the records still show
            let mime = FormatSniffer.sniff(bytes) == .gif ? "image/gif" : "image/png"
            after = StickerMedia(data: bytes, mimeType: mime, width: image.width, height: image.height)
        }
        return Preview(records: repair.records, refused: repair.refused, problems: repair.problems, after: after,
                       renames: repair.files.filter { $0.path != $0.original }.map { ($0.original, $0.path) })
    }

    /// One side of the comparison on a photo, at the size it shows at in the conversation.
    private func figure(_ src: String, _ m: StickerMedia, label: String, layout: ChatLayout) -> String {
        let shown = layout.displaySize(width: m.width, height: m.height)
        return "<figure><div class=\"photo\"><img src=\"\(src)\" alt=\"\(label)\" style=\"width:\(Int(shown.width.rounded()))px;"
            + "height:\(Int(shown.height.rounded()))px\"></div><figcaption>\(label) (\(m.width)×\(m.height) px, "
            + "\(NumberText.int(m.data.count)) bytes)</figcaption></figure>"
    }

    /// The preview's markup: before and after side by side on a photo at the size each shows at,
    /// what the fix does, and the apply button when the page offers it.
    func render(_ p: Preview, before: StickerMedia?, after: String?, layout: ChatLayout, offersApply: Bool) -> String {
        var out = "<h3>With <code>fix</code></h3>"
        if p.records.isEmpty && p.renames.isEmpty {
            out += "<p>fix would change nothing here.</p>"
        } else {
            out += "<div class=\"beforeafter\">"
            if let before {
                out += figure(ServeID.mediaPath(before), before, label: "Before", layout: layout)
            }
            if let after, let m = p.after { out += figure(after, m, label: "After", layout: layout) }
            out += "</div><ul class=\"records\">"
            for r in p.records {
                out += "<li><code>\(MarkupText.html(r.rule))</code> \(MarkupText.html(r.action)): \(MarkupText.html(r.details))</li>"
            }
            for (from, to) in p.renames { out += "<li>renamed <code>\(MarkupText.html(from))</code> to <code>\(MarkupText.html(to))</code></li>" }
            out += "</ul>"
        }
        for r in p.refused {
            out += "<p class=\"refused\">Not fixed: <code>\(MarkupText.html(r.action))</code> (\(MarkupText.html(r.rule))) would add "
            out += MarkupText.html(r.findings.map(\.rule).joined(separator: ", ")) + "</p>"
        }
        for problem in p.problems { out += "<p class=\"refused\">Could not fix: \(MarkupText.html(problem))</p>" }
        if offersApply {
            out += "<p><button type=\"button\" data-apply>Write the fixed copy of the pack</button> <span class=\"apply-result\" role=\"status\"></span></p>"
        }
        return out
    }
}
