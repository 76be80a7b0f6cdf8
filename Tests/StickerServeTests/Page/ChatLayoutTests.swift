import XCTest
import StickerCore
@testable import StickerServe

/// The drawer's columns and cells and the sizes stickers show at (docs/serve.md).
final class ChatLayoutTests: XCTestCase {
    func testMessagesGridColumnsAndCells() {
        let small = ChatLayout(gridSize: .small), regular = ChatLayout(gridSize: .regular), large = ChatLayout(gridSize: .large)
        XCTAssertEqual([small.columns, regular.columns, large.columns], [4, 3, 2])
        XCTAssertEqual([small.cell, regular.cell, large.cell], [100, 136, 206])
        XCTAssertEqual(small.gap, 2.8, accuracy: 1e-9)
        XCTAssertEqual(large.gap, 2.0 / 3.0, accuracy: 1e-9)
    }

    func testStickersShowAtAThirdOfTheirPixelsAndShrinkToTheGrid() {
        let regular = ChatLayout(gridSize: .regular)
        XCTAssertEqual(regular.displaySize(width: 408, height: 408).width, 136)
        XCTAssertEqual(regular.displaySize(width: 300, height: 150).width, 100)
        XCTAssertEqual(regular.displaySize(width: 300, height: 150).height, 50)
        // A 618 px file in a regular pack shrinks to the 408 px grid: 136 pt.
        XCTAssertEqual(regular.displaySize(width: 618, height: 618).width, 136)
        XCTAssertEqual(ChatLayout(gridSize: .small).cellSize(width: 618, height: 309).width, 100)
        XCTAssertEqual(ChatLayout(gridSize: .small).cellSize(width: 618, height: 309).height, 50)
    }

    func testAStoreUsesItsChatColoursAndStickerSize() {
        let whatsapp = ChatLayout(gridSize: .regular, platform: .whatsapp)
        XCTAssertFalse(whatsapp.isMessagesGrid)
        XCTAssertEqual(whatsapp.colors, PlatformRules.whatsapp.chatColors)
        XCTAssertEqual(whatsapp.stickerBox, PixelSize(width: 512, height: 512))
        XCTAssertEqual(whatsapp.displaySize(width: 512, height: 512).width, 170.67)
        XCTAssertEqual(ChatLayout(gridSize: .regular, platform: .discord).displaySize(width: 512, height: 512).width, 106.67)
    }
}
