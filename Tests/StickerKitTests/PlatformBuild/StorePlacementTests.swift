import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Placing artwork in a store's pixel limits, read from its table.
final class StorePlacementTests: XCTestCase {
    private func size(_ p: StorePlacement) -> [Int] { [p.width, p.height, p.canvasWidth, p.canvasHeight] }

    func testExactSizeScalesAndPadsWithTransparency() throws {
        let placement = StorePlacement(width: 300, height: 200, limits: PlatformRules.whatsapp.still!.pixels)
        XCTAssertEqual(size(placement), [512, 341, 512, 512])
        XCTAssertEqual(placement.summary, "300x200 px -> 512x341 px, padded with transparency to 512x512 px")
        let image = try placement.apply(PixelBuffer(width: 300, height: 200, fill: RGBA(10, 20, 30, 255)))
        XCTAssertEqual([image.width, image.height], [512, 512])
        XCTAssertEqual(image[0, 0].a, 0)
        XCTAssertEqual(image[256, 256], RGBA(10, 20, 30, 255))
        XCTAssertEqual(StorePlacement(width: 320, height: 320, limits: PlatformRules.discord.still!.pixels).summary, nil)
    }

    func testOneSideExactly512IsNotPadded() {
        XCTAssertEqual(size(StorePlacement(width: 300, height: 200, limits: PlatformRules.telegram.still!.pixels)), [512, 341, 512, 341])
        XCTAssertEqual(size(StorePlacement(width: 100, height: 1000, limits: PlatformRules.telegram.still!.pixels)), [51, 512, 51, 512])
    }

    func testLINEMaximaAndEvenSides() {
        // Still: within 370x320, even sides (a 277 px height is padded to 278).
        XCTAssertEqual(size(StorePlacement(width: 401, height: 300, limits: PlatformRules.line.still!.pixels)), [370, 277, 370, 278])
        // Animated: within 320x270; the side that limits lands on 270 or 320.
        XCTAssertEqual(size(StorePlacement(width: 512, height: 512, limits: PlatformRules.line.animated!.pixels)), [270, 270, 270, 270])
        XCTAssertEqual(size(StorePlacement(width: 640, height: 360, limits: PlatformRules.line.animated!.pixels)), [320, 180, 320, 180])
    }
}
