import Foundation
import XCTest

/// A `stickerforge.yml` nested thousands of levels deep, through the built binary: it used to
/// crash every command (SIGSEGV in the YAML composer); now it is a `catalog_invalid` finding like a
/// YAML syntax error, naming the line, column and limit, and the stickers are still checked.
final class ConfigLimitsEndToEndTests: CLIEndToEndTestCase {
    private let message = "stickerforge.yml: line 1, column 67: nesting deeper than 64 levels (the limit); "
        + "a stickerforge.yml needs only a few levels"

    /// A folder of two stills whose configuration nests `depth` flow sequences.
    private func deepPack(_ depth: Int) throws -> String {
        try temp.makeFolder("Deep")
        for name in ["sun", "heart"] { _ = try temp.copySample("StarterPack/\(name).png", as: "Deep/\(name).png") }
        let text = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        return try temp.write(Array(text.utf8), to: "Deep/stickerforge.yml")
    }

    func testCheckReportsTheLimitAndStillChecksTheStickers() throws {
        for depth in [5_000, 20_000] {   // 20,000 levels overflowed even the main thread's 8 MiB stack
            let config = try deepPack(depth)
            let result = try run(["check", "Deep", "-q"])
            XCTAssertEqual(result.status, 1, "depth \(depth): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("  error   catalog_invalid (stickerforge.yml): " + message), result.stdout)
            XCTAssertTrue(result.stdout.contains("Sticker: sun (sun.png)"), result.stdout)
            XCTAssertTrue(result.stdout.hasSuffix("\n2 stickers: 1 error, 1 warning, 2 infos; 2 passed\n"), result.stdout)
            try FileManager.default.removeItem(atPath: URL(fileURLWithPath: config).deletingLastPathComponent().path)
        }
    }

    func testConfigOptionIsUnusable() throws {
        let config = try deepPack(5_000)
        for command in [["check", "Deep"], ["build", "Deep", "--output", "OUT"], ["fix", "Deep", "--output", "FIXED"]] {
            let result = try run(command + ["--config", config, "-q"])
            XCTAssertEqual(result.status, 2, "\(command): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("error: \(config):1:67: nesting deeper than 64 levels (the limit)"),
                          "\(command): \(result.stderr)")
        }
    }

    func testWatchReportsTheLimitAndKeepsRunning() throws {
        _ = try deepPack(5_000)
        let result = try run(["watch", "Deep", "--exit-after", "1", "--interval", "50", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(message), result.stdout)
    }
}
