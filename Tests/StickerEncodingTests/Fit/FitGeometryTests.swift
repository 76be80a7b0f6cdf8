import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class FitGeometryTests: XCTestCase {
    func testSidesStayWithinTheGridAndNeverBelowTheMinimum() {
        XCTAssertEqual(FitGeometry.sides(width: 408, height: 408, grid: .regular, minSide: 300), [nil, 357, 306])
        // 357 px would put the shorter side at 289 px, under the minimum (issue 19: never 300x225).
        XCTAssertEqual(FitGeometry.sides(width: 618, height: 500, grid: .regular, minSide: 300), [nil, 408])
        XCTAssertEqual(FitGeometry.sides(width: 320, height: 240, grid: .large, minSide: 300), [nil])
        XCTAssertEqual(FitGeometry.sides(width: 618, height: 618, grid: .large, minSide: 300), [nil, 541, 464, 386, 309])
        XCTAssertEqual(FitGeometry.sides(width: 300, height: 200, grid: .regular, minSide: 300), [nil])
    }

    func testSizeKeepsTheAspectRatio() {
        XCTAssertTrue(FitGeometry.size(width: 408, height: 204, side: 306) == (306, 153))
        XCTAssertTrue(FitGeometry.size(width: 100, height: 300, side: 150) == (50, 150))
    }

    func testKeepCounts() {
        XCTAssertEqual(FitGeometry.keepCounts(24), [24, 12, 8, 6, 4, 3, 2])
        XCTAssertEqual(FitGeometry.keepCounts(90), [90, 45, 30, 23, 15, 9, 6, 3])
        XCTAssertEqual(FitGeometry.keepCounts(3), [3, 2])
        XCTAssertEqual(FitGeometry.keepCounts(2), [2])
        XCTAssertEqual(FitGeometry.keepCounts(1), [1])
    }
}
