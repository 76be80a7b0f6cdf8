import XCTest
@testable import ImageCodec

final class ResamplerTests: XCTestCase {
    private let resampler = Resampler()

    func testUniformColourStaysExactAtEverySizeAndBothFilters() throws {
        for filter in ResampleFilter.allCases {
            for colour in [RGBA(200, 100, 50, 255), RGBA(1, 2, 3, 128), RGBA(255, 255, 255, 7)] {
                let source = PixelBuffer(width: 37, height: 23, fill: colour)
                for (w, h) in [(10, 7), (37, 23), (81, 60), (5, 40)] {
                    let out = try Resampler(filter: filter).resized(source, width: w, height: h)
                    XCTAssertEqual(out.width, w); XCTAssertEqual(out.height, h)
                    XCTAssertEqual(out, PixelBuffer(width: w, height: h, fill: colour), "\(filter) \(colour) -> \(w)x\(h)")
                }
            }
        }
    }

    func testEverySRGBCodeSurvivesTheLinearRoundTrip() {
        for code in 0..<256 {
            XCTAssertEqual(SRGBTransfer.toCode(SRGBTransfer.toLinear[code]), UInt8(code))
        }
    }

    func testCheckerShrinksToItsLinearLightAverage() throws {
        var checker = PixelBuffer(width: 2, height: 2, fill: RGBA(0, 0, 0))
        checker[0, 0] = RGBA(255, 255, 255); checker[1, 1] = RGBA(255, 255, 255)
        let out = try resampler.resized(checker, width: 1, height: 1)
        // Half the light of white is sRGB 187.5 -> 188; averaging codes would give 128.
        XCTAssertEqual(out[0, 0], RGBA(188, 188, 188, 255))
    }

    func testEnlargingKeepsADarkLineItsWidthAndDarkness() throws {
        // A 1 px black line on white, enlarged 4x: filtered in sRGB codes it stays 4 px darker than
        // mid-grey with a near-black core; in linear light it thinned to 2 px with a core of 46.
        var line = PixelBuffer(width: 9, height: 1, fill: RGBA(255, 255, 255))
        line[4, 0] = RGBA(0, 0, 0)
        let out = try resampler.resized(line, width: 36, height: 4)
        for y in 0..<4 {
            let row = (0..<36).map { Int(out[$0, y].r) }
            XCTAssertEqual(row.filter { $0 < 128 }.count, 4, "row \(y): \(row)")
            XCTAssertLessThanOrEqual(row.min() ?? 255, 10, "row \(y): \(row)")
            XCTAssertEqual(row, row.reversed(), "the line stays centred")
        }
    }

    func testReducingAndEnlargingStayExactOnUniformTranslucency() throws {
        let source = PixelBuffer(width: 6, height: 6, fill: RGBA(10, 200, 90, 77))
        XCTAssertEqual(try resampler.resized(source, width: 3, height: 3), PixelBuffer(width: 3, height: 3, fill: RGBA(10, 200, 90, 77)))
        XCTAssertEqual(try resampler.resized(source, width: 13, height: 9), PixelBuffer(width: 13, height: 9, fill: RGBA(10, 200, 90, 77)))
    }

    func testTransparentNeighboursDoNotDarkenASoftEdge() throws {
        // Left half opaque red, right half transparent black: every visible output pixel stays pure red.
        var image = PixelBuffer(width: 40, height: 10)
        for y in 0..<10 { for x in 0..<20 { image[x, y] = RGBA(255, 0, 0, 255) } }
        for (w, h) in [(13, 4), (90, 21)] {
            let out = try resampler.resized(image, width: w, height: h)
            var partial = 0
            for y in 0..<h { for x in 0..<w {
                let p = out[x, y]
                if p.a == 0 { XCTAssertEqual(p, .clear); continue }
                if p.a < 255 { partial += 1 }
                XCTAssertEqual(p.r, 255, "darkened at \(x),\(y): \(p)")
                XCTAssertEqual(p.g, 0); XCTAssertEqual(p.b, 0)
            } }
            XCTAssertGreaterThan(partial, 0, "the edge should be soft at \(w)x\(h)")
        }
    }

    func testHalfTransparentColourKeepsItsColourNextToTransparency() throws {
        var image = PixelBuffer(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<4 { image[x, y] = RGBA(40, 160, 220, 128) } }
        let out = try resampler.resized(image, width: 3, height: 3)
        for y in 0..<3 { for x in 0..<3 where out[x, y].a > 0 {
            let p = out[x, y]
            XCTAssertLessThanOrEqual(abs(Int(p.r) - 40), 1, "\(p)")
            XCTAssertLessThanOrEqual(abs(Int(p.g) - 160), 1, "\(p)")
            XCTAssertLessThanOrEqual(abs(Int(p.b) - 220), 1, "\(p)")
        } }
    }

    func testResizeIsDeterministic() throws {
        var image = PixelBuffer(width: 17, height: 11)
        for i in 0..<image.pixels.count { image.pixels[i] = UInt8((i * 37 + i / 7) & 0xFF) }
        let a = try resampler.resized(image, width: 29, height: 5)
        let b = try resampler.resized(image, width: 29, height: 5)
        XCTAssertEqual(a, b)
    }

    func testLetterboxCentresWideArtWithTransparentBars() throws {
        let wide = PixelBuffer(width: 200, height: 100, fill: RGBA(10, 20, 30, 255))
        let out = try resampler.letterboxed(wide, into: 58, height: 58)
        XCTAssertEqual(out.width, 58); XCTAssertEqual(out.height, 58)
        // 200x100 into 58x58 fits as 58x29, centred: rows 14..<43 filled, the rest transparent.
        for y in 0..<58 {
            let expected = (14..<43).contains(y) ? RGBA(10, 20, 30, 255) : .clear
            XCTAssertEqual(out[0, y], expected, "row \(y)"); XCTAssertEqual(out[57, y], expected, "row \(y)")
        }
    }

    func testLetterboxCentresTallArtAndFillsMatchingAspectExactly() throws {
        let tall = PixelBuffer(width: 30, height: 90, fill: RGBA(9, 9, 9, 255))
        let out = try resampler.letterboxed(tall, into: 120, height: 90)
        // Fits as 30x90, left bar 45 px wide.
        XCTAssertEqual(out[44, 45], .clear); XCTAssertEqual(out[45, 45], RGBA(9, 9, 9, 255))
        XCTAssertEqual(out[74, 45], RGBA(9, 9, 9, 255)); XCTAssertEqual(out[75, 45], .clear)
        let same = try resampler.letterboxed(PixelBuffer(width: 4, height: 3, fill: RGBA(1, 1, 1, 255)), into: 120, height: 90)
        XCTAssertEqual(same, PixelBuffer(width: 120, height: 90, fill: RGBA(1, 1, 1, 255)))
    }

    func testNonPositiveSizesThrow() {
        let image = PixelBuffer(width: 2, height: 2)
        XCTAssertThrowsError(try resampler.resized(image, width: 0, height: 3)) { error in
            XCTAssertEqual(error as? CodecError,
                           .invalidInput("resize target 0x3 px: both sides must be positive"))
        }
    }
}
