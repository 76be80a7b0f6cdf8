import Foundation
import XCTest

/// `stickerforge watch` through the built binary: a change is noticed, only the changed sticker is
/// decoded again, and the new finding is printed.
final class WatchEndToEndTests: CLIEndToEndTestCase {
    func testWatchReportsTheFindingAChangeIntroduces() throws {
        // Three stills of the sample pack: the HTML report is rewritten on every check, and the
        // animations would make that the slowest part of the test.
        try temp.makeFolder("Mini")
        for name in ["sun", "heart", "poster"] { _ = try temp.copySample("StarterPack/\(name).png", as: "Mini/\(name).png") }
        let running = try runner.start(["watch", "Mini", "--html", "H.html", "--exit-after", "2", "--interval", "50", "-q"],
                                       in: temp.root)
        defer { if running.process.isRunning { running.process.terminate() } }

        // The first check has finished once its report exists; its snapshot was taken before it.
        XCTAssertTrue(wait(seconds: 60) { FileManager.default.fileExists(atPath: temp.path("H.html")) },
                      "no report after the first check: \(running.stdout)")
        XCTAssertTrue(running.stdout.hasSuffix("\n3 stickers: 1 error, 1 warning, 3 infos; 2 passed\n"), running.stdout)
        // Replace sun.png whole: written outside the catalog, then renamed over it, so the watcher
        // sees neither a half-written file nor a temporary one.
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack/poster.png"), toPath: temp.path("sun.new"))
        XCTAssertEqual(rename(temp.path("sun.new"), temp.path("Mini/sun.png")), 0, "rename failed")

        let exited = wait(seconds: 60) { !running.process.isRunning }
        if !exited { running.process.terminate() }
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertTrue(exited, "watch did not stop after the second check:\n\(result.stdout)")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.components(separatedBy: "\n")
        let recheck = try XCTUnwrap(lines.first { $0.hasPrefix("[") && $0.contains(" ms] re-checked; decoded again: ") }, result.stdout)
        XCTAssertTrue(recheck.hasSuffix("decoded again: sun"), recheck)
        XCTAssertTrue(lines.contains("  + error dimensions_too_large sun: 640x640 px, larger than the maximum of 618x618 px"),
                      result.stdout)
        // sun now has poster's pixels, so it is also a duplicate of poster.
        XCTAssertTrue(lines.contains("  + warning duplicate_sticker sun: identical pixels to \"poster\" (1 frame equal)"),
                      result.stdout)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  + ") }.count, 2, result.stdout)
        XCTAssertFalse(lines.contains { $0.hasPrefix("  - fixed") }, result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n  3 stickers: 2 errors, 2 warnings, 3 infos; 1 passed\n"), result.stdout)
        XCTAssertEqual(result.stderr, "watching Mini (Ctrl-C to stop); report: H.html\n")
        let html = String(decoding: try CLIPaths.bytes(temp.path("H.html")), as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<article").count - 1, 3)
        XCTAssertTrue(html.contains("duplicate_sticker"), "the report was rewritten after the change")
    }
}
