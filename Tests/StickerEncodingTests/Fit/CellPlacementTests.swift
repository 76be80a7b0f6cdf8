import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// "Into the cell": the one geometry of `--fit` and fix's scaling (issue 19).
final class CellPlacementTests: XCTestCase {
    private func size(_ p: CellPlacement) -> [Int] { [p.width, p.height, p.canvasWidth, p.canvasHeight] }

    func testSmallRasterIsScaledUpUntilItsShorterSideIs300() {
        // 160x90 in the large cell: 300 / 90 = 3.333, 160 x 3.333 = 533.3.
        XCTAssertEqual(size(CellPlacement(width: 160, height: 90, cell: 618)), [533, 300, 533, 300])
        XCTAssertEqual(size(CellPlacement(width: 100, height: 100, cell: 618)), [300, 300, 300, 300])
    }

    func testOversizeRasterIsScaledDownIntoTheCell() {
        XCTAssertEqual(size(CellPlacement(width: 800, height: 600, cell: 618)), [618, 464, 618, 464])
        XCTAssertEqual(size(CellPlacement(width: 600, height: 800, cell: 408)), [306, 408, 306, 408])
    }

    func testInsideTheCellAndAt300IsLeftAlone() {
        let p = CellPlacement(width: 320, height: 300, cell: 408)
        XCTAssertTrue(p.isIdentity)
        XCTAssertEqual(size(p), [320, 300, 320, 300])
    }

    func testExtremeAspectIsPaddedNotPushedBelow300() {
        // 1000x100 in the regular cell: 408x41 of artwork, padded to 408x300.
        let p = CellPlacement(width: 1000, height: 100, cell: 408)
        XCTAssertEqual(size(p), [408, 41, 408, 300])
        XCTAssertTrue(p.isPadded)
        XCTAssertEqual(p.summary, "1000x100 px -> 408x41 px (scale 0.408) into the 408 px grid cell, padded with transparency to "
                       + "408x300 px (300 px minimum on both sides)")
        // Issue 20's case: 375x519 in a 408 px pack scales to 295x408, padded to 300x408.
        XCTAssertEqual(size(CellPlacement(width: 375, height: 519, cell: 408)), [295, 408, 300, 408])
        // Upscaling a thin one stops at the cell, then pads.
        XCTAssertEqual(size(CellPlacement(width: 200, height: 40, cell: 618)), [618, 124, 618, 300])
    }

    func testFillCellScalesTheLongerSideToTheCellUpOrDown() {
        XCTAssertEqual(size(CellPlacement(width: 320, height: 240, cell: 618, fill: true)), [618, 464, 618, 464])
        XCTAssertEqual(size(CellPlacement(width: 320, height: 240, cell: 618)), [400, 300, 400, 300])
        XCTAssertEqual(size(CellPlacement(width: 500, height: 400, cell: 408, fill: true)), [408, 326, 408, 326])
    }

    func testApplyCentresTheArtworkOnATransparentCanvas() throws {
        let p = CellPlacement(width: 408, height: 30, cell: 408)
        XCTAssertEqual(size(p), [408, 30, 408, 300])
        let out = try p.apply(PixelBuffer(width: 408, height: 30, fill: RGBA(200, 10, 10)))
        XCTAssertEqual([out.width, out.height], [408, 300])
        // (300 - 30) / 2 = 135 transparent rows above, 135 below; the artwork is unscaled.
        XCTAssertEqual(out[0, 134], .clear)
        XCTAssertEqual(out[0, 135], RGBA(200, 10, 10))
        XCTAssertEqual(out[407, 164], RGBA(200, 10, 10))
        XCTAssertEqual(out[407, 165], .clear)
    }

    func testFitterNeverScalesAShorterSideBelowTheMinimum() {
        // 400x300: any smaller longest side would put the shorter one under 300.
        XCTAssertEqual(FitGeometry.sides(width: 400, height: 300, grid: .large, minSide: 300), [nil])
        XCTAssertEqual(FitGeometry.sides(width: 618, height: 618, grid: .large, minSide: 300), [nil, 541, 464, 386, 309])
    }
}
