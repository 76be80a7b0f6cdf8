import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `check --platform P --format html`: the stickers on the store's own chat colours, the store's byte
/// limits in the facts; iMessage's page unchanged (HTMLReportRendererTests' golden).
final class HTMLStoreReportTests: XCTestCase {
    private func render(_ platform: PlatformRules) throws -> String {
        HTMLReportRenderer().render(HTMLReportFixture.report(), media: try HTMLReportFixture.media(),
                                    rules: HTMLReportFixture.rules, maxBytes: HTMLReportFixture.maxBytes, platform: platform)
    }

    func testWhatsAppPageShowsItsColoursAndLimits() throws {
        let html = try render(.whatsapp)
        let wave = "<span class=\"pic pic-0\" role=\"img\" aria-label=\"Waving hand &quot;hi&quot; &amp; &lt;3\" style=\"width:136px;height:136px\"></span>"
        XCTAssertTrue(html.contains("<div class=\"stage\"><figure class=\"bg bg-store\" style=\"background:#EFEAE2\">\(wave)"
            + "<figcaption>WhatsApp light</figcaption></figure><figure class=\"bg bg-store\" style=\"background:#0B141A\">\(wave)"
            + "<figcaption>WhatsApp dark</figcaption></figure><figure class=\"bg bg-store\" style=\"background:#D9FDD3\">\(wave)"
            + "<figcaption>WhatsApp sent bubble</figcaption></figure><figure class=\"bg bg-checkerboard\">\(wave)"
            + "<figcaption>Transparency</figcaption></figure></div>"), html)
        XCTAssertFalse(html.contains("<figure class=\"bg bg-bubble\">"))
        // Messages' scales and decoded memory are iMessage's: not on a store's page. Wave's edge
        // overlay stays, alone in its row.
        XCTAssertFalse(html.contains("<figcaption>@1x</figcaption>"))
        XCTAssertFalse(html.contains("<dt>Memory</dt>"))
        XCTAssertTrue(html.contains("<div class=\"scales\"><figure class=\"bg bg-light overlay\">"))
        XCTAssertEqual(html.components(separatedBy: "<div class=\"scales\">").count - 1, 1)
        XCTAssertTrue(html.contains("<p class=\"meta\">Judged for <strong>WhatsApp</strong> (<code>--platform whatsapp</code>) · stickerforge 9.8.7-golden</p>"))
        XCTAssertTrue(html.contains("<h2 id=\"overview-heading\">The pack on WhatsApp's chat background</h2>"))
        XCTAssertTrue(html.contains("<div class=\"drawer store\" style=\"--cols:3;--cell:136px;background:#EFEAE2\">"))
        // A still against 100 KiB, an animation against 500 KiB: the store's limits, not Messages' 500,000.
        XCTAssertTrue(html.contains("<dd>48,010 (54,390 under the 102,400 limit)</dd>"))
        XCTAssertTrue(html.contains("<dd>612,345 (100,345 over the 512,000 limit)</dd>"))
    }

    func testDiscordHasNoBubbleAndIMessageKeepsItsBackgrounds() throws {
        let discord = try render(.discord)
        XCTAssertTrue(discord.contains("<figcaption>Discord dark</figcaption>"))
        XCTAssertFalse(discord.contains("Discord sent bubble"))
        XCTAssertEqual(discord.components(separatedBy: "class=\"bg bg-store\"").count - 1, 2 * 2)
        let imessage = try render(.imessage)
        XCTAssertEqual(imessage, try HTMLReportFixture.render())
        XCTAssertFalse(imessage.contains("bg-store"))
    }

    /// Every store names colours the page can use: CSS hex, and distinct light and dark backgrounds.
    func testEveryStoreHasChatColours() {
        for store in PlatformRules.all {
            let c = store.chatColors
            for css in [c.light, c.dark] + (c.sentBubble.map { [$0] } ?? []) {
                XCTAssertNotNil(css.range(of: "^#[0-9A-F]{6}$", options: .regularExpression), "\(store.id) \(css)")
            }
            XCTAssertNotEqual(c.light, c.dark, store.id)
        }
        XCTAssertEqual(PlatformRules.whatsapp.chatColors, ChatColors(light: "#EFEAE2", dark: "#0B141A", sentBubble: "#D9FDD3"))
        XCTAssertNil(PlatformRules.discord.chatColors.sentBubble)
    }
}
