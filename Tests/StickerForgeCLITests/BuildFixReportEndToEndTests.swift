import Foundation
import ImageCodec
import XCTest

/// `build --fix` writes the same before/after section into report.html (and `--report html:PATH`)
/// as `fix --report html`: for every repaired sticker, none for an untouched one.
final class BuildFixReportEndToEndTests: CLIEndToEndTestCase {
    func testReportShowsBeforeAndAfterOfFixedStickersOnly() throws {
        _ = try temp.makeFolder("Pack")
        _ = try temp.write(try CLIStickerImages.square(RGBA(200, 40, 40)), to: "Pack/plain.png")
        _ = try temp.write(try CLIStickerImages.square(RGBA(40, 40, 200)), to: "Pack/misnamed.gif")   // PNG data: renamed
        let result = try run(["build", "Pack", "--output", "OUT", "--fix", "--effort", "fast", "-q",
                              "--report", "html:extra.html"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let html = String(decoding: try CLIPaths.bytes(temp.path("OUT/report.html")), as: UTF8.self)
        let start = try XCTUnwrap(html.range(of: "<main><section class=\"fixes\"><h2>Fixed</h2>"), String(html.prefix(3000)))
        let end = try XCTUnwrap(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        let section = String(html[start.lowerBound..<end.upperBound])
        XCTAssertTrue(section.contains("<h3>misnamed</h3><ul><li><code>extension_mismatch</code> rename: misnamed.gif -&gt; misnamed.png (PNG data)</li></ul>"),
                      section.prefix(2000).description)
        for title in ["Before", "After"] {
            XCTAssertTrue(section.contains("<h4>\(title) (300x300 px, "), title)
            for bg in ["dark", "light", "checkerboard"] {
                XCTAssertTrue(section.contains("<img alt=\"\(title) on \(bg)\" width=\"100\" height=\"100\" src=\"data:image/png;base64,"), "\(title) \(bg)")
            }
        }
        // "After" is the file the build wrote (a few hundred bytes: no thousands separator).
        let built = try CLIPaths.bytes(temp.path("OUT/Stickers.xcstickers/Pack.stickerpack/misnamed.sticker/misnamed.png"))
        XCTAssertTrue(section.contains("<h4>After (300x300 px, \(built.count) bytes)</h4>"), "\(built.count)")
        XCTAssertFalse(section.contains("<h3>plain</h3>"))
        XCTAssertEqual(section.components(separatedBy: "<div class=\"card fix\">").count, 2)   // one repaired sticker
        XCTAssertEqual(try CLIPaths.bytes(temp.path("extra.html")), Array(html.utf8))
    }
}
