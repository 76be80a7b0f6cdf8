import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `watch` on a real folder pack of PNG files: only changed stickers are decoded again, and the
/// update names the findings a change added and the ones it fixed.
final class WatchSessionTests: XCTestCase {
    /// Each sticker has its own colour, so `duplicate_sticker` stays quiet.
    private let colours = ["Apple": RGBA(200, 30, 30), "Banana": RGBA(230, 200, 40), "Cherry": RGBA(120, 10, 60)]

    private func png(_ side: Int, _ name: String) throws -> [UInt8] {
        try PNGEncoder(options: PNGEncodeOptions(effort: .fast))
            .encode(ExampleImage.canvas(side, side, inset: 20, content: colours[name] ?? ExampleImage.ink))
    }

    func testRefreshDecodesOnlyChangedStickersAndDiffsFindings() async throws {
        let folder = try TempFolder("watch")
        defer { folder.remove() }
        for name in ["Apple", "Banana", "Cherry"] { try folder.write(try png(408, name), to: "\(name).png") }
        let pack = try CatalogReader().read(at: folder.path, config: nil)
        XCTAssertEqual(pack.stickers.map(\.name), ["Apple", "Banana", "Cherry"])
        var session = WatchSession()
        let configuration = CheckConfiguration()

        let first = await session.refresh(pack: pack, configuration: configuration, toolVersion: "0.0.0-test")
        XCTAssertEqual(first.reloaded, ["Apple", "Banana", "Cherry"])
        XCTAssertEqual(first.subjects.map(\.name), ["Apple", "Banana", "Cherry"])
        XCTAssertEqual(first.added, [])
        XCTAssertEqual(first.fixed, [])
        XCTAssertFalse(first.report.findings.contains { $0.rule == "dimensions_too_large" })

        let idle = await session.refresh(pack: pack, configuration: configuration, toolVersion: "0.0.0-test")
        XCTAssertEqual(idle.reloaded, [])
        XCTAssertEqual(idle.added, [])
        XCTAssertEqual(idle.fixed, [])
        XCTAssertEqual(idle.report, first.report)

        let original = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Banana.png"))
        try folder.write(try png(640, "Banana"), to: "Banana.png")
        let broken = await session.refresh(pack: pack, configuration: configuration, toolVersion: "0.0.0-test")
        XCTAssertEqual(broken.reloaded, ["Banana"])
        XCTAssertEqual(broken.subjects.map { $0.facts?.width }, [408, 640, 408])
        XCTAssertEqual(broken.added.map(\.rule), ["dimensions_too_large"])
        XCTAssertEqual(broken.added.map(\.sticker), ["Banana"])
        XCTAssertEqual(broken.added.map(\.file), ["Banana.png"])
        XCTAssertEqual(broken.added.map(\.message), ["640x640 px, larger than the maximum of 618x618 px"])
        XCTAssertEqual(broken.fixed, [])

        try Data(original).write(to: URL(fileURLWithPath: folder.path + "/Banana.png"))
        let reverted = await session.refresh(pack: pack, configuration: configuration, toolVersion: "0.0.0-test")
        XCTAssertEqual(reverted.reloaded, ["Banana"])
        XCTAssertEqual(reverted.added, [])
        XCTAssertEqual(reverted.fixed, broken.added)
        XCTAssertEqual(reverted.report, first.report)
    }

    /// Unchanged stickers keep their findings between refreshes, but a change of settings re-runs
    /// every sticker rule; since the session keeps summaries, not frames, that decodes every sticker
    /// again. The result equals a fresh check.
    func testChangedSettingsDecodeAndRecheckEverySticker() async throws {
        let folder = try TempFolder("watch-settings")
        defer { folder.remove() }
        try folder.write(try png(408, "Apple"), to: "Apple.png")
        try folder.write(try png(640, "Banana"), to: "Banana.png")
        let pack = try CatalogReader().read(at: folder.path, config: nil)
        var session = WatchSession()
        let first = await session.refresh(pack: pack, configuration: CheckConfiguration(), toolVersion: "t")
        XCTAssertTrue(first.report.findings.contains { $0.rule == "dimensions_too_large" })

        var relaxed = CheckConfiguration()
        relaxed.severities["dimensions_too_large"] = .off
        let second = await session.refresh(pack: pack, configuration: relaxed, toolVersion: "t")
        XCTAssertEqual(second.reloaded, ["Apple", "Banana"])
        XCTAssertEqual(second.fixed.map(\.rule), ["dimensions_too_large"])
        let fresh = await PackChecker(configuration: relaxed, toolVersion: "t").check(pack)
        XCTAssertEqual(second.report, fresh)
    }

    func testAStickerNewToThePackIsDecodedAlone() async throws {
        let folder = try TempFolder("watch-new")
        defer { folder.remove() }
        try folder.write(try png(408, "Apple"), to: "Apple.png")
        var session = WatchSession()
        let before = try CatalogReader().read(at: folder.path, config: nil)
        _ = await session.refresh(pack: before, configuration: CheckConfiguration(), toolVersion: "t")
        try folder.write(try png(640, "Banana"), to: "Banana.png")
        let after = try CatalogReader().read(at: folder.path, config: nil)
        let update = await session.refresh(pack: after, configuration: CheckConfiguration(), toolVersion: "t")
        XCTAssertEqual(update.reloaded, ["Banana"])
        XCTAssertEqual(update.subjects.map(\.name), ["Apple", "Banana"])
        // Everything new is the new sticker's: its size error and, like every sticker here, no label.
        XCTAssertEqual(update.added.map(\.rule), ["dimensions_too_large", "missing_accessibility_label"])
        XCTAssertEqual(update.added.map(\.sticker), ["Banana", "Banana"])
        XCTAssertEqual(update.fixed, [])
    }
}
