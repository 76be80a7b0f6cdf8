import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerRules

/// The side-by-side page of a multi-store build: one row per sticker, the source first, then each
/// store's output on that store's light chat colour, and smaller on its dark chat colour and sent
/// bubble, with its size, bytes, frames and findings; a pack row shows each store's tray, main or
/// tab images and the findings about the pack as a whole.
/// Images are linked, not inlined (a pack for five stores would be tens of megabytes inline), so
/// the page lives in the output folder beside what it shows. No script.
public struct PlatformComparisonPage: Sendable {
    /// The longest side, in CSS pixels, a sticker is shown at.
    public static let previewSide = 160
    /// The longest side of the smaller previews on the dark chat colour and the sent bubble.
    public static let backdropSide = 72
    /// The longest side of a pack image's preview (a tray icon is 96 px).
    public static let packImageSide = 96

    /// A page renderer.
    public init() {}

    /// The page.
    public func render(_ comparison: PlatformComparison) -> String {
        var html = HTMLReportStyle.documentStart(title: "\(comparison.title) · StickerForge stores",
                                                 style: HTMLReportStyle.css + Self.css)
        html += """
            <body>
            <header class="top"><h1>\(MarkupText.html(comparison.title))</h1>
            <p class="meta">Each store's output beside its source, on the store's light chat background, and smaller on its dark chat background and sent bubble.</p></header>
            <main><table class="compare"><thead><tr><th scope="col">Source</th>
            """
        for platform in comparison.platforms {
            html += "<th scope=\"col\">\(MarkupText.html(platform.name))\(Self.packSummary(comparison.packFindings[platform.id] ?? []))</th>"
        }
        html += "</tr></thead><tbody>\n"
        if comparison.packFindings.values.contains(where: { !$0.isEmpty }) || comparison.packImages.values.contains(where: { !$0.isEmpty }) {
            html += "<tr class=\"pack\"><th scope=\"row\">Pack</th>"
            for platform in comparison.platforms {
                html += "<td>" + packImages(comparison.packImages[platform.id] ?? [], background: platform.chatColors.light, in: comparison)
                html += "\(HTMLStickerCard.findingList(comparison.packFindings[platform.id] ?? []))</td>"
            }
            html += "</tr>\n"
        }
        for row in comparison.rows {
            html += "<tr><th scope=\"row\" class=\"source\"><span class=\"name\">\(MarkupText.html(row.name))</span>"
            html += row.source.map { cell($0, name: row.name, background: nil, in: comparison) } ?? "<p class=\"missing\">no source</p>"
            html += "</th>"
            for platform in comparison.platforms {
                guard let file = row.outputs[platform.id] else {
                    html += "<td class=\"none\"><p class=\"missing\">not built</p></td>"
                    continue
                }
                let worst = file.findings.map(\.severity).max()?.rawValue ?? "clean"
                html += "<td class=\"sev-\(worst)\">\(cell(file, name: row.name, background: platform.chatColors.light, in: comparison))"
                html += backdrops(file, name: row.name, colors: platform.chatColors, store: platform.name, in: comparison)
                html += "\(HTMLStickerCard.findingList(file.findings))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></main>\n</body>\n</html>\n"
    }

    /// A store's tray, main or tab images on its light chat colour, each with its role and facts.
    private func packImages(_ images: [PlatformComparison.PackImage], background: String, in comparison: PlatformComparison) -> String {
        images.map { image in
            "<figure class=\"bg bg-store small\" style=\"background:\(MarkupText.html(background))\" title=\"\(MarkupText.html(image.role))\">"
                + media(image.file, name: image.role, side: Self.packImageSide, in: comparison) + "</figure>"
                + "<p class=\"facts-line\">\(MarkupText.html(image.role)) · \(MarkupText.html(Self.facts(image.file)))</p>"
        }.joined()
    }

    private static func packSummary(_ findings: [Finding]) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        return errors == 0 ? "" : " <span class=\"dot-count sev-error\">\(NumberText.count(errors, "pack error"))</span>"
    }

    /// The file previewed on `background` (checkerboard when nil) with its facts.
    private func cell(_ file: PlatformComparison.File, name: String, background: String?,
                      in comparison: PlatformComparison) -> String {
        let style = background.map { " style=\"background:\(MarkupText.html($0))\"" } ?? ""
        let figureClass = background == nil ? "bg bg-checkerboard" : "bg bg-store"
        return "<figure class=\"\(figureClass)\"\(style)>\(media(file, name: name, in: comparison))</figure>"
            + "<p class=\"facts-line\">\(MarkupText.html(Self.facts(file)))</p>"
    }

    /// The file again at `backdropSide` on the store's dark chat colour and sent bubble (where it
    /// has bubbles), each labelled: what the light preview cannot show (a dark fringe, a halo).
    private func backdrops(_ file: PlatformComparison.File, name: String, colors: ChatColors, store: String,
                           in comparison: PlatformComparison) -> String {
        guard file.previewURL != nil || !file.needsRenderedPreview else { return "" }   // not previewed at all
        let others = colors.backdrops(store: store).dropFirst()
        return "<div class=\"backdrops\">" + others.map { label, css in
            "<figure class=\"bg bg-store small\" style=\"background:\(MarkupText.html(css))\" title=\"\(MarkupText.html(label))\">"
                + media(file, name: "\(name) on \(label)", side: Self.backdropSide, in: comparison) + "</figure>"
        }.joined() + "</div>"
    }

    private func media(_ file: PlatformComparison.File, name: String, side: Int = previewSide,
                       in comparison: PlatformComparison) -> String {
        let (w, h) = Self.displaySize(file, side: side)
        let src = MarkupText.html(Self.link(file.url, from: comparison.pageDirectory))
        if file.needsRenderedPreview {
            if let preview = file.previewURL {
                let link = MarkupText.html(Self.link(preview, from: comparison.pageDirectory))
                return "<a href=\"\(src)\"><img src=\"\(link)\" width=\"\(w)\" height=\"\(h)\" "
                    + "alt=\"\(MarkupText.html(name)) (\(file.format.displayName), rendered)\"></a>"
            }
            return "<a class=\"nopreview\" href=\"\(src)\" style=\"width:\(w)px;height:\(h)px\">\(file.format.displayName): "
                + "not previewed</a>"
        }
        if file.format == .webm {
            return "<video src=\"\(src)\" width=\"\(w)\" height=\"\(h)\" autoplay loop muted playsinline "
                + "aria-label=\"\(MarkupText.html(name))\"></video>"
        }
        return "<img src=\"\(src)\" width=\"\(w)\" height=\"\(h)\" alt=\"\(MarkupText.html(name))\">"
    }

    /// "512×512 px · WebP · 38,112 bytes · 12 frames · 1.20 s".
    static func facts(_ file: PlatformComparison.File) -> String {
        var parts = ["\(file.width)×\(file.height) px", file.format.displayName, "\(NumberText.int(file.bytes)) bytes"]
        if file.frames > 1 { parts.append("\(NumberText.int(file.frames)) frames") }
        if let ms = file.durationMs { parts.append(String(format: "%.2f s", ms / 1000)) }
        return parts.joined(separator: " · ")
    }

    /// The preview size: the file's shape, its longest side at most `side` CSS pixels (never enlarged).
    static func displaySize(_ file: PlatformComparison.File, side: Int = previewSide) -> (Int, Int) {
        let longest = max(file.width, file.height, 1)
        let scale = min(1.0, Double(side) / Double(longest))
        return (max(1, Int((Double(file.width) * scale).rounded())), max(1, Int((Double(file.height) * scale).rounded())))
    }

    /// `url` relative to `directory` when both are files (percent-encoded; `../` up to their common
    /// folder, so the page moves with the output and the sources beside it), else absolute.
    static func link(_ url: URL, from directory: URL?) -> String {
        guard url.isFileURL, let directory, directory.isFileURL else { return url.absoluteString }
        let base = directory.standardizedFileURL.pathComponents, path = url.standardizedFileURL.pathComponents
        var common = 0
        while common < min(base.count, path.count) && base[common] == path[common] { common += 1 }
        guard common > 1 || base.count <= 1 else { return url.absoluteString }   // nothing shared but the root
        let up = Array(repeating: "..", count: base.count - common)
        let down = path[common...].map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathSegmentAllowed) ?? $0 }
        return (up + down).joined(separator: "/")
    }

    static let css = """
        main{max-width:none}
        table.compare{border-collapse:separate;border-spacing:8px;width:max-content}
        .compare th,.compare td{vertical-align:top;background:#fff;border:1px solid var(--line);border-radius:10px;padding:8px;min-width:196px;max-width:220px}
        .compare tbody th{font-weight:normal;text-align:left}
        .compare .bg-store{border:1px solid var(--line)}
        .compare thead th{position:sticky;top:0;z-index:1}
        .compare td.sev-error{border-left:6px solid var(--err)}.compare td.sev-warning{border-left:6px solid var(--warn)}
        .compare td.sev-clean{border-left:6px solid #2e7d32}
        .compare .name{display:block;font-weight:600;margin-bottom:6px;word-break:break-word}
        .compare figure{min-width:176px;min-height:176px}
        .compare .backdrops{display:flex;gap:6px;margin-top:6px}
        .compare figure.small{min-width:80px;min-height:80px;margin:0}
        .facts-line{font-size:.8rem;color:var(--muted);margin:6px 0}
        .nopreview{display:flex;align-items:center;justify-content:center;text-align:center;font-size:.8rem;background:rgba(255,255,255,.8);border-radius:8px}
        .dot-count{display:block;font-size:.75rem;color:var(--err)}
        """
}

private extension CharacterSet {
    /// Characters a URL path segment keeps as they are.
    static let urlPathSegmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove("/")
        return set
    }()
}
