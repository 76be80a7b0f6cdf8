import Foundation
import StickerCore
import StickerEncoding
import StickerRules

/// One sticker's card in the HTML report: the sticker on every background, at 1x/2x/3x (Messages'
/// grid, `PlatformRules.layout`), its facts and its findings.
package struct HTMLStickerCard {
    let sticker: StickerReport
    /// Position in the pack: names the CSS class that carries this sticker's image.
    let index: Int
    let media: StickerMedia?
    let gridSize: GridSize
    let rules: [RuleDescription]
    let maxBytes: Int
    /// The store judged: a chat layout's colours replace Messages' backgrounds, its byte limit the facts'.
    var platform: PlatformRules = .imessage

    var html: String {
        let worst = sticker.findings.map(\.severity).max()
        let severity = worst?.rawValue ?? "clean"
        let ruleTokens = Set(sticker.findings.map { MarkupText.token($0.rule) }).sorted().joined(separator: " ")
        var out = """
            <article class="card sev-\(severity)" id="\(Self.anchor(sticker.name))" data-severity="\(severity)" \
            data-rules="\(ruleTokens)">
            <h3>\(MarkupText.html(sticker.name))\(builtFromTitle)</h3>
            """
        if let media {
            out += "<div class=\"stage\">"
            if platform.layout == .messagesGrid {
                for bg in PreviewBackground.allCases {
                    out += "<figure class=\"bg bg-\(bg.rawValue)\">\(picture(media, scale: 1))"
                    out += "<figcaption>\(bg.label)</figcaption></figure>"
                }
            } else {
                out += Self.storeBackdrops(platform, picture: picture(media, scale: 1))
            }
            out += "</div>"
            // Messages' @1x/@2x/@3x scales are its grid's alone; a chat page shows the chat colours.
            var scales = ""
            if platform.layout == .messagesGrid {
                for scale in 1...3 {
                    scales += "<figure class=\"bg bg-checkerboard\">\(picture(media, scale: scale))"
                    scales += "<figcaption>@\(scale)x</figcaption></figure>"
                }
            }
            if let overlay = media.overlayPNG {
                let (w, h) = Self.displaySize(media, grid: gridSize, scale: 3)
                scales += "<figure class=\"bg bg-light overlay\"><span class=\"stack\" style=\"width:\(w)px;height:\(h)px\">"
                scales += picture(media, scale: 3)
                scales += "<img class=\"mark\" src=\"data:image/png;base64,\(Data(overlay).base64EncodedString())\" "
                scales += "width=\"\(w)\" height=\"\(h)\" alt=\"Edge pixels flagged by \(media.overlayRules.joined(separator: ", "))\">"
                scales += "</span><figcaption>Flagged edge pixels (magenta)</figcaption></figure>"
            }
            if !scales.isEmpty { out += "<div class=\"scales\">\(scales)</div>" }
        } else {
            out += "<p class=\"missing\">This sticker could not be shown: see its findings.</p>"
        }
        out += facts + Self.findingList(sticker.findings) + "</article>\n"
        return out
    }

    private var facts: String {
        guard let f = sticker.facts else { return "" }
        var rows: [(String, String)] = [("Format", f.format.displayName), ("Pixels", "\(f.width) × \(f.height)")]
        if f.frames > 1 || f.format == .apng || f.format == .gif {
            rows.append(("Frames", "\(f.frames)"))
            if let fps = f.fps { rows.append(("Frame rate", String(format: "%.1f fps", fps))) }
            rows.append(("Loop", String(format: "%.2f s", f.durationMs / 1000) + (f.loops == 0 ? ", forever" : ", \(f.loops) plays")))
        }
        let animated = f.frames > 1 || f.format == .apng || f.format == .webm || f.format == .tgs
        let maxBytes = platform.byteLimit(animated: animated, format: f.format, configured: maxBytes) ?? maxBytes
        let headroom = maxBytes - f.bytes
        rows.append(("Bytes", "\(NumberText.int(f.bytes)) (" + (headroom >= 0 ? "\(NumberText.int(headroom)) under" : "\(NumberText.int(-headroom)) over")
                     + " the \(NumberText.int(maxBytes)) limit)"))
        // Decoded memory is what Messages' limits are about; the other stores publish none.
        if platform.limitsDecodedMemory { rows.append(("Memory", String(format: "%.1f MiB decoded", Double(f.decodedBytes) / 1_048_576))) }
        // A store build's renamed file (LINE's 01.png) shows the source it was built from.
        if let builtFrom = sticker.builtFrom {
            rows.append(("Source", Self.fileList(builtFrom)))
            rows.append(("File", Self.fileList(sticker.files)))
        } else {
            rows.append(("Source", Self.fileList(sticker.files)))
        }
        return "<dl class=\"facts\">" + rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined() + "</dl>"
    }

    /// " (sun.png)" after a renamed store file's name: the source it was built from.
    private var builtFromTitle: String {
        guard let first = sticker.builtFrom?.first else { return "" }
        let name = sticker.builtFrom?.count == 1 ? first : CatalogReader.parent(of: first)
        return " <small class=\"built-from\">from \(MarkupText.html(name))</small>"
    }

    /// Files as `<code>` items, the first and last of more than three.
    static func fileList(_ files: [String]) -> String {
        let files = files.map { "<code>\(MarkupText.html($0))</code>" }
        return files.count > 3 ? "\(files[0]) … \(files[files.count - 1]) (\(files.count) files)" : files.joined(separator: ", ")
    }

    /// `picture` on the store's light and dark chat backgrounds, its sent bubble, and transparency.
    static func storeBackdrops(_ platform: PlatformRules, picture: String) -> String {
        var out = ""
        for backdrop in platform.chatColors.backdrops(store: platform.name) {
            out += "<figure class=\"bg bg-store\" style=\"background:\(MarkupText.html(backdrop.css))\">\(picture)"
            out += "<figcaption>\(MarkupText.html(backdrop.label))</figcaption></figure>"
        }
        return out + "<figure class=\"bg bg-checkerboard\">\(picture)<figcaption>Transparency</figcaption></figure>"
    }

    /// The list of findings, worst first as given (the HTML report's, the comparison page's and
    /// `serve`'s page's).
    package static func findingList(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "<p class=\"clean\">No findings.</p>" }
        var out = "<ul class=\"findings\">"
        for f in findings {
            let frame = f.frame.map { " <span class=\"frame\">frame \($0)</span>" } ?? ""
            out += "<li class=\"finding sev-\(f.severity.rawValue)\" data-rule=\"\(MarkupText.token(f.rule))\">"
            out += "<span class=\"badge\">\(f.severity.rawValue)</span> <code>\(MarkupText.html(f.rule))</code>\(frame)"
            out += "<p class=\"message\">\(MarkupText.html(f.message))</p><p class=\"hint\">\(MarkupText.html(f.hint))</p></li>"
        }
        return out + "</ul>"
    }

    /// The sticker drawn by its CSS class (`.pic-N`, defined once in the page's style sheet) at the
    /// size Messages shows it: each image is embedded once, however many backgrounds show it.
    private func picture(_ m: StickerMedia, scale: Int) -> String {
        Self.picture(m, sticker: sticker, index: index, grid: gridSize, scale: scale)
    }

    /// Sticker `index`'s picture by its CSS class at `scale`, labelled by its accessibility label
    /// (or name): also what the drawer shows, so the page holds each image once.
    static func picture(_ m: StickerMedia, sticker: StickerReport, index: Int, grid: GridSize, scale: Int) -> String {
        let (w, h) = displaySize(m, grid: grid, scale: scale)
        let label = MarkupText.html(sticker.accessibilityLabel ?? sticker.name)
        if m.isVideo, let link = m.link {
            // A linked WebM plays in a <video>; the browser loads the file once for every one of them.
            return "<video class=\"pic pic-\(index)\" src=\"\(MarkupText.html(link))\" width=\"\(w)\" height=\"\(h)\" "
                + "autoplay loop muted playsinline aria-label=\"\(label)\" style=\"width:\(w)px;height:\(h)px\"></video>"
        }
        return "<span class=\"pic pic-\(index)\" role=\"img\" aria-label=\"\(label)\" style=\"width:\(w)px;height:\(h)px\"></span>"
    }

    /// The CSS rule that carries sticker `index`'s image for every `picture`: the embedded image,
    /// or the link to the file beside the page; nil for a video, which `picture` links itself.
    static func pictureRule(_ m: StickerMedia, index: Int) -> String? {
        if m.isVideo { return nil }
        // A link is percent-encoded (URIPath): nothing in it can end the CSS string or the style element.
        let url = m.link ?? "data:\(m.mimeType);base64,\(Data(m.data).base64EncodedString())"
        return ".pic-\(index){background-image:url(\"\(url)\")}"
    }

    /// The size Messages shows it at: point size (pixels / 3, shrunk into the grid cell when
    /// larger) times `scale` CSS pixels.
    static func displaySize(_ m: StickerMedia, grid: GridSize, scale: Int) -> (Int, Int) {
        let longest = max(m.width, m.height, 1)
        let shrink = min(1.0, Double(grid.maxPixels) / Double(longest))
        let w = Int((Double(m.width) * shrink / 3 * Double(scale)).rounded())
        let h = Int((Double(m.height) * shrink / 3 * Double(scale)).rounded())
        return (max(w, 1), max(h, 1))
    }

    /// A fragment id for a sticker name, distinct for distinct names (`猫` and `犬` must not both
    /// become `sticker-_`): letters, digits and `-` stay, every other scalar becomes `_<hex>_`.
    static func anchor(_ name: String) -> String {
        var out = "sticker-"
        for scalar in name.unicodeScalars {
            let safe = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (scalar >= "0" && scalar <= "9") || scalar == "-"
            if safe {
                out.unicodeScalars.append(scalar)
            } else {
                out += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return out
    }

}
