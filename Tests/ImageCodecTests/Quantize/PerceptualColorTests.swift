import Foundation
import ImageCodec
import XCTest

/// The quantiser's colour space takes its cube roots from our own function, so a palette does not
/// depend on which C library rounds `cbrtf` which way.
final class PerceptualColorTests: XCTestCase {
    func testCubeRootIsCorrectlyRoundedFromTwoToTheMinusThirtyToOne() {
        // Every 61st Float of the range (about four million); every one with STICKERFORGE_EXHAUSTIVE=1.
        let step: UInt32 = ProcessInfo.processInfo.environment["STICKERFORGE_EXHAUSTIVE"] == "1" ? 1 : 61
        var bits = Float(0x1p-30).bitPattern, checked = 0, wrong: [Float] = []
        while bits <= Float(1).bitPattern {
            let x = Float(bitPattern: bits)
            if PerceptualColor.cubeRoot(x).bitPattern != Float(cbrt(Double(x))).bitPattern, wrong.count < 5 { wrong.append(x) }
            checked += 1
            bits += step
        }
        XCTAssertEqual(wrong, [], "cube roots off in the last place")
        XCTAssertGreaterThan(checked, 250_000_000 / Int(step))   // the whole range was walked
    }

    func testCubeRootOfExactCubesAndEdges() {
        XCTAssertEqual(PerceptualColor.cubeRoot(0), 0)
        XCTAssertEqual(PerceptualColor.cubeRoot(1), 1)
        XCTAssertEqual(PerceptualColor.cubeRoot(0.125), 0.5)
        XCTAssertEqual(PerceptualColor.cubeRoot(0x1p-27), 0x1p-9)
        XCTAssertEqual(PerceptualColor.cubeRoot(-0.125), -0.5)
        XCTAssertEqual(PerceptualColor.cubeRoot(27), 3)
    }

    func testOklabOfReferenceColours() {
        // Björn Ottosson's published values for white and for sRGB red: L 1 / 0.6279, a 0 / 0.2249,
        // b 0 / 0.1258 (to the four decimals these coefficients give).
        let white = PerceptualColor(RGBA(255, 255, 255, 255)), red = PerceptualColor(RGBA(255, 0, 0, 255))
        XCTAssertEqual(white.l, 1, accuracy: 1e-4); XCTAssertEqual(white.a, 0, accuracy: 1e-4)
        XCTAssertEqual(white.b, 0, accuracy: 1e-4)
        XCTAssertEqual(red.l, 0.6279, accuracy: 1e-3); XCTAssertEqual(red.a, 0.2249, accuracy: 1e-3)
        XCTAssertEqual(red.b, 0.1258, accuracy: 1e-3)
        let half = PerceptualColor(RGBA(255, 0, 0, 51))
        XCTAssertEqual(half.l, red.l * 0.2, accuracy: 1e-6)
        XCTAssertEqual(half.alpha, 0.2, accuracy: 1e-6)
    }
}
