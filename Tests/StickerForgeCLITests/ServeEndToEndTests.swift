import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `stickerforge serve` through the built binary: it prints its address on 127.0.0.1, answers with
/// the page, and stops cleanly on Ctrl-C (SIGINT), exit 0.
final class ServeEndToEndTests: CLIEndToEndTestCase {
    private func wait(seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    private func get(_ url: URL) throws -> (Int, String) {
        let done = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var status = 0; var body = ""; var error: Error? }
        let box = Box()
        URLSession.shared.dataTask(with: url) { data, response, error in
            box.status = (response as? HTTPURLResponse)?.statusCode ?? 0
            box.body = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
            box.error = error
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 30) == .success else { throw CocoaError(.fileReadUnknown) }
        if let error = box.error { throw error }
        return (box.status, box.body)
    }

    func testServesThePageAndStopsOnControlC() throws {
        try temp.makeFolder("Mini")
        for name in ["sun", "heart"] { _ = try temp.copySample("StarterPack/\(name).png", as: "Mini/\(name).png") }
        let running = try runner.start(["serve", "Mini", "--port", "0"], in: temp.root)
        defer { if running.process.isRunning { running.process.terminate() } }
        XCTAssertTrue(wait(seconds: 60) { running.stdout.contains("(Ctrl-C to stop)\n") }, running.stdout)
        let line = running.stdout
        XCTAssertTrue(line.hasPrefix("serving Mini at http://127.0.0.1:"), line)
        let address = try XCTUnwrap(line.components(separatedBy: " at ").last?.components(separatedBy: " ").first)
        let url = try XCTUnwrap(URL(string: address))
        var page = (0, "")
        XCTAssertTrue(wait(seconds: 60) {
            page = (try? get(url)) ?? (0, "")
            return page.1.contains("id=\"s-heart\"")   // the first check is in
        }, page.1)
        XCTAssertEqual(page.0, 200)
        XCTAssertEqual(kill(running.process.processIdentifier, SIGINT), 0)
        XCTAssertTrue(wait(seconds: 30) { !running.process.isRunning }, "serve did not stop on SIGINT")
        running.process.waitUntilExit()
        let result = running.result()
        XCTAssertFalse(result.killed, result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("stopped\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("] checked; 2 stickers: "), result.stderr)
        XCTAssertThrowsError(try get(url), "the port still answers after serve stopped")
    }
}
