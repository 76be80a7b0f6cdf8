import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `StickerPack.selecting(_:root:)`: the stickers given files belong to, with only their problems.
final class StickerPackSelectionTests: XCTestCase {
    private let root = "/repo/Pack"

    private var pack: StickerPack {
        StickerPack(name: "Pack", root: "Pack", kind: .folder, gridSize: .small, stickers: [
            StickerSource(name: "sun", folder: nil, content: .file("sun.png"), accessibilityLabel: "Sun"),
            StickerSource(name: "wave", folder: "wave", content: .sequence(frames: ["wave/1.png", "wave/2.png"],
                                                                          timing: .fps(12), repetitions: 0),
                          accessibilityLabel: nil),
            StickerSource(name: "moon", folder: nil, content: .file("moon.png"), accessibilityLabel: nil),
        ], iconSet: IconSetSource(folder: "Icons.stickersiconset", filled: [:]), problems: [
            .invalid(file: "wave/3.png", reason: "broken link", sticker: "wave"),
            .invalid(file: "moon.png", reason: "odd", sticker: "moon"),
            .unlistedSticker(folder: "Other.sticker"),
        ], config: {
            var config = PackConfig(); config.icon = "icon.png"; return config
        }())
    }

    func testAFrameSelectsItsSequenceWithItsProblemsAndPackOrder() throws {
        let cut = try XCTUnwrap(pack.selecting(["/repo/Pack/moon.png", "/repo/Pack/wave/2.png"], root: root))
        XCTAssertEqual(cut.stickers.map(\.name), ["wave", "moon"])
        XCTAssertEqual(cut.problems, [.invalid(file: "wave/3.png", reason: "broken link", sticker: "wave"),
                                      .invalid(file: "moon.png", reason: "odd", sticker: "moon")])
        XCTAssertNil(cut.iconSet)
        XCTAssertEqual(cut.gridSize, .small)
        XCTAssertEqual(cut.stickers.first?.files, ["wave/1.png", "wave/2.png"])
    }

    func testAnUnlistedFileBecomesAStickerOfItsOwnWithThePackSettings() throws {
        let cut = try XCTUnwrap(pack.selecting(["/repo/Pack/new.gif", "/repo/Pack/X.sticker/x.png"], root: root))
        XCTAssertEqual(cut.stickers, [
            StickerSource(name: "new", folder: nil, content: .file("new.gif"), accessibilityLabel: nil),
            StickerSource(name: "X", folder: nil, content: .file("X.sticker/x.png"), accessibilityLabel: nil),
        ])
        XCTAssertEqual(cut.problems, [])
    }

    func testTheIconSourceNeedsTheWholePack() {
        XCTAssertNil(pack.selecting(["/repo/Pack/icon.png"], root: root))
    }
}
