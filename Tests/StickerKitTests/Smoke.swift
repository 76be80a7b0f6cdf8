import XCTest

final class StickerKitSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
