import ImageCodec
import XCTest

/// Decodes the committed JPEG fixtures and compares them with Pillow 13.0's decode of the same
/// files (`<name>.pillow.rgb`: `Image.open(...).convert("RGB").tobytes()`).
///
/// Tolerance: at most 2 per channel. Pillow bundles its own libjpeg-turbo while we link the system
/// one (2.1.5 here); IDCT and upsampling rounding may differ by a level or two between versions.
/// With 2.1.5 every fixture matched Pillow exactly; the tolerance is for other library versions.
/// Facts (colour model, progressive, orientation, sizes) must match exactly.
final class JPEGFixtureTests: XCTestCase {
    static let tolerance = 2

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/JPEG")

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    /// Decodes `name`.jpg and checks every pixel against `name`.pillow.rgb.
    @discardableResult
    private func decodeAndCompare(_ name: String, width: Int, height: Int,
                                  file: StaticString = #filePath, line: UInt = #line) throws -> DecodedImage {
        let input = try bytes("\(name).jpg")
        let image = try ImageDecoder().decode(input)
        XCTAssertEqual(image.width, width, file: file, line: line)
        XCTAssertEqual(image.height, height, file: file, line: line)
        XCTAssertEqual(image.frames.count, 1, file: file, line: line)
        XCTAssertEqual(image.facts.format, .jpeg, file: file, line: line)
        XCTAssertEqual(image.facts.bitDepth, 8, file: file, line: line)
        XCTAssertEqual(image.facts.transparency, TransparencyKind.none, file: file, line: line)
        XCTAssertEqual(image.facts.fileSize, input.count, file: file, line: line)
        XCTAssertNil(image.frames[0].raw, file: file, line: line)
        let expected = try bytes("\(name).pillow.rgb")
        let pixels = image.frames[0].image.pixels
        XCTAssertEqual(expected.count, width * height * 3, file: file, line: line)
        guard pixels.count == width * height * 4, expected.count == width * height * 3 else { return image }
        var worst = 0
        for i in 0..<width * height {
            for c in 0..<3 {
                let got = Int(pixels[i * 4 + c]), want = Int(expected[i * 3 + c])
                worst = max(worst, abs(got - want))
            }
            XCTAssertEqual(pixels[i * 4 + 3], 255, "alpha at pixel \(i)", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(worst, Self.tolerance, "largest channel difference from Pillow", file: file, line: line)
        return image
    }

    func testBaselineGray() throws {
        let image = try decodeAndCompare("gray-baseline", width: 16, height: 16)
        XCTAssertEqual(image.facts.colorModel, .grayscale)
        XCTAssertFalse(image.facts.interlaced)
        XCTAssertNil(image.facts.exifOrientation)
        XCTAssertFalse(image.facts.color.hasICCProfile)
        let p = image.frames[0].image.pixels
        let nonGray = stride(from: 0, to: p.count, by: 4).filter { (i: Int) -> Bool in
            p[i] != p[i + 1] || p[i] != p[i + 2]
        }
        XCTAssertEqual(nonGray, [], "grey JPEG must decode to R = G = B")
    }

    func testBaselineYCbCrWithSRGBProfile() throws {
        let image = try decodeAndCompare("ycbcr-baseline-icc", width: 16, height: 12)
        XCTAssertEqual(image.facts.colorModel, .ycbcr)
        XCTAssertFalse(image.facts.interlaced)
        XCTAssertTrue(image.facts.color.hasICCProfile)
        XCTAssertEqual(image.facts.color.iccProfileName, "sRGB built-in")
        XCTAssertEqual(image.facts.color.iccProfileIsSRGB, true)
        XCTAssertEqual(image.loopCount, 0)
        XCTAssertEqual(image.frames[0].delay, .zero)
        XCTAssertFalse(image.isAnimated)
    }

    func testProgressive() throws {
        let image = try decodeAndCompare("progressive", width: 16, height: 16)
        XCTAssertEqual(image.facts.colorModel, .ycbcr)
        XCTAssertTrue(image.facts.interlaced)
    }

    func testAdobeCMYKIsConvertedFromInvertedValues() throws {
        let image = try decodeAndCompare("cmyk-adobe", width: 8, height: 8)
        XCTAssertEqual(image.facts.colorModel, .cmyk)
        XCTAssertFalse(image.facts.interlaced)
    }

    func testExifOrientationIntelIsReportedNotApplied() throws {
        let image = try decodeAndCompare("exif-orientation6", width: 8, height: 4)
        XCTAssertEqual(image.facts.exifOrientation, 6)
    }

    func testExifOrientationMotorolaIsReportedNotApplied() throws {
        let image = try decodeAndCompare("exif-orientation8-motorola", width: 4, height: 8)
        XCTAssertEqual(image.facts.exifOrientation, 8)
    }

    func testTruncatedScanIsAnError() throws {
        XCTAssertThrowsError(try ImageDecoder().decode(try bytes("truncated.jpg"))) { error in
            XCTAssertEqual(error as? CodecError, .truncated("Premature end of JPEG file (libjpeg)"))
        }
    }
}
