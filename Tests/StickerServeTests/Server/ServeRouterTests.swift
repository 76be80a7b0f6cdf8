import Foundation
import XCTest
import StickerCore
import StickerKit
import StickerTestSupport
import TestSupport
@testable import StickerServe

/// The routes, answered without a socket: the page, images, the pack's files and their refusals,
/// fix previews, the write guard and the Host check.
final class ServeRouterTests: XCTestCase {
    private func router(_ folder: TempFolder, apply: Bool = false) async throws -> ServeRouter {
        var watcher = ServeWatcher(catalog: folder.path, overrides: PackOverrides(), platform: .imessage, quietMilliseconds: 0,
                                   toolVersion: "0.0.0-test")
        guard case let .checked(snapshot, _) = await watcher.poll(at: 0) else { throw RawHTTP.Failure("no check") }
        let hub = ServeHub(renderer: ServePageRenderer(layout: ChatLayout(gridSize: snapshot.pack.gridSize), offersApply: apply))
        await hub.publish(snapshot)
        let written: @Sendable (ServeSnapshot) async -> (ok: Bool, message: String) = { _ in (true, "written") }
        return ServeRouter(hub: hub, allowedHosts: ["127.0.0.1:9", "localhost:9"], token: "secret", apply: apply ? written : nil)
    }

    private func get(_ r: ServeRouter, _ target: String, method: String = "GET", headers: [String: String] = [:]) async -> ServeReply {
        await r.respond(ServeRequest(method: method, target: target, headers: ["Host": "127.0.0.1:9"].merging(headers) { _, b in b }))
    }

    func testThePageShowsEveryStickerInTheDrawerAndACardEach() async throws {
        let folder = try ServeFixtures.pack(["Apple", "Banana"])
        defer { folder.remove() }
        let r = try await router(folder)
        let page = await get(r, "/")
        XCTAssertEqual(page.status, 200)
        let html = String(decoding: page.bytes, as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<div class=\"cell").count - 1, 2)
        XCTAssertTrue(html.contains("<article data-hash=\""))
        XCTAssertTrue(html.contains("id=\"s-Apple\""))
        XCTAssertTrue(html.contains("408×408 px, shown at 136×136 pt"))
        let csp = page.headers.first { $0.0 == "Content-Security-Policy" }?.1 ?? ""
        XCTAssertTrue(csp.contains("script-src 'nonce-"))
        XCTAssertTrue(csp.hasPrefix("default-src 'none'"))
        let nonce = csp.components(separatedBy: "'nonce-")[1].prefix(16)
        XCTAssertTrue(html.contains("<script nonce=\"\(nonce)\">"))
        XCTAssertEqual(page.headers.first { $0.0 == "X-Content-Type-Options" }?.1, "nosniff")
    }

    func testImagesAreServedByTheirHashAndThePacksFilesAsTheyAre() async throws {
        let folder = try ServeFixtures.pack(["Apple"])
        defer { folder.remove() }
        let r = try await router(folder)
        let current = await r.hub.update
        let update = try XCTUnwrap(current)
        let src = try XCTUnwrap(update.drawer.components(separatedBy: "data-src=\"").dropFirst().first?.prefix { $0 != "\"" })
        let image = await get(r, String(src))
        XCTAssertEqual(image.status, 200)
        let file = try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/Apple.png")))
        XCTAssertEqual(image.bytes, file)
        XCTAssertEqual(image.headers.first { $0.0 == "Content-Type" }?.1, "image/png")
        let direct = await get(r, "/files/Apple.png")
        XCTAssertEqual(direct.status, 200)
        XCTAssertEqual(direct.bytes, file)
        let missing = await get(r, "/media/0000000000000000")
        XCTAssertEqual(missing.status, 404)
    }

    func testRefusals() async throws {
        let folder = try ServeFixtures.pack(["Apple"])
        defer { folder.remove() }
        let outside = try TempFolder("serve-outside")
        defer { outside.remove() }
        try outside.write(try ServeFixtures.png(300), to: "Other.png")
        try folder.write(Array("grid_size: regular\n".utf8), to: "stickerforge.yml")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Linked.png", withDestinationPath: outside.path + "/Other.png")
        let r = try await router(folder)
        let cases: [(String, Int)] = [
            ("/files/../../../../etc/passwd", 403),
            ("/files/%2e%2e/%2e%2e/%2e%2e/etc/passwd", 403),
            ("/files/..%2f..%2f..%2fetc%2fpasswd", 403),
            ("/files//etc/passwd", 403),
            ("/files/%2Fetc%2Fpasswd", 403),
            ("/files/Linked.png", 403),          // a sticker of the pack, but a link out of it
            ("/files/stickerforge.yml", 404),    // inside the pack, but no sticker's file
            ("/files/Missing.png", 404),
            ("/files/", 404),
            ("/files/.hidden", 404),
            ("/etc/passwd", 404),
            ("/../etc/passwd", 404),
        ]
        for (target, status) in cases {
            let reply = await get(r, target)
            XCTAssertEqual(reply.status, status, target)
            XCTAssertFalse(String(decoding: reply.bytes, as: UTF8.self).contains("root:"), target)
        }
        let otherHost = await r.respond(ServeRequest(method: "GET", target: "/", headers: ["Host": "attacker.example:9"]))
        XCTAssertEqual(otherHost.status, 403)
        let noHost = await r.respond(ServeRequest(method: "GET", target: "/"))
        XCTAssertEqual(noHost.status, 403)
        let delete = await get(r, "/files/Apple.png", method: "DELETE")
        XCTAssertEqual(delete.status, 405)
    }

    func testNamesWithMarkupAreEscaped() async throws {
        let hostile = "<img src=x onerror=alert(1)>"
        let folder = try ServeFixtures.pack([hostile, "Plain"])
        defer { folder.remove() }
        let r = try await router(folder)
        let pageReply = await get(r, "/")
        let html = String(decoding: pageReply.bytes, as: UTF8.self)
        XCTAssertFalse(html.contains(hostile))
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let current = await r.hub.update
        let update = try XCTUnwrap(current)
        XCTAssertFalse(update.drawer.contains("<img src=x"))
        XCTAssertFalse(update.cards.contains { $0.html.contains("<img src=x") })
        // Its file is reachable by its encoded name, nothing more.
        let file = await get(r, "/files/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E.png")
        XCTAssertEqual(file.status, 200)
    }

    func testFixPreviewIsMadeInMemoryAndTheApplyNeedsTheToken() async throws {
        let folder = try ServeFixtures.pack(["Big"], side: 640)
        defer { folder.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Big.png"))
        let r = try await router(folder, apply: true)
        let current = await r.hub.update
        let update = try XCTUnwrap(current)
        let card = try XCTUnwrap(update.cards.first)
        let fixURL = try XCTUnwrap(card.html.components(separatedBy: "data-fix=\"").dropFirst().first?.prefix { $0 != "\"" })
        let fragment = await get(r, String(fixURL))
        XCTAssertEqual(fragment.status, 200)
        let html = String(decoding: fragment.bytes, as: UTF8.self)
        XCTAssertTrue(html.contains("dimensions_too_large"), html)
        XCTAssertTrue(html.contains("After (408×408 px"), html)
        XCTAssertTrue(html.contains("data-apply"))
        let after = try XCTUnwrap(html.components(separatedBy: "src=\"").dropFirst(2).first?.prefix { $0 != "\"" })
        let afterImage = await get(r, String(after))
        XCTAssertEqual(afterImage.status, 200)
        XCTAssertEqual(Array(afterImage.bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Big.png")), before, "the preview wrote to the pack")
        let noToken = await get(r, "/apply", method: "POST")
        XCTAssertEqual(noToken.status, 403)
        let wrong = await get(r, "/apply", method: "POST", headers: ["X-StickerForge-Token": "guess"])
        XCTAssertEqual(wrong.status, 403)
        let right = await get(r, "/apply", method: "POST", headers: ["X-StickerForge-Token": "secret"])
        XCTAssertEqual(right.status, 200)
        let getApply = await get(r, "/apply")
        XCTAssertEqual(getApply.status, 404)
    }
}
