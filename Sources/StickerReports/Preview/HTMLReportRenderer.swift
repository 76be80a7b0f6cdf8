import Foundation
import StickerCore
import StickerEncoding
import StickerRules

/// Renders a `CheckReport` as one self-contained HTML page: every sticker animated at its real
/// display size over dark, light, checkerboard, bubble-blue and photo-like backgrounds, with its
/// findings and facts. Images are inlined as data URIs, or linked where the media say so (a store
/// build's report sits beside the files it shows); the page needs no network and no script for its
/// content (a small script only drives the filters).
public struct HTMLReportRenderer: Sendable {
    /// A renderer.
    public init() {}

    /// The page for `report`; `media` is keyed by sticker name; `rules` supplies rule names.
    /// The table's `layout` decides the page: Messages' grid (the grid size, the drawer as Messages lays
    /// it out), or a chat (`check --platform`: stickers on that store's chat colours, which store judged).
    public func render(_ report: CheckReport, media: [String: StickerMedia], rules: [RuleDescription],
                       maxBytes: Int, platform: PlatformRules = .imessage) -> String {
        let cell = report.pack.gridSize.maxPixels
        var html = HTMLReportStyle.documentStart(title: "\(report.pack.name) · StickerForge report",
                                                 style: HTMLReportStyle.css + "\n" + pictureRules(report, media: media))
        html += """
            <body class="grid-\(report.pack.gridSize.rawValue)">
            <header class="top">
            <h1>\(MarkupText.html(report.pack.name))</h1>
            <p class="summary">\(MarkupText.html(report.summary.sentence))</p>
            <p class="meta">\(platform.layout == .messagesGrid ? "Grid size <strong>\(report.pack.gridSize.rawValue)</strong> (\(cell)×\(cell) px at @3x, \(report.pack.gridSize.points) pt)"
                : "Judged for <strong>\(MarkupText.html(platform.name))</strong> (<code>--platform \(MarkupText.html(platform.id))</code>)") \
            · \(MarkupText.html(report.tool.name)) \(MarkupText.html(report.tool.version))</p>
            \(filters(report, rules: rules))
            </header>
            <main>
            \(overview(report, media: media, platform: platform))
            \(packFindings(report, rules: rules))
            <section aria-labelledby="stickers-heading"><h2 id="stickers-heading">Stickers</h2>
            """
        for (index, sticker) in report.stickers.enumerated() {
            html += HTMLStickerCard(sticker: sticker, index: index, media: media[sticker.name], gridSize: report.pack.gridSize,
                                    rules: rules, maxBytes: maxBytes, platform: platform).html
        }
        html += """
            </section>
            </main>
            <script>\(HTMLReportStyle.filterScript)</script>
            </body>
            </html>

            """
        return html
    }

    /// One CSS rule per sticker with its image, so the page embeds each image once for the cards.
    private func pictureRules(_ report: CheckReport, media: [String: StickerMedia]) -> String {
        report.stickers.enumerated().compactMap { index, sticker in
            media[sticker.name].flatMap { HTMLStickerCard.pictureRule($0, index: index) }
        }.joined(separator: "\n")
    }

    private func filters(_ report: CheckReport, rules: [RuleDescription]) -> String {
        let used = Array(Set(report.findings.map(\.rule))).sorted()
        var out = "<form class=\"filters\" id=\"filters\" hidden aria-label=\"Filter stickers\">"
        out += "<fieldset><legend>Severity</legend>"
        for sev in [Severity.error, .warning, .info] {
            out += "<label><input type=\"checkbox\" name=\"severity\" value=\"\(sev.rawValue)\" checked> \(sev.rawValue)</label>"
        }
        out += "<label><input type=\"checkbox\" name=\"severity\" value=\"clean\" checked> no findings</label></fieldset>"
        out += "<label>Rule <select name=\"rule\"><option value=\"\">all rules</option>"
        for id in used {
            let name = rules.first { $0.id == id }?.name ?? id
            out += "<option value=\"\(MarkupText.token(id))\">\(MarkupText.html(id)) · \(MarkupText.html(name))</option>"
        }
        return out + "</select></label></form>"
    }

    private func overview(_ report: CheckReport, media: [String: StickerMedia], platform: PlatformRules) -> String {
        let grid = report.pack.gridSize
        let columns = grid == .small ? 4 : grid == .regular ? 3 : 2
        let inGrid = platform.layout == .messagesGrid
        var out = """
            <section class="overview" aria-labelledby="overview-heading">
            <h2 id="overview-heading">\(inGrid ? "The pack as Messages lays it out" : "The pack on \(MarkupText.html(platform.name))'s chat background")</h2>
            \(inGrid ? "<p>\(columns) across on iPhone for the \(grid.rawValue) grid; each cell is \(grid.points) pt.</p>" : "")
            <div class="drawer\(inGrid ? "" : " store")" style="--cols:\(columns);--cell:\(grid.points)px\(inGrid ? "" : ";background:\(MarkupText.html(platform.chatColors.light))")">
            """
        for (index, sticker) in report.stickers.enumerated() {
            let worst = sticker.findings.map(\.severity).max()
            let badge = worst.map { "<span class=\"dot sev-\($0.rawValue)\" title=\"\($0.rawValue)\"></span>" } ?? ""
            let img = media[sticker.name].map { HTMLStickerCard.picture($0, sticker: sticker, index: index, grid: grid, scale: 1) }
                ?? "<span class=\"missing\">no image</span>"
            out += "<a class=\"cell\" href=\"#\(HTMLStickerCard.anchor(sticker.name))\">\(img)\(badge)</a>"
        }
        return out + "</div></section>"
    }

    private func packFindings(_ report: CheckReport, rules: [RuleDescription]) -> String {
        // A finding naming a sticker the report has no card for (one the catalog reader dropped)
        // shows here too, or the page would hide it.
        let carded = Set(report.stickers.map(\.name))
        let pack = report.findings.filter { $0.sticker.map { !carded.contains($0) } ?? true }
        guard !pack.isEmpty else { return "" }
        return "<section class=\"pack-findings\" aria-labelledby=\"pack-heading\"><h2 id=\"pack-heading\">Pack</h2>"
            + HTMLStickerCard.findingList(pack) + "</section>"
    }
}
