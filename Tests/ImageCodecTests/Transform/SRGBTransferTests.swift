import Foundation
import XCTest
@testable import ImageCodec

/// `SRGBTransfer.toCode` finds codes from a table instead of evaluating the curve; it must give the
/// code the curve gives, at every boundary and between them.
final class SRGBTransferTests: XCTestCase {
    /// The definition: IEC 61966-2-1 encoding, rounded to the nearest code, clamped.
    private func curve(_ linear: Float) -> UInt8 {
        let l = Double(min(1, max(0, linear)))
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }

    func testEveryCodeRoundTripsThroughLinear() {
        for code in 0...255 { XCTAssertEqual(SRGBTransfer.toCode(SRGBTransfer.toLinear[code]), UInt8(code)) }
    }

    func testMatchesTheCurveAroundEveryBoundaryAndAcrossTheRange() {
        var values: [Float] = [-1, -0, 0, 1, 1.5, .infinity, -.infinity, .leastNonzeroMagnitude]
        for k in 0..<255 {
            // Float values within a few ulps of the linear value of sRGB level (k + 0.5) / 255.
            let c = (Double(k) + 0.5) / 255
            let edge = Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
            var v = edge
            for _ in 0..<4 { v = v.nextDown }
            for _ in 0..<9 { values.append(v); v = v.nextUp }
        }
        for i in 0...200_000 { values.append(Float(i) / 200_000) }
        for v in values { XCTAssertEqual(SRGBTransfer.toCode(v), curve(v), "linear \(v)") }
    }
}
