import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The HTML report: byte-exact against a golden file, plus the properties that matter on their own
/// (escaping, alt texts, drawer columns, display sizes, no network, byte headroom).
final class HTMLReportRendererTests: XCTestCase {
    func testGolden() throws {
        try Golden.assertMatches(try HTMLReportFixture.render(), file: "report.html",
                                 version: HTMLReportFixture.version, in: PreviewGolden.folder)
    }

    func testHostileNameNeverAppearsUnescaped() throws {
        let html = try HTMLReportFixture.render()
        XCTAssertFalse(html.contains(HTMLReportFixture.hostileName))
        XCTAssertFalse(html.contains("alert(\"x\")"))
        XCTAssertFalse(html.contains("\"é 猫\""))
        // The only script element is the page's own filter script.
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 1)
        // Escaped in the card heading and the pictures' labels (the drawer's and the card's).
        XCTAssertTrue(html.contains("<h3>\(HTMLReportFixture.hostileEscaped)</h3>"))
        XCTAssertEqual(html.components(separatedBy: "alt=\"\(HTMLReportFixture.hostileEscaped)\"").count - 1, 0)
        XCTAssertEqual(html.components(separatedBy: "aria-label=\"\(HTMLReportFixture.hostileEscaped)\"").count - 1, 1 + 5 + 3)
        XCTAssertTrue(html.contains("<h1>Party &amp; &lt;Friends&gt;</h1>"))
        // Anchors and the links to them are tokens, never raw text.
        let ids = Self.captures(##"(?:id|href)="#?(sticker-[^"]*)""##, in: html).map { $0[0] }
        XCTAssertEqual(ids.count, 2 * 3)
        for id in ids {
            XCTAssertNil(id.range(of: "[^A-Za-z0-9_-]", options: .regularExpression), id)
        }
    }

    func testAltTextsComeFromAccessibilityLabels() throws {
        let html = try HTMLReportFixture.render()
        let alts = Self.captures(#"alt="([^"]*)""#, in: html).map { $0[0] }
        let labels = Self.captures(#"role="img" aria-label="([^"]*)""#, in: html).map { $0[0] }
        let wave = "Waving hand &quot;hi&quot; &amp; &lt;3"
        // The drawer's picture of each sticker and the cards' pictures (5 backgrounds + 3 scales,
        // plus the overlay's base for Wave) carry the label as aria-label: each image is embedded
        // once, in its CSS class, not again as a drawer <img>. The hostile sticker has no label, so
        // its name stands in; the overlay, the one <img>, says what it marks.
        XCTAssertEqual(alts.filter { $0 == wave }.count, 0)
        XCTAssertEqual(labels.filter { $0 == wave }.count, 1 + 5 + 3 + 1)
        XCTAssertEqual(labels.filter { $0 == HTMLReportFixture.hostileEscaped }.count, 1 + 5 + 3)
        XCTAssertEqual(alts, ["Edge pixels flagged by edge_halo"])
        XCTAssertEqual(labels.count, 10 + 9)
        XCTAssertEqual(html.components(separatedBy: "data:image/png;base64,").count - 1, 2 + 1, "each sticker once, and the overlay")
        XCTAssertFalse(alts.contains("Wave"))
        XCTAssertFalse(labels.contains("Wave"))
    }

    func testDrawerColumnsFollowGridSize() throws {
        for (grid, columns, cell) in [(GridSize.small, 4, 100), (.regular, 3, 136), (.large, 2, 206)] {
            let html = try HTMLReportFixture.render(grid: grid)
            XCTAssertTrue(html.contains("<div class=\"drawer\" style=\"--cols:\(columns);--cell:\(cell)px\">"), "\(grid)")
            XCTAssertEqual(html.components(separatedBy: "--cols:").count - 1, 1, "\(grid)")
            XCTAssertTrue(html.contains("<body class=\"grid-\(grid.rawValue)\">"), "\(grid)")
        }
    }

    func testDisplaySizesFollowPoints() throws {
        let cards = try Self.cards(HTMLReportFixture.render())
        XCTAssertEqual(cards.count, 3)
        // 408 px on the regular grid: 136 pt, so 136 CSS px at 1x on 5 backgrounds, then 136/272/408
        // for @1x/@2x/@3x, then the overlay stack at @3x (base and mark).
        XCTAssertEqual(Self.imageSizes(cards[0]), Array(repeating: 136, count: 5) + [136, 272, 408, 408, 408])
        XCTAssertTrue(cards[0].contains("<span class=\"stack\" style=\"width:408px;height:408px\">"))
        // 618 px on a regular pack is shrunk into the 408 px cell: 136 at 1x.
        XCTAssertEqual(Self.imageSizes(cards[1]), Array(repeating: 136, count: 5) + [136, 272, 408])
        XCTAssertEqual(Self.imageSizes(cards[2]), [])
        XCTAssertTrue(cards[2].contains("<p class=\"missing\">This sticker could not be shown: see its findings.</p>"))
        // On a large pack the 618 px sticker keeps its 206 pt, the 408 px one shows at 136 pt.
        let large = try Self.cards(HTMLReportFixture.render(grid: .large))
        XCTAssertEqual(Self.imageSizes(large[1]), Array(repeating: 206, count: 5) + [206, 412, 618])
        XCTAssertEqual(Self.imageSizes(large[0]).prefix(8), ArraySlice(Array(repeating: 136, count: 5) + [136, 272, 408]))
        // The drawer shows every sticker with media at 1x.
        let html = try HTMLReportFixture.render()
        let drawer = try XCTUnwrap(html.range(of: "<div class=\"drawer\"").map { String(html[$0.lowerBound...]) })
        let drawerOnly = drawer.components(separatedBy: "</div>")[0]
        XCTAssertEqual(Self.imageSizes(drawerOnly), [136, 136])
        XCTAssertTrue(drawerOnly.contains("<span class=\"missing\">no image</span>"))
    }

    func testNoNetworkURLs() throws {
        let html = try HTMLReportFixture.render().lowercased()
        XCTAssertFalse(html.contains("http://"))
        XCTAssertFalse(html.contains("https://"))
        XCTAssertFalse(html.contains("src=\"//"))
        // The only url() values are the embedded pictures.
        XCTAssertEqual(html.components(separatedBy: "url(").count, html.components(separatedBy: "url(\"data:image/").count)
    }

    func testBytesAndHeadroom() throws {
        let cards = try Self.cards(HTMLReportFixture.render())
        XCTAssertTrue(cards[0].contains("<dt>Bytes</dt><dd>48,010 (451,990 under the 500,000 limit)</dd>"))
        XCTAssertTrue(cards[1].contains("<dt>Bytes</dt><dd>612,345 (112,345 over the 500,000 limit)</dd>"))
        XCTAssertFalse(cards[2].contains("<dt>Bytes</dt>"))
    }

    func testPackFindingsSectionListsOnlyPackLevelFindings() throws {
        let html = try HTMLReportFixture.render()
        let start = try XCTUnwrap(html.range(of: "<section class=\"pack-findings\""))
        let section = String(html[start.lowerBound...]).components(separatedBy: "</section>")[0]
        XCTAssertEqual(section.components(separatedBy: "<li ").count - 1, 1)
        XCTAssertTrue(section.contains("data-rule=\"icon_slot_missing\""))
        XCTAssertTrue(section.contains("<p class=\"message\">no Messages app icon set (iMessage App Icon.stickersiconset)</p>"))
    }

    // MARK: helpers

    /// The sticker cards, in order.
    static func cards(_ html: String) -> [String] {
        html.components(separatedBy: "<article ").dropFirst().map { $0.components(separatedBy: "</article>")[0] }
    }

    /// Widths of the `<img>` tags in `html`, asserting each is square like the fixture's media.
    /// Sizes of `<img>` tags and of `.pic` pictures, in document order.
    static func imageSizes(_ html: String) -> [Int] {
        captures(#"(?:<img [^>]*width="(\d+)" height="(\d+)"|class="pic [^"]*" [^>]*style="width:(\d+)px;height:(\d+)px")"#, in: html)
            .map { $0.filter { !$0.isEmpty } }.map { pair in
            XCTAssertEqual(pair[0], pair[1])
            return Int(pair[0]) ?? -1
        }
    }

    static func captures(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            XCTFail("bad pattern \(pattern)"); return []
        }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (1..<match.numberOfRanges).map { match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0)) }
        }
    }
}

/// The HTML golden files, beside this source; compared by the reporters' `Golden`.
enum PreviewGolden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
}

/// Regressions: anchors must be distinct for distinct names, and no finding may be left off the page.
final class HTMLReportRendererRegressionTests: XCTestCase {
    private func report(_ names: [String], extra: [Finding] = []) -> CheckReport {
        let stickers = names.map { StickerReport(name: $0, files: ["\($0).png"], facts: nil, findings: []) }
        return CheckReport(tool: ToolInfo(version: "t"), pack: PackInfo(name: "P", gridSize: .regular, path: "/p"),
                           summary: ReportSummary(stickers: names.count, errors: 0, warnings: extra.count, infos: 0,
                                                  passed: names.count),
                           stickers: stickers, findings: extra)
    }

    func testAnchorsAreDistinctForDistinctNames() {
        let names = ["猫", "犬", "a b", "a_b", "a-b", "a.b", "A"]
        let html = HTMLReportRenderer().render(report(names), media: [:], rules: [], maxBytes: 500_000)
        let ids = HTMLReportRendererTests.captures(#"<article [^>]*id="([^"]*)""#, in: html).map { $0[0] }
        XCTAssertEqual(ids.count, names.count)
        XCTAssertEqual(Set(ids).count, names.count, "\(ids)")
        for id in ids { XCTAssertNil(id.range(of: "[^A-Za-z0-9_-]", options: .regularExpression), id) }
        XCTAssertEqual(ids[0], "sticker-_732b_")
        XCTAssertEqual(ids[6], "sticker-A")
    }

    func testFindingOfAStickerWithoutACardShowsAtPackLevel() {
        let ghost = Finding(rule: "invalid_contents_json", severity: .warning, sticker: "Ghost", file: "Ghost.sticker/Contents.json",
                            message: "Ghost.sticker/Contents.json is not valid JSON", hint: "Fix the file.")
        let html = HTMLReportRenderer().render(report(["Wave"], extra: [ghost]), media: [:], rules: [], maxBytes: 500_000)
        XCTAssertTrue(html.contains("<p class=\"message\">Ghost.sticker/Contents.json is not valid JSON</p>"))
        XCTAssertTrue(html.contains("<section class=\"pack-findings\""))
    }
}
