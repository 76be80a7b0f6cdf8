import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// The fix report's before/after section for the HTML report: every repaired sticker shown as it
/// was and as it is now, on the dark, light and checkerboard backgrounds, with what was done.
public struct FixHTMLSection: Sendable {
    /// A section renderer.
    public init() {}

    /// One repaired sticker: its records and its media before and after.
    public struct Entry: Sendable {
        public var name: String
        public var fixes: [FixRecord]
        public var before: StickerMedia?
        public var after: StickerMedia?
        /// Fixes rolled back for this sticker, with the error each would have added.
        public var refused: [RefusedFix]
        /// An entry.
        public init(name: String, fixes: [FixRecord], refused: [RefusedFix] = [], before: StickerMedia?, after: StickerMedia?) {
            self.name = name; self.fixes = fixes; self.refused = refused; self.before = before; self.after = after
        }
    }

    /// The section's HTML (empty when nothing was repaired).
    public func render(_ entries: [Entry], catalogFixes: [FixRecord]) -> String {
        guard !entries.isEmpty || !catalogFixes.isEmpty else { return "" }
        var out = "<section class=\"fixes\"><h2>Fixed</h2>"
        if !catalogFixes.isEmpty { out += "<div class=\"card\"><h3>The catalog</h3>" + list(catalogFixes) + "</div>" }
        for entry in entries {
            out += "<div class=\"card fix\"><h3>\(MarkupText.html(entry.name))</h3>" + list(entry.fixes) + refusedList(entry.refused)
            out += "<div class=\"beforeafter\" style=\"display:flex;gap:24px;flex-wrap:wrap\">"
            for (title, media) in [("Before", entry.before), ("After", entry.after)] {
                out += "<div><h4>\(title)\(media.map { " (\($0.width)x\($0.height) px, \(NumberText.int($0.data.count)) bytes)" } ?? "")</h4>"
                out += "<div style=\"display:flex;gap:8px\">"
                for bg in ["dark", "light", "checkerboard"] {
                    out += "<figure class=\"bg bg-\(bg)\" style=\"margin:0\">"
                    if let media {
                        let w = max(1, media.width / 3), h = max(1, media.height / 3)
                        out += "<img alt=\"\(title) on \(bg)\" width=\"\(w)\" height=\"\(h)\" src=\"data:\(media.mimeType);base64,"
                            + Data(media.data).base64EncodedString() + "\">"
                    }
                    out += "</figure>"
                }
                out += "</div></div>"
            }
            out += "</div></div>"
        }
        return out + "</section>"
    }

    private func list(_ records: [FixRecord]) -> String {
        "<ul>" + records.map { "<li><code>\(MarkupText.html($0.rule))</code> \(MarkupText.html($0.action)): \(MarkupText.html($0.details))</li>" }
            .joined() + "</ul>"
    }

    private func refusedList(_ refused: [RefusedFix]) -> String {
        guard !refused.isEmpty else { return "" }
        return "<ul class=\"refused\">" + refused.map { fix in
            "<li><strong>Refused</strong> <code>\(MarkupText.html(fix.rule))</code> \(MarkupText.html(fix.action)) (rolled back): "
                + "\(MarkupText.html(fix.details)). Its result has " + fix.findings.map {
                    "the error <code>\(MarkupText.html($0.rule))</code>: \(MarkupText.html($0.message))"
                }.joined(separator: "; ") + ", which the source does not have.</li>"
        }.joined() + "</ul>"
    }

    /// `html` with the section placed first inside `<main>`.
    public static func inserting(_ section: String, into html: String) -> String {
        guard !section.isEmpty, let range = html.range(of: "<main>") else { return html }
        return html.replacingCharacters(in: range, with: "<main>" + section)
    }
}
