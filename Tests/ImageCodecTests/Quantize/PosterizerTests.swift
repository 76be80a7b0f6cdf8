import XCTest
@testable import ImageCodec

final class PosterizerTests: XCTestCase {
    func testRoundsEachColourChannelToTheNearestLevelAndKeepsAlpha() throws {
        var image = PixelBuffer(width: 4, height: 1)
        image[0, 0] = RGBA(0, 127, 128, 255)
        image[1, 0] = RGBA(255, 4, 5, 17)
        image[2, 0] = RGBA(200, 201, 202, 0)
        image[3, 0] = RGBA(13, 14, 250, 128)
        let out = try Posterizer(bits: 3).apply(image)
        // 3 bits: levels 0, 36, 73, 109, 146, 182, 219, 255 (k * 255 / 7 rounded).
        XCTAssertEqual(out[0, 0], RGBA(0, 109, 146, 255))
        XCTAssertEqual(out[1, 0], RGBA(255, 0, 0, 17))
        XCTAssertEqual(out[2, 0], RGBA(182, 219, 219, 0))
        XCTAssertEqual(out[3, 0], RGBA(0, 0, 255, 128))
    }

    func testEveryLevelIsStableAndEightBitsIsTheIdentity() throws {
        var ramp = PixelBuffer(width: 256, height: 1)
        for v in 0..<256 { ramp[v, 0] = RGBA(UInt8(v), UInt8(255 - v), UInt8(v), UInt8(v)) }
        XCTAssertEqual(try Posterizer(bits: 8).apply(ramp), ramp)
        for bits in 1...7 {
            let p = try Posterizer(bits: bits)
            let once = p.apply(ramp)
            XCTAssertEqual(p.apply(once), once, "\(bits) bits: applying twice changes nothing")
            XCTAssertEqual(Set((0..<256).map { once[$0, 0].r }).count, 1 << bits, "\(bits) bits: exactly 2^bits levels")
            for v in 0..<256 { XCTAssertLessThanOrEqual(abs(Int(once[v, 0].r) - v), (255 / ((1 << bits) - 1) + 1) / 2) }
            XCTAssertEqual((0..<256).map { once[$0, 0].a }, (0..<256).map { UInt8($0) }, "alpha is exact")
        }
    }

    func testBitsOutsideOneToEightAreRefused() {
        for bits in [0, 9, -1] {
            XCTAssertThrowsError(try Posterizer(bits: bits)) { error in
                XCTAssertEqual(error as? CodecError, .invalidInput("bits per channel must be between 1 and 8, got \(bits)"))
            }
        }
    }
}
