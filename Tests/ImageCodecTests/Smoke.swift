import XCTest

final class ImageCodecSmokeTests: XCTestCase {
    func testModuleLoads() { XCTAssertTrue(true) }
}
