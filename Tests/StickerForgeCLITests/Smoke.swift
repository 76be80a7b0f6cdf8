import XCTest

final class StickerForgeCLISmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
