import Foundation
import StickerCore
import StickerFixes
import StickerReports
import StickerRules

/// Renders the page of `serve` and the parts of it that an update replaces: the drawer, each
/// sticker's card and the pack's own findings. Pure: the same snapshot gives the same text. Every
/// name, label, message and path goes through `MarkupText`, so a hostile catalog writes no markup.
public struct ServePageRenderer: Sendable {
    /// The layout drawn: Messages' grid or a store's chat.
    public var layout: ChatLayout
    /// Whether the page offers to write the fixed copy (`--fix-output`).
    public var offersApply: Bool

    /// A renderer.
    public init(layout: ChatLayout, offersApply: Bool) {
        self.layout = layout; self.offersApply = offersApply
    }

    /// One card of the update: its element id, its markup and a hash of the markup.
    public struct Card: Codable, Equatable, Sendable {
        /// The element id (`ServeID.sticker`).
        public var id: String
        /// The card's markup.
        public var html: String
        /// A hash of `html`: the page replaces a card only when it differs.
        public var hash: String
    }

    /// What an update sends: every part the page may replace.
    public struct Update: Codable, Equatable, Sendable {
        /// The snapshot's version.
        public var version: Int
        /// The summary line.
        public var summary: String
        /// Why the pack cannot be read, or "".
        public var problem: String
        /// The drawer's cells.
        public var drawer: String
        /// The cards, in pack order.
        public var cards: [Card]
        /// The pack's own findings.
        public var pack: String
        /// Ids of the stickers the last save changed.
        public var changed: [String]
    }

    /// The parts of `snapshot`.
    public func update(_ snapshot: ServeSnapshot) -> Update {
        let cards = snapshot.report.stickers.map { sticker -> Card in
            let html = card(sticker, snapshot: snapshot)
            return Card(id: ServeID.sticker(sticker.name), html: html, hash: ServeID.hash(Array(html.utf8)))
        }
        let changed = snapshot.report.stickers.map(\.name).filter { snapshot.changes[$0] != nil }.map(ServeID.sticker)
        return Update(version: snapshot.version, summary: snapshot.report.summary.sentence, problem: snapshot.problem ?? "",
                      drawer: drawer(snapshot), cards: cards, pack: packFindings(snapshot), changed: changed)
    }

    /// The whole page; `token` guards the page's one write (apply) and `nonce` lets its script run.
    public func page(_ snapshot: ServeSnapshot?, token: String, nonce: String) -> String {
        let name = snapshot.map { MarkupText.html($0.report.pack.name) } ?? "…"
        let parts = snapshot.map(update)
        let grid = snapshot?.report.pack.gridSize
        let meta: String
        if layout.isMessagesGrid, let grid {
            meta = "Messages on iPhone · grid size <strong>\(grid.rawValue)</strong>: \(layout.columns) across, \(layout.cell) pt cells (\(grid.maxPixels) px at @3x)"
        } else {
            meta = "\(MarkupText.html(layout.storeName)) chat · stickers up to \(layout.stickerBox.width)×\(layout.stickerBox.height) px"
        }
        return """
            <!doctype html>
            <html lang="en" data-appearance="auto">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
            <title>\(name) · stickerforge serve</title>
            <style>\(ServePageStyle.css(layout))</style></head>
            <body data-version="\(snapshot?.version ?? 0)" data-token="\(MarkupText.html(token))">
            <header class="top">
            <h1>\(name)</h1>
            <p class="meta">\(meta)</p>
            <p id="summary" class="summary">\(MarkupText.html(parts?.summary ?? "Checking the pack…"))</p>
            <p id="problem" class="problem"\((parts?.problem ?? "").isEmpty ? " hidden" : "")>\(MarkupText.html(parts?.problem ?? ""))</p>
            <div class="appearance" role="group" aria-label="Appearance">
            <button type="button" data-appearance="light">Light</button><button type="button" data-appearance="dark">Dark</button><button type="button" data-appearance="auto" aria-pressed="true">System</button>
            </div>
            <span id="status" class="status" role="status">connecting</span>
            </header>
            <main>
            <section class="phone" aria-label="The conversation and the sticker drawer">
            <div class="conversation" id="conversation">
            <div class="msg in"><div class="bubble received drop" data-drop="received">Are the stickers ready?</div></div>
            <div class="msg out"><div class="bubble sent drop" data-drop="sent">Nearly. Peel one off and drop it here!</div></div>
            <div class="msg in"><div class="photo drop" data-drop="photo" role="img" aria-label="A photo"></div></div>
            <div class="msg out"><div class="bubble sent drop" data-drop="sent">Drag a sticker from the drawer onto a bubble or the photo; select it to scale and rotate.</div></div>
            </div>
            <div class="tools" id="tools" hidden>
            <label>Scale <input type="range" id="scale" min="0.5" max="2" step="0.01" value="1"></label>
            <label>Rotate <input type="range" id="rotate" min="-180" max="180" step="1" value="0"></label>
            <button type="button" id="remove">Remove</button>
            </div>
            <div class="drawer" id="drawer" aria-label="Sticker drawer">\(parts?.drawer ?? "")</div>
            </section>
            <div class="side">
            <section class="pack-findings" id="pack">\(parts?.pack ?? "")</section>
            <section class="cards" id="cards" aria-label="Stickers">\(parts?.cards.map(Self.hashed).joined() ?? "")</section>
            </div>
            </main>
            <script nonce="\(MarkupText.html(nonce))">\(ServePageScript.source)</script>
            </body>
            </html>

            """
    }

    /// A card's markup carrying its hash, as the page keeps it to compare with an update's.
    static func hashed(_ card: Card) -> String {
        guard card.html.hasPrefix("<article ") else { return card.html }
        return "<article data-hash=\"\(card.hash)\" " + card.html.dropFirst("<article ".count)
    }

    /// The drawer's cells: each sticker shrunk into its cell, with the size it shows at in the
    /// conversation for a drag.
    func drawer(_ snapshot: ServeSnapshot) -> String {
        var out = ""
        for sticker in snapshot.report.stickers {
            let id = ServeID.sticker(sticker.name)
            let label = MarkupText.html(sticker.accessibilityLabel ?? sticker.name)
            let worst = sticker.findings.map(\.severity).max()
            let dot = worst.map { "<span class=\"dot sev-\($0.rawValue)\"></span>" } ?? ""
            let changed = snapshot.changes[sticker.name] != nil ? " changed" : ""
            guard let media = snapshot.media[sticker.name] else {
                out += "<div class=\"cell cell-error\(changed)\" data-sticker=\"\(id)\" title=\"\(label)\"><span>!</span>\(dot)</div>"
                continue
            }
            let cell = layout.cellSize(width: media.width, height: media.height)
            let shown = layout.displaySize(width: media.width, height: media.height)
            let src = ServeID.mediaPath(media)
            out += "<div class=\"cell\(changed)\" role=\"button\" tabindex=\"0\" data-sticker=\"\(id)\" data-src=\"\(src)\" data-w=\"\(num(shown.width))\" data-h=\"\(num(shown.height))\" title=\"\(label)\">"
            out += "<img src=\"\(src)\" alt=\"\(label)\" draggable=\"false\" style=\"width:\(num(cell.width))px;height:\(num(cell.height))px\">\(dot)</div>"
        }
        return out
    }

    /// One sticker's card: the sticker at its real size on a received bubble, a sent bubble and a
    /// photo, its size, what the last save changed, its findings with their hints and, when a
    /// finding is fixable, a slot the page fills with the fix's before and after.
    func card(_ sticker: StickerReport, snapshot: ServeSnapshot) -> String {
        let id = ServeID.sticker(sticker.name)
        let worst = sticker.findings.map(\.severity).max()?.rawValue ?? "clean"
        let media = snapshot.media[sticker.name]
        let change = snapshot.changes[sticker.name]
        var out = "<article class=\"card sev-\(worst)\(media == nil ? " card-error" : "")\(change != nil ? " changed" : "")\" id=\"\(id)\" data-severity=\"\(worst)\">"
        out += "<h2>\(MarkupText.html(sticker.name))</h2>"
        out += "<p class=\"files\">" + sticker.files.prefix(3).map { file in
            "<a href=\"/files/\(Self.encodedPath(file))\" target=\"_blank\" rel=\"noopener\"><code>\(MarkupText.html(file))</code></a>"
        }.joined(separator: ", ") + (sticker.files.count > 3 ? " … (\(sticker.files.count) files)" : "") + "</p>"
        if let change { out += changeNote(change) }
        if let media {
            let shown = layout.displaySize(width: media.width, height: media.height)
            let label = MarkupText.html(sticker.accessibilityLabel ?? sticker.name)
            // Below the first screen the browser fetches a card's image only when it comes near.
            let img = "<img src=\"\(ServeID.mediaPath(media))\" alt=\"\(label)\" loading=\"lazy\" decoding=\"async\" style=\"width:\(num(shown.width))px;height:\(num(shown.height))px\">"
            out += "<div class=\"scenes\">"
            out += "<figure class=\"scene\"><div class=\"bubble received\">\(img)</div><figcaption>Received</figcaption></figure>"
            out += "<figure class=\"scene\"><div class=\"bubble sent\">\(img)</div><figcaption>Sent</figcaption></figure>"
            out += "<figure class=\"scene\"><div class=\"photo\">\(img)</div><figcaption>Photo</figcaption></figure>"
            out += "</div>"
            out += "<p class=\"size\">\(media.width)×\(media.height) px, shown at \(num(shown.width))×\(num(shown.height)) pt\(shrinkNote(media))</p>"
        } else {
            out += "<div class=\"error-card\" role=\"alert\"><strong>This sticker cannot be shown.</strong> "
            out += "Its file could not be decoded; the findings below say why.</div>"
        }
        out += findingList(sticker.findings)
        if media != nil, sticker.findings.contains(where: { Self.fixableRules.contains($0.rule) }), let media {
            out += "<section class=\"fix\" data-fix=\"/fix/\(id)?v=\(ServeID.hash(media.data))\"><h3>With <code>fix</code></h3><p class=\"pending\">Working out the fix…</p></section>"
        }
        return out + "</article>"
    }

    /// The rules a default fix answers (opt-in fixes need a flag the page does not give).
    static let fixableRules: Set<String> = Set(FixRegistry.all.filter { $0.fixDescription.optIn == nil }.flatMap(\.fixDescription.rules))

    private func shrinkNote(_ media: StickerMedia) -> String {
        guard media.width > layout.stickerBox.width || media.height > layout.stickerBox.height else { return "" }
        return ", shrunk to fit \(layout.stickerBox.width)×\(layout.stickerBox.height) px"
    }

    private func changeNote(_ change: ServeSnapshot.Change) -> String {
        var out = "<div class=\"change\"><strong>Changed by the last save</strong>"
        if change.added.isEmpty && change.fixed.isEmpty { return out + "<p>No change in findings.</p></div>" }
        out += "<ul>"
        for f in change.fixed { out += "<li class=\"fixed\">fixed: <code>\(MarkupText.html(f.rule))</code> \(MarkupText.html(f.message))</li>" }
        for f in change.added { out += "<li class=\"new\">new: <code>\(MarkupText.html(f.rule))</code> \(MarkupText.html(f.message))</li>" }
        return out + "</ul></div>"
    }

    /// The findings as the HTML report lists them.
    func findingList(_ findings: [Finding]) -> String { HTMLStickerCard.findingList(findings) }

    func packFindings(_ snapshot: ServeSnapshot) -> String {
        let carded = Set(snapshot.report.stickers.map(\.name))
        let pack = snapshot.report.findings.filter { $0.sticker.map { !carded.contains($0) } ?? true }
        guard !pack.isEmpty else { return "" }
        var out = "<h2>The pack</h2>"
        if let change = snapshot.changes[""] { out += changeNote(change) }
        return out + findingList(pack)
    }

    /// A relative path as a URL path, each segment percent-encoded.
    static func encodedPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
    }

    private func num(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
