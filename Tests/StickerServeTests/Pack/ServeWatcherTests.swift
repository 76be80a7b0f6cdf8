import Foundation
import XCTest
import StickerCore
import StickerKit
import StickerTestSupport
@testable import StickerServe

/// `serve` polls as `watch` does: the first check at once, later ones only once the files are
/// quiet, only the changed stickers decoded again, and a half-written file never shown.
final class ServeWatcherTests: XCTestCase {
    private func watcher(_ folder: TempFolder, quiet: Int = 300) -> ServeWatcher {
        ServeWatcher(catalog: folder.path, overrides: PackOverrides(), platform: .imessage, quietMilliseconds: quiet,
                     toolVersion: "0.0.0-test")
    }

    func testFirstCheckAtOnceThenOnlyTheChangedStickerAfterTheQuietPeriod() async throws {
        let folder = try ServeFixtures.pack(["Apple", "Banana", "Cherry"])
        defer { folder.remove() }
        var w = watcher(folder)
        guard case let .checked(first, reloaded) = await w.poll(at: 0) else { return XCTFail("no first check") }
        XCTAssertEqual(first.version, 1)
        XCTAssertEqual(reloaded, ["Apple", "Banana", "Cherry"])
        XCTAssertEqual(first.changes, [:])
        XCTAssertEqual(Set(first.media.keys), ["Apple", "Banana", "Cherry"])
        guard case .unchanged = await w.poll(at: 200) else { return XCTFail("nothing changed") }

        try folder.write(try ServeFixtures.png(640, colour: 1), to: "Banana.png")
        guard case .unchanged = await w.poll(at: 400) else { return XCTFail("checked before the quiet period") }
        guard case .unchanged = await w.poll(at: 600) else { return XCTFail("checked before the quiet period") }
        guard case let .checked(second, again) = await w.poll(at: 700) else { return XCTFail("no check after the quiet period") }
        XCTAssertEqual(again, ["Banana"])
        XCTAssertEqual(second.version, 2)
        XCTAssertEqual(Array(second.changes.keys), ["Banana"])
        XCTAssertEqual(second.changes["Banana"]?.added.map(\.rule), ["dimensions_too_large"])
        XCTAssertEqual(second.media["Banana"]?.width, 640)
        XCTAssertEqual(second.media["Apple"], first.media["Apple"])
    }

    func testAHalfWrittenFileIsNeverShownAsAnError() async throws {
        let folder = try ServeFixtures.pack(["Apple", "Banana"])
        defer { folder.remove() }
        var w = watcher(folder)
        guard case .checked = await w.poll(at: 0) else { return XCTFail("no first check") }
        let whole = try ServeFixtures.png(408, colour: 3)
        // An editor's save in steps: the first half, a pause shorter than the quiet period, the rest.
        try folder.write(Array(whole.prefix(whole.count / 2)), to: "Banana.png")
        guard case .unchanged = await w.poll(at: 1000) else { return XCTFail("a half-written file was checked") }
        guard case .unchanged = await w.poll(at: 1200) else { return XCTFail("a half-written file was checked") }
        try folder.write(whole, to: "Banana.png")
        guard case .unchanged = await w.poll(at: 1250) else { return XCTFail("checked before the quiet period") }
        guard case let .checked(snapshot, reloaded) = await w.poll(at: 1600) else { return XCTFail("no check once quiet") }
        XCTAssertEqual(reloaded, ["Banana"])
        XCTAssertFalse(snapshot.report.findings.contains { $0.rule == "corrupt_image" })
        XCTAssertNotNil(snapshot.media["Banana"])
    }

    func testAPackThatCannotBeReadIsSaidOnThePageOverTheLastCheck() async throws {
        let parent = try TempFolder("serve-gone")
        defer { parent.remove() }
        try parent.write(try ServeFixtures.png(408), to: "Pack/Apple.png")
        var w = ServeWatcher(catalog: parent.path + "/Pack", overrides: PackOverrides(), platform: .imessage, quietMilliseconds: 0,
                             toolVersion: "0.0.0-test")
        guard case let .checked(first, _) = await w.poll(at: 0) else { return XCTFail("no first check") }
        let hub = ServeHub(renderer: ServePageRenderer(layout: ChatLayout(gridSize: .regular), offersApply: false))
        await hub.publish(first)
        try FileManager.default.removeItem(atPath: parent.path + "/Pack")
        guard case let .problem(problem) = await w.poll(at: 10) else { return XCTFail("a missing pack was not reported") }
        XCTAssertTrue(problem.hasPrefix("The pack cannot be read: "), problem)
        await hub.publishProblem(problem)
        let update = await hub.update
        XCTAssertEqual(update?.problem, problem)
        XCTAssertEqual(update?.version, 2)
        XCTAssertEqual(update?.cards.map(\.id), ["s-Apple"], "the last good check stays on the page")
        // Readable again: the next check clears the problem with a version the page has not seen.
        try parent.write(try ServeFixtures.png(408, colour: 2), to: "Pack/Apple.png")
        guard case let .checked(again, _) = await w.poll(at: 20) else { return XCTFail("no check once readable") }
        await hub.publish(again)
        let recovered = await hub.update
        XCTAssertEqual(recovered?.problem, "")
        XCTAssertEqual(recovered?.version, 3)
    }

    func testABrokenFileThatStaysBrokenIsShownAsAnErrorCard() async throws {
        let folder = try ServeFixtures.pack(["Apple", "Banana"])
        defer { folder.remove() }
        var w = watcher(folder, quiet: 0)
        guard case .checked = await w.poll(at: 0) else { return XCTFail("no first check") }
        try folder.write(Array("not a png at all".utf8), to: "Banana.png")
        guard case let .checked(snapshot, _) = await w.poll(at: 10) else { return XCTFail("no check") }
        let findings = snapshot.report.stickers.first { $0.name == "Banana" }?.findings ?? []
        XCTAssertTrue(findings.contains { $0.severity == .error && ["corrupt_image", "unsupported_format"].contains($0.rule) },
                      "\(findings.map(\.rule))")
        XCTAssertNil(snapshot.media["Banana"])
        let card = ServePageRenderer(layout: ChatLayout(gridSize: .regular), offersApply: false)
            .update(snapshot).cards.first { $0.id == "s-Banana" }
        XCTAssertEqual(card?.html.contains("card-error"), true)
        XCTAssertEqual(card?.html.contains("This sticker cannot be shown."), true)
    }
}
