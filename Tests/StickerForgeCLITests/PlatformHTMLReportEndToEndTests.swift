import Foundation
import ImageCodec
import XCTest

/// `check --platform line --report html:PATH` through the built binary: the page shows LINE's chat
/// colours and LINE's byte limit, and the two store rules of issue 23 fire on a hand-made pack.
final class PlatformHTMLReportEndToEndTests: CLIEndToEndTestCase {
    func testLinePageAndStoreRules() throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        var buffer = PixelBuffer(width: 369, height: 320)
        for y in 20..<300 { for x in 20..<349 { buffer[x, y] = RGBA(40, 120, 200, 255) } }
        let bytes = try PNGEncoder().encode(buffer)
        for i in 1...8 { _ = try temp.write(bytes, to: "pack/s\(i).png") }
        let main = try PNGEncoder().encode(PixelBuffer(width: 240, height: 240, fill: RGBA(200, 40, 40, 255)))
        _ = try temp.write(main, to: "pack/main.png")
        let title = String(repeating: "t", count: 41)
        _ = try temp.write(Array("name: \(title)\npublisher: Ann\ntray: main.png\n".utf8), to: "pack/stickerforge.yml")
        let result = try run(["check", "pack", "--platform", "line", "--no-color", "--report", "html:report.html"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("odd_dimensions: 369x320 px; LINE asks for even width and height"), result.stdout)
        XCTAssertTrue(result.stdout.contains("name_too_long (stickerforge.yml): the pack name has 41 characters (`name:`); LINE takes at most 40"),
                      result.stdout)
        let html = try String(contentsOfFile: temp.path("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("Judged for <strong>LINE</strong> (<code>--platform line</code>)"))
        XCTAssertTrue(html.contains("<figure class=\"bg bg-store\" style=\"background:#8EACDA\">"))
        XCTAssertTrue(html.contains("<figcaption>LINE sent bubble</figcaption>"))
        XCTAssertTrue(html.contains("under the 1,000,000 limit)</dd>"), "LINE's still limit, not Messages' 500,000")
    }
}
