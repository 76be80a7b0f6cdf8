import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The side-by-side page a multi-store build writes: exact fragments for each kind of cell.
final class PlatformComparisonPageTests: XCTestCase {
    private let out = URL(fileURLWithPath: "/tmp/out", isDirectory: true)
    private let tooBig = Finding(rule: "file_too_large", severity: .error, sticker: "Wave", file: "wave.webp",
                                 message: "120,000 bytes, limit 102,400", hint: "Fit it.")

    private func comparison() -> PlatformComparison {
        let source = PlatformComparison.File(url: URL(fileURLWithPath: "/src/My Pack/wave.png"), format: .png,
                                             width: 600, height: 400, bytes: 51_234)
        let row = PlatformComparison.Row(name: "Wave <1>", source: source, outputs: [
            "whatsapp": .init(url: out.appendingPathComponent("whatsapp/wave 1.webp"), format: .webp, width: 512, height: 512,
                              bytes: 120_000, frames: 12, durationMs: 1200, findings: [tooBig]),
            "telegram": .init(url: out.appendingPathComponent("telegram/wave.webm"), format: .webm, width: 512, height: 341,
                              bytes: 40_100, frames: 30, durationMs: 1000),
            "line": .init(url: out.appendingPathComponent("line/01.tgs"), format: .tgs, width: 512, height: 512, bytes: 9_000),
        ])
        let packSize = Finding(rule: "pack_size", severity: .error, sticker: nil, file: nil,
                               message: "the pack holds 1 sticker; WhatsApp takes 3 to 30 stickers a pack", hint: "Add stickers.")
        return PlatformComparison(title: "Party & Co", platforms: [.whatsapp, .telegram, .signal, .line], rows: [row],
                                  packFindings: ["whatsapp": [packSize]], pageDirectory: out)
    }

    func testColumnsAndPackRow() {
        let html = PlatformComparisonPage().render(comparison())
        XCTAssertTrue(html.contains("<title>Party &amp; Co · StickerForge stores</title>"))
        XCTAssertTrue(html.contains("<thead><tr><th scope=\"col\">Source</th><th scope=\"col\">WhatsApp <span class=\"dot-count sev-error\">"
            + "1 pack error</span></th><th scope=\"col\">Telegram</th><th scope=\"col\">Signal</th><th scope=\"col\">LINE</th></tr></thead>"))
        XCTAssertTrue(html.contains("<tr class=\"pack\"><th scope=\"row\">Pack</th><td><ul class=\"findings\">"
            + "<li class=\"finding sev-error\" data-rule=\"pack_size\">"))
        XCTAssertTrue(html.contains("</td><td><p class=\"clean\">No findings.</p></td>"))
        XCTAssertFalse(html.contains("<script"))
    }

    func testThePackRowShowsEachStoresOwnImages() {
        var input = comparison()
        let tray = PlatformComparison.File(url: out.appendingPathComponent("whatsapp/tray.png"), format: .png,
                                           width: 96, height: 96, bytes: 4_321)
        let main = PlatformComparison.File(url: out.appendingPathComponent("line/main.png"), format: .png,
                                           width: 240, height: 240, bytes: 20_000)
        input.packImages = ["whatsapp": [.init(role: "tray image", file: tray)], "line": [.init(role: "main image", file: main)]]
        let html = PlatformComparisonPage().render(input)
        // WhatsApp's tray at its size on its light colour, then the pack's findings.
        XCTAssertTrue(html.contains("<tr class=\"pack\"><th scope=\"row\">Pack</th><td><figure class=\"bg bg-store small\" "
            + "style=\"background:#EFEAE2\" title=\"tray image\"><img src=\"whatsapp/tray.png\" width=\"96\" height=\"96\" "
            + "alt=\"tray image\"></figure><p class=\"facts-line\">tray image · 96×96 px · PNG · 4,321 bytes</p><ul class=\"findings\">"))
        // LINE's main image shown at 96 px.
        XCTAssertTrue(html.contains("<img src=\"line/main.png\" width=\"96\" height=\"96\" alt=\"main image\"></figure>"
            + "<p class=\"facts-line\">main image · 240×240 px · PNG · 20,000 bytes</p><p class=\"clean\">No findings.</p></td>"))
        // Without findings the row still shows the images.
        input.packFindings = [:]
        XCTAssertTrue(PlatformComparisonPage().render(input).contains("<tr class=\"pack\"><th scope=\"row\">Pack</th><td><figure"))
    }

    func testVectorFilesAreShownByARenderedPreview() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("previews-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A red 100 px square moving right on a 400x200 canvas, 5 frames at 10 fps.
        let json = #"{"v":"5.5.2","fr":10,"ip":0,"op":5,"w":400,"h":200,"layers":[{"ty":4,"ip":0,"op":5,"st":0,"#
            + #""ks":{"o":{"a":0,"k":100},"p":{"a":1,"k":[{"t":0,"s":[150,100],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},"#
            + #"{"t":4,"s":[250,100]}]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"#
            + #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
        let lottie = dir.appendingPathComponent("wave.json"), png = dir.appendingPathComponent("whatsapp/wave.png")
        try Data(json.utf8).write(to: lottie)
        let row = PlatformComparison.Row(name: "Wave", source: .init(url: lottie, format: .lottie, width: 400, height: 200, bytes: json.utf8.count),
                                         outputs: ["whatsapp": .init(url: png, format: .png, width: 512, height: 512, bytes: 1)])
        let (comparison, previews) = PlatformComparison(title: "T", platforms: [.whatsapp], rows: [row], pageDirectory: dir)
            .withVectorPreviews()
        // One preview, for the Lottie source only, rendered at the page's size (not enlarged pixels).
        XCTAssertEqual(previews.map(\.0.lastPathComponent), ["source-1.png"])
        XCTAssertEqual(previews[0].0, dir.appendingPathComponent("comparison-previews/source-1.png"))
        let decoded = try ImageDecoder().decode(previews[0].1)
        XCTAssertEqual([decoded.width, decoded.height, decoded.frames.count], [160, 80, 5])
        XCTAssertEqual(decoded.frames[0].image[60, 40], RGBA(255, 0, 0, 255), "the square's middle in the first frame")
        XCTAssertEqual(decoded.frames[4].image[100, 40], RGBA(255, 0, 0, 255), "and in the last")
        XCTAssertEqual(decoded.frames[0].image[5, 5].a, 0)
        XCTAssertNil(comparison.rows[0].outputs["whatsapp"]?.previewURL)
        // The page shows the preview, linked to the Lottie file itself.
        let html = PlatformComparisonPage().render(comparison)
        XCTAssertTrue(html.contains("<a href=\"wave.json\"><img src=\"comparison-previews/source-1.png\" width=\"160\" height=\"80\" "
            + "alt=\"Wave (Lottie, rendered)\"></a>"), html)
        XCTAssertFalse(html.contains("not previewed"))
    }

    func testCellsOnStoreColoursWithFactsAndFindings() {
        let html = PlatformComparisonPage().render(comparison())
        // The source on transparency, linked absolutely (outside the page's folder), 160 px wide.
        XCTAssertTrue(html.contains("<th scope=\"row\" class=\"source\"><span class=\"name\">Wave &lt;1&gt;</span>"
            + "<figure class=\"bg bg-checkerboard\"><img src=\"file:///src/My%20Pack/wave.png\" width=\"160\" height=\"107\" "
            + "alt=\"Wave &lt;1&gt;\"></figure><p class=\"facts-line\">600×400 px · PNG · 51,234 bytes</p></th>"))
        // WhatsApp: relative link, percent-encoded, on its light chat colour, with its finding.
        XCTAssertTrue(html.contains("<td class=\"sev-error\"><figure class=\"bg bg-store\" style=\"background:#EFEAE2\">"
            + "<img src=\"whatsapp/wave%201.webp\" width=\"160\" height=\"160\" alt=\"Wave &lt;1&gt;\"></figure>"
            + "<p class=\"facts-line\">512×512 px · WebP · 120,000 bytes · 12 frames · 1.20 s</p>"
            // Smaller on its dark chat colour and its sent bubble, then the findings.
            + "<div class=\"backdrops\"><figure class=\"bg bg-store small\" style=\"background:#0B141A\" title=\"WhatsApp dark\">"
            + "<img src=\"whatsapp/wave%201.webp\" width=\"72\" height=\"72\" alt=\"Wave &lt;1&gt; on WhatsApp dark\"></figure>"
            + "<figure class=\"bg bg-store small\" style=\"background:#D9FDD3\" title=\"WhatsApp sent bubble\">"
            + "<img src=\"whatsapp/wave%201.webp\" width=\"72\" height=\"72\" alt=\"Wave &lt;1&gt; on WhatsApp sent bubble\"></figure></div>"
            + "<ul class=\"findings\"><li class=\"finding sev-error\" data-rule=\"file_too_large\">"))
        // Telegram's WebM plays as video.
        XCTAssertTrue(html.contains("<td class=\"sev-clean\"><figure class=\"bg bg-store\" style=\"background:#C8D9A6\">"
            + "<video src=\"telegram/wave.webm\" width=\"160\" height=\"107\" autoplay loop muted playsinline "
            + "aria-label=\"Wave &lt;1&gt;\"></video></figure>"))
        // No Signal output; a TGS is linked, not previewed.
        XCTAssertTrue(html.contains("<td class=\"none\"><p class=\"missing\">not built</p></td>"))
        XCTAssertTrue(html.contains("<a class=\"nopreview\" href=\"line/01.tgs\" style=\"width:160px;height:160px\">TGS: not previewed</a>"
            + "</figure><p class=\"facts-line\">512×512 px · TGS · 9,000 bytes</p><p class=\"clean\">"), "no smaller copies of what is not previewed")
        // The WebM plays on Telegram's dark colour too (72 px on its longest side).
        XCTAssertTrue(html.contains("<figure class=\"bg bg-store small\" style=\"background:#0E1621\" title=\"Telegram dark\">"
            + "<video src=\"telegram/wave.webm\" width=\"72\" height=\"48\" autoplay loop muted playsinline "
            + "aria-label=\"Wave &lt;1&gt; on Telegram dark\"></video></figure>"))
    }

    func testLinksAndSizes() {
        XCTAssertEqual(PlatformComparisonPage.link(URL(fileURLWithPath: "/tmp/out/a/b#c.png"), from: out), "a/b%23c.png")
        XCTAssertEqual(PlatformComparisonPage.link(URL(fileURLWithPath: "/tmp/pack/s 1.png"), from: out), "../pack/s%201.png")
        XCTAssertEqual(PlatformComparisonPage.link(URL(fileURLWithPath: "/elsewhere.png"), from: out), "file:///elsewhere.png")
        XCTAssertEqual(PlatformComparisonPage.link(URL(string: "https://example.com/x.png")!, from: out), "https://example.com/x.png")
        let small = PlatformComparison.File(url: out, format: .png, width: 96, height: 74, bytes: 1)
        XCTAssertTrue(PlatformComparisonPage.displaySize(small) == (96, 74), "never enlarged")
    }

    /// Real files beside the page: every `src` and `href` resolves to a file that exists. With
    /// STICKERFORGE_KEEP_COMPARISON=DIR the folder is copied there, to look at in a browser.
    func testEveryLinkResolvesBesideThePage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast))
        var rows: [PlatformComparison.Row] = []
        for (index, name) in ["Wave", "Jump"].enumerated() {
            func file(_ folder: String, _ w: Int, _ h: Int) throws -> PlatformComparison.File {
                let url = dir.appendingPathComponent("\(folder)/\(name.lowercased()) \(index).png")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let bytes = try encoder.encode(StickerArt.frame(width: w, height: h, phase: index))
                try Data(bytes).write(to: url)
                return .init(url: url, format: .png, width: w, height: h, bytes: bytes.count)
            }
            // Quarter-size stand-ins (600x560 source; 512, 512, 320 and 370x320 outputs) keep the test fast.
            rows.append(.init(name: name, source: try file("source", 150, 140), outputs: [
                "whatsapp": try file("whatsapp", 128, 128), "signal": try file("signal", 128, 128),
                "discord": try file("discord", 80, 80), "line": try file("line", 92, 80)]))
        }
        let page = PlatformComparisonPage().render(PlatformComparison(
            title: "Demo", platforms: [.whatsapp, .telegram, .signal, .discord, .line], rows: rows, pageDirectory: dir))
        try Data(page.utf8).write(to: dir.appendingPathComponent("compare.html"))
        let regex = try NSRegularExpression(pattern: #"(?:src|href)="([^"]+)""#)
        let links = regex.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
            String(page[Range($0.range(at: 1), in: page)!])
        }
        // Each row: the source, and each output on three backdrops (Discord has no bubble: two).
        XCTAssertEqual(links.count, 2 * (1 + 3 + 3 + 2 + 3))
        for link in links {
            let path = dir.appendingPathComponent(link.removingPercentEncoding ?? link).path
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), link)
        }
        XCTAssertEqual(page.components(separatedBy: "<p class=\"missing\">not built</p>").count - 1, 2, "no Telegram output")
        if let keep = ProcessInfo.processInfo.environment["STICKERFORGE_KEEP_COMPARISON"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: dir, to: URL(fileURLWithPath: keep))
        }
    }
}
