import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The comparison page's rows from the stores' builds: each finding of a store's check goes to the
/// sticker whose file it names there.
final class PlatformComparisonStorePacksTests: XCTestCase {
    private func sticker(_ name: String, file: String) -> StoreSticker {
        StoreSticker(name: name, sources: ["\(name).png"], file: file, bytes: [1, 2, 3], format: .png, width: 270, height: 270,
                     frames: 5, durationMs: 1000, loops: 4, emojis: [], scaled: nil, retimed: [], fitted: nil)
    }

    private func finding(_ rule: String, sticker: String?) -> Finding {
        Finding(rule: rule, severity: .warning, sticker: sticker, file: sticker.map { "\($0).png" }, message: rule, hint: "")
    }

    /// LINE numbers its files (`05.png` for the source "photo"): the check of its folder names the
    /// sticker "05", and the row "photo" must show that finding (it showed none).
    func testFindingsFollowTheFileTheStoreNamesTheStickerBy() {
        let pack = StorePack(rules: .line, name: "Pack", publisher: nil, identifier: "pack",
                             stickers: [sticker("sun", file: "01.png"), sticker("photo", file: "02.png")],
                             images: [], notes: [], files: [:])
        let edge = finding("content_touches_edge", sticker: "02"), size = finding("pack_size", sticker: nil)
        let tray = finding("tray_icon", sticker: "main")
        let page = PlatformComparison(title: "Pack", sourceRoot: URL(fileURLWithPath: "/src"),
                                      stores: [.init(pack: pack, folder: URL(fileURLWithPath: "/out/line"),
                                                     findings: [edge, size, tray])],
                                      pageDirectory: URL(fileURLWithPath: "/out"))
        XCTAssertEqual(page.rows.map(\.name), ["sun", "photo"])
        XCTAssertEqual(page.rows.map { $0.outputs["line"]?.findings.map(\.rule) ?? [] }, [[], ["content_touches_edge"]])
        XCTAssertEqual(page.packFindings["line"]?.map(\.rule), ["pack_size", "tray_icon"])
    }
}
