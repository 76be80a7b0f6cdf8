import ImageCodec
import XCTest

/// Still PNG output: colour type choice, exact pixels, CRCs, determinism, invalid input.
final class PNGEncoderTests: XCTestCase {
    /// Encodes `image` at `effort`, reads it back independently and checks the pixels exactly.
    @discardableResult
    func roundTrip(_ image: PixelBuffer, effort: DeflateEffort = .fast,
                   file: StaticString = #filePath, line: UInt = #line) throws -> (EncodeReport, EncodedPNGReader) {
        let report = try PNGEncoder(options: PNGEncodeOptions(effort: effort)).encodeWithReport(image)
        let reader = try EncodedPNGReader(report.bytes)
        XCTAssertEqual(reader.frames.count, 1, file: file, line: line)
        XCTAssertEqual(reader.frames.first, image.normalizedTransparent(), "pixels differ", file: file, line: line)
        XCTAssertEqual(reader.colorType, Int(report.colorType.rawValue), file: file, line: line)
        XCTAssertEqual(reader.bitDepth, report.bitDepth, file: file, line: line)
        try checkWithImageDecoder(report.bytes, expected: [image], file: file, line: line)
        try EncoderTestDump.write(report.bytes, expected: [image.normalizedTransparent()],
                                  name: "\(name)-\(effort)-\(line)")
        return (report, reader)
    }

    func testCheckerIsOneBitGray() throws {
        let (report, reader) = try roundTrip(EncoderTestImages.checker(13, 7))
        XCTAssertEqual(report.colorType, .grayscale)
        XCTAssertEqual(report.bitDepth, 1)
        XCTAssertNil(reader.trns)
    }

    func testFourGreysAreTwoBitGray() throws {
        let levels: [UInt8] = [0, 85, 170, 255]
        let image = EncoderTestImages.make(9, 5) { x, y, _ in let v = levels[(x + y) % 4]; return RGBA(v, v, v) }
        let (report, _) = try roundTrip(image)
        XCTAssertEqual(report.colorType, .grayscale)
        XCTAssertEqual(report.bitDepth, 2)
    }

    func testRandomGrayIsEightBitGray() throws {
        let (report, _) = try roundTrip(EncoderTestImages.randomGray(31, 17, seed: 7), effort: .default)
        XCTAssertEqual(report.colorType, .grayscale)
        XCTAssertEqual(report.bitDepth, 8)
    }

    func testGrayWithTransparencyUsesKey() throws {
        let image = EncoderTestImages.make(8, 8) { x, _, _ in x == 0 ? RGBA(50, 60, 70, 0) : RGBA(255, 255, 255) }
        let (report, reader) = try roundTrip(image)
        XCTAssertEqual(report.colorType, .grayscale)
        XCTAssertEqual(report.bitDepth, 1)
        XCTAssertEqual(reader.trns, [0, 0], "black (sample 0) is free, so it is the key")
    }

    func testTranslucentGreysAreGrayAlpha() throws {
        let (report, _) = try roundTrip(EncoderTestImages.randomGrayAlpha(40, 20, seed: 3))
        XCTAssertEqual(report.colorType, .grayscaleAlpha)
        XCTAssertEqual(report.bitDepth, 8)
    }

    func testFewColoursArePaletteWithTransparentEntriesFirst() throws {
        let colors = [RGBA(255, 0, 0), RGBA(0, 0, 255), RGBA(0, 255, 0, 128), RGBA(1, 2, 3, 0), RGBA(9, 9, 9)]
        let (report, reader) = try roundTrip(EncoderTestImages.randomPalette(23, 11, seed: 5, colors: colors),
                                             effort: .default)
        XCTAssertEqual(report.colorType, .palette)
        XCTAssertEqual(report.bitDepth, 4, "5 entries need 4 bits")
        XCTAssertEqual(report.paletteCount, 5)
        XCTAssertEqual(reader.trns, [0, 128], "tRNS holds only the two non-opaque entries, transparent first")
        XCTAssertEqual(reader.palette[0], RGBA(0, 0, 0), "alpha-0 colour is normalized to black")
    }

    func testTwoColoursAreOneBitPalette() throws {
        let colors = [RGBA(255, 0, 0), RGBA(0, 0, 255, 0)]
        let (report, _) = try roundTrip(EncoderTestImages.randomPalette(17, 3, seed: 2, colors: colors))
        XCTAssertEqual(report.colorType, .palette)
        XCTAssertEqual(report.bitDepth, 1)
    }

    func testManyOpaqueColoursWithHoleAreRGBWithKey() throws {
        let (report, reader) = try roundTrip(EncoderTestImages.randomRGBWithHole(30, 30, seed: 11), effort: .default)
        XCTAssertEqual(report.colorType, .rgb)
        XCTAssertEqual(reader.trns?.count, 6)
    }

    func testRandomRGBAStaysRGBA() throws {
        for effort in DeflateEffort.allCases {
            let (report, _) = try roundTrip(EncoderTestImages.randomRGBA(29, 13, seed: 99), effort: effort)
            XCTAssertEqual(report.colorType, .rgba)
        }
    }

    func testEveryChunkCRCMatchesAnIndependentCRC() throws {
        let bytes = try PNGEncoder().encode(EncoderTestImages.randomRGBA(20, 20, seed: 4))
        let reader = try EncodedPNGReader(bytes)   // throws on the first bad CRC
        XCTAssertEqual(reader.chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
        // The CRC of an empty IEND is a fixed, published value.
        XCTAssertEqual(Array(bytes.suffix(4)), [0xAE, 0x42, 0x60, 0x82])
    }

    func testOutputIsDeterministic() throws {
        let image = EncoderTestImages.randomRGBA(37, 21, seed: 8)
        for effort in DeflateEffort.allCases {
            let encoder = PNGEncoder(options: PNGEncodeOptions(effort: effort))
            XCTAssertEqual(try encoder.encode(image), try encoder.encode(image), "\(effort)")
        }
    }

    func testZeroSizeIsRejectedWithItsSize() {
        XCTAssertThrowsError(try PNGEncoder().encode(PixelBuffer(width: 0, height: 5))) { error in
            XCTAssertEqual(error as? CodecError,
                           .invalidInput("image is 0x5 px; both sides must be at least 1 px"))
        }
    }

    func testNormalizedTransparentBlacksOnlyInvisiblePixels() {
        var image = PixelBuffer(width: 2, height: 1)
        image[0, 0] = RGBA(10, 20, 30, 0)
        image[1, 0] = RGBA(10, 20, 30, 1)
        let normalized = image.normalizedTransparent()
        XCTAssertEqual(normalized[0, 0], .clear)
        XCTAssertEqual(normalized[1, 0], RGBA(10, 20, 30, 1))
        XCTAssertTrue(image.isVisuallyIdentical(to: normalized))
    }
}

/// Round trip through the project's decoder. The decoder is developed on another branch; until it
/// is merged, the placeholder throws `unsupportedFormat(.png)` and the check is skipped.
func checkWithImageDecoder(_ bytes: [UInt8], expected: [PixelBuffer], delays: [FrameDelay]? = nil,
                           file: StaticString = #filePath, line: UInt = #line) throws {
    let decoded: DecodedImage
    do {
        decoded = try ImageDecoder().decode(bytes)
    } catch CodecError.unsupportedFormat(.png) {
        return   // placeholder decoder: the independent reader above has checked the pixels
    }
    XCTAssertEqual(decoded.frames.count, expected.count, "frame count", file: file, line: line)
    for (index, (frame, want)) in zip(decoded.frames, expected).enumerated() {
        XCTAssertEqual(frame.image.normalizedTransparent(), want.normalizedTransparent(), "frame \(index)",
                       file: file, line: line)
        if let delays {
            XCTAssertTrue(frame.delay.isSameDuration(as: delays[index]), "frame \(index) delay \(frame.delay)",
                          file: file, line: line)
        }
    }
}
