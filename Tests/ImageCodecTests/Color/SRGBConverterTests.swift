import Foundation
import ImageCodec
import XCTest

/// Colour conversion against lcms2's own command-line tool: `Tests/ImageCodecTests/Fixtures/Color/gen-icc-fixtures.py` tagged a
/// 7x7 grid of colours with a Display P3 and an Adobe RGB (1998) ICC profile and with gAMA 1.8 plus
/// cHRM, and recorded what `transicc -t0 -q -s` (liblcms2-utils) makes of every pixel in sRGB.
final class SRGBConverterTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Color")

    private func expected() throws -> [String: [[Int]]] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("expected.json"))
        return try JSONDecoder().decode([String: [[Int]]].self, from: data)
    }

    /// transicc works in floating point and rounds at the end; our 8-bit transform may differ by a
    /// level. Measured: at most 1 level on every channel of all 3 x 49 pixels.
    func testMatchesTransicc() throws {
        let truth = try expected()
        for name in ["displayp3", "adobergb", "gamma18"] {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name + ".png")))
            let image = try ImageDecoder().decode(bytes)
            let space = try XCTUnwrap(SourceColorSpace.declared(in: bytes), name)
            if name == "gamma18" { XCTAssertEqual(space, .gamma(0.55556, chromaticities: SourceColorSpace.srgbChromaticities)) }
            let converted = try SRGBConverter().convert(image.frames[0].image, from: space)
            let want = try XCTUnwrap(truth[name])
            XCTAssertEqual(want.count, 49)
            var worst = 0, differing = 0
            for (i, rgb) in want.enumerated() {
                let p = converted[i % 7, i / 7]
                let d = max(abs(Int(p.r) - rgb[0]), abs(Int(p.g) - rgb[1]), abs(Int(p.b) - rgb[2]))
                worst = max(worst, d)
                if d > 0 { differing += 1 }
                XCTAssertEqual(p.a, 255)
            }
            XCTAssertLessThanOrEqual(worst, 1, name)
            // A real conversion: the grid's colours moved (P3 and Adobe RGB are wider than sRGB).
            XCTAssertNotEqual(converted, image.frames[0].image, name)
            _ = differing
        }
    }

    func testAlphaIsCopiedAndSRGBIsIdentity() throws {
        var buffer = PixelBuffer(width: 2, height: 1)
        buffer[0, 0] = RGBA(200, 100, 50, 77)
        buffer[1, 0] = RGBA(10, 20, 30, 0)
        let same = try SRGBConverter().convert(buffer, from: .gamma(0.45455, chromaticities: nil))
        XCTAssertEqual(same[0, 0].a, 77)
        XCTAssertEqual(same[1, 0].a, 0)
        XCTAssertLessThanOrEqual(abs(Int(same[0, 0].r) - 200), 2)
    }

    func testUnreadableProfileThrows() {
        XCTAssertThrowsError(try SRGBConverter().convert(PixelBuffer(width: 1, height: 1), from: .icc([1, 2, 3])))
    }
}
