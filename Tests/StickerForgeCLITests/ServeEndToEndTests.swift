import Foundation
import TestSupport
import XCTest

/// `stickerforge serve` through the built binary: it prints its address on 127.0.0.1, answers with
/// the page, and stops cleanly on Ctrl-C (SIGINT), exit 0.
final class ServeEndToEndTests: CLIEndToEndTestCase {
    func testServesThePageAndStopsOnControlC() throws {
        try temp.makeFolder("Mini")
        for name in ["sun", "heart"] { _ = try temp.copySample("StarterPack/\(name).png", as: "Mini/\(name).png") }
        let running = try runner.start(["serve", "Mini", "--port", "0"], in: temp.root)
        defer { if running.process.isRunning { running.process.terminate() } }
        XCTAssertTrue(wait(seconds: 60) { running.stdout.contains("(Ctrl-C to stop)\n") }, running.stdout)
        let line = running.stdout
        XCTAssertTrue(line.hasPrefix("serving Mini at http://127.0.0.1:"), line)
        let address = try XCTUnwrap(line.components(separatedBy: " at ").last?.components(separatedBy: " ").first)
        let port = try XCTUnwrap(UInt16(address.dropFirst("http://127.0.0.1:".count).dropLast()), address)
        let http = RawHTTP(port: port)
        var page: RawHTTP.Response?
        XCTAssertTrue(wait(seconds: 60) {
            page = try? http.request("/")
            return page?.text.contains("id=\"s-heart\"") ?? false   // the first check is in
        }, page?.text ?? "no answer")
        XCTAssertEqual(page?.status, 200)
        XCTAssertEqual(kill(running.process.processIdentifier, SIGINT), 0)
        XCTAssertTrue(wait(seconds: 30) { !running.process.isRunning }, "serve did not stop on SIGINT")
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertFalse(result.killed, result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("stopped\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("] checked; 2 stickers: "), result.stderr)
        XCTAssertThrowsError(try http.request("/"), "the port still answers after serve stopped")
    }
}
