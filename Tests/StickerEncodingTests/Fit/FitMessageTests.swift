import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Figures in the fitter's messages say what was measured (issue 19's rounding slip).
final class FitMessageTests: XCTestCase {
    func testAQualityUnderTheFloorNeverReadsAsTheFloor() {
        let error = FitError.belowQualityFloor(quality: 0.89996, minQuality: 0.9, bytes: 1000, limit: 2000, steps: ["palette 256"])
        XCTAssertEqual(error.description, "the best candidate under 2000 bytes is 1000 bytes at quality 0.8999, below the floor "
                       + "of 0.9000 (palette 256); lower --min-quality or raise the limit")
        XCTAssertEqual(FitError.figure(0.95, below: 0.9), "0.9500")
        XCTAssertEqual(FitError.figure(0.123456, below: 0.9), "0.1234")
    }

    func testTheWorkBudgetIsNamedAsSuch() {
        let options = FitOptions(timeBudget: 5)
        XCTAssertEqual(options.budgetText(wallClock: true), "time budget of 5 s")
        XCTAssertEqual(options.budgetText(wallClock: false), "work budget of 5 s (40 megapixels processed)")
    }
}
