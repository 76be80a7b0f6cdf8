import Foundation
import XCTest
import StickerCore
import StickerKit
import StickerTestSupport
import TestSupport
@testable import StickerServe

/// The whole server on a real socket on 127.0.0.1 (a port the system picks): the page, the event
/// stream following a save, refusals sent byte for byte, and a clean stop when cancelled.
final class ServeSessionTests: XCTestCase {
    private final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [ServeSession.Event] = []
        func add(_ e: ServeSession.Event) { lock.lock(); items.append(e); lock.unlock() }
        var all: [ServeSession.Event] { lock.lock(); defer { lock.unlock() }; return items }
        var url: String? { all.compactMap { if case .listening(let u) = $0 { return u }; return nil }.first }
        var checks: Int { all.filter { if case .checked = $0 { return true }; return false }.count }
        var stopped: Bool { all.contains { if case .stopped = $0 { return true }; return false } }
    }

    private func waitFor(_ what: String, timeout: TimeInterval = 30, _ condition: () -> Bool) async throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < end else { throw RawHTTP.Failure("timed out waiting for \(what)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    func testServesThePageStreamsEachSaveAndStopsCleanly() async throws {
        let folder = try ServeFixtures.pack(["Apple", "Banana"])
        defer { folder.remove() }
        var settings = ServeSettings(catalog: folder.path, overrides: PackOverrides(), toolVersion: "0.0.0-test")
        settings.port = 0
        settings.intervalMilliseconds = 50
        settings.quietMilliseconds = 100
        let events = Events()
        let task = Task { try await ServeSession(settings: settings).run { events.add($0) } }
        try await waitFor("the first check") { events.url != nil && events.checks >= 1 }
        let url = try XCTUnwrap(events.url)
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        let port = try XCTUnwrap(UInt16(url.dropFirst("http://127.0.0.1:".count).dropLast()))
        let http = RawHTTP(port: port)

        let page = try http.request("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("id=\"s-Banana\""))
        XCTAssertEqual(try http.request("/files/../../../../etc/passwd").status, 403)
        XCTAssertEqual(try http.request("/files/%2e%2e/%2e%2e/etc/passwd").status, 403)
        XCTAssertEqual(try http.request("/files/Apple.png").status, 200)
        XCTAssertEqual(try http.request("/", host: "rebound.example:\(port)").status, 403)

        // The stream opens with the current check; a save sends the next one.
        let replacement = try ServeFixtures.png(640, colour: 4)
        let writer = Task.detached {
            try await Task.sleep(nanoseconds: 300_000_000)
            try folder.write(replacement, to: "Banana.png")
        }
        let stream = try http.events(timeout: 30) { $0.contains("id: 2\n") && $0.hasSuffix("\n\n") }
        _ = try await writer.value
        XCTAssertTrue(stream.hasPrefix("HTTP/1.1 200"), String(stream.prefix(200)))
        XCTAssertTrue(stream.lowercased().contains("content-type: text/event-stream"))
        XCTAssertTrue(stream.contains("event: update\nid: 1\ndata: {"))
        let second = try XCTUnwrap(stream.components(separatedBy: "id: 2\ndata: ").last?.components(separatedBy: "\n\n").first)
        let update = try JSONDecoder().decode(ServePageRenderer.Update.self, from: Data(second.utf8))
        XCTAssertEqual(update.version, 2)
        XCTAssertEqual(update.changed, ["s-Banana"])
        XCTAssertTrue(update.cards.first { $0.id == "s-Banana" }?.html.contains("dimensions_too_large") ?? false)
        XCTAssertTrue(update.cards.first { $0.id == "s-Banana" }?.html.contains("Changed by the last save") ?? false)

        task.cancel()
        _ = try await task.value
        XCTAssertTrue(events.stopped)
        XCTAssertThrowsError(try http.request("/"), "the server still answers after it stopped")
    }
}
