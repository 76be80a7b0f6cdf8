import Foundation
@testable import ImageCodec
import XCTest

/// CMYK JPEGs with an embedded CMYK ICC profile, converted to sRGB from that profile with Little CMS 2
/// and checked against lcms2's own tool. `Tests/ImageCodecTests/Fixtures/Color/gen-cmyk-fixture.py` built the LUT-based profile (an
/// ink model far from the naive formula), wrote a grid of 48 flat 8x8 CMYK blocks at quality 100 (each
/// block decodes to exactly its value) with Pillow (Adobe marker, inverted samples) and once more without
/// the marker, and recorded what `transicc -c0 -t0 -s -q` gives for every block's CMYK values.
final class CMYKProfileConversionTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Color")

    private struct Expected: Decodable { let input: [[Int]], adobe: [[Int]], plain: [[Int]] }

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    /// Largest channel difference of every pixel of block `i` from `rgb`.
    private func worst(_ image: PixelBuffer, block i: Int, _ rgb: [Int]) -> Int {
        var worst = 0
        for y in (i / 8) * 8..<(i / 8) * 8 + 8 {
            for x in (i % 8) * 8..<(i % 8) * 8 + 8 {
                let p = image[x, y]
                worst = max(worst, abs(Int(p.r) - rgb[0]), abs(Int(p.g) - rgb[1]), abs(Int(p.b) - rgb[2]), 255 - Int(p.a))
            }
        }
        return worst
    }

    /// Measured: 0 levels from transicc on every channel of all 48 blocks of both files (the
    /// unoptimised 8-bit transform evaluates the same pipeline); the test allows 1. The naive formula
    /// is off by 62.8 levels on average (largest channel per block; 62.5 for the file without the
    /// marker) and by more than 10 levels on 46 of the 48 blocks (47), so the test tells them apart.
    func testMatchesTransiccAndNotTheNaiveFormula() throws {
        let truth = try JSONDecoder().decode(Expected.self, from: Data(try bytes("cmyk-expected.json")))
        XCTAssertEqual(truth.input.count, 48)
        for (name, want, inverted, naiveMean, naiveFar) in [("cmyk-adobe-icc.jpg", truth.adobe, true, 62.8, 46),
                                                            ("cmyk-plain-icc.jpg", truth.plain, false, 62.5, 47)] {
            let image = try ImageDecoder().decode(try bytes(name))
            XCTAssertEqual(image.facts.colorModel, .cmyk, name)
            XCTAssertEqual(image.facts.color.iccProfileName, "StickerForge test inks (CMYK)", name)
            XCTAssertEqual(image.facts.color.cmykConversion, CMYKConversion(method: .iccProfile, adobeInverted: inverted), name)
            let pixels = image.frames[0].image
            let errors = want.indices.map { worst(pixels, block: $0, want[$0]) }
            XCTAssertLessThanOrEqual(errors.max() ?? 99, 1, "\(name): largest difference from transicc")

            // What the naive formula makes of the same samples: both files store the inverted values
            // (libjpeg returns them as stored; only the marker says how to read them).
            let stored = truth.input.flatMap { cmyk in cmyk.map { UInt8(255 - $0) } }
            let naive = stored.withUnsafeBufferPointer { CMYKConverter.naive($0, adobeInverted: inverted) }
            let apart = want.indices.map { i in (0..<3).map { abs(Int(naive[i * 4 + $0]) - want[i][$0]) }.max() ?? 0 }
            XCTAssertEqual(Double(apart.reduce(0, +)) / Double(apart.count), naiveMean, accuracy: 0.1, name)
            XCTAssertEqual(apart.filter { $0 > 10 }.count, naiveFar, name)
        }
    }

    /// A YCCK JPEG (libjpeg turns it back into CMYK first) takes the same path: its inks are converted
    /// from its embedded profile. `Tests/ImageCodecTests/Fixtures/Color/gen-ycck-fixture.py` wrote the grid as YCCK (Pillow cannot)
    /// and recorded the inks libjpeg decodes (the YCC round trip moves some by a level) and transicc's
    /// sRGB for them. Measured: 0 levels apart on every block.
    func testYCCKIsConvertedFromItsProfile() throws {
        struct Truth: Decodable { let inks: [[Int]], srgb: [[Int]] }
        let truth = try JSONDecoder().decode(Truth.self, from: Data(try bytes("cmyk-ycck-expected.json")))
        let image = try ImageDecoder().decode(try bytes("cmyk-ycck-icc.jpg"))
        XCTAssertEqual(image.facts.colorModel, .ycck)
        XCTAssertEqual(image.facts.color.cmykConversion, CMYKConversion(method: .iccProfile, adobeInverted: true))
        let errors = truth.srgb.indices.map { worst(image.frames[0].image, block: $0, truth.srgb[$0]) }
        XCTAssertEqual(errors.count, 48)
        XCTAssertLessThanOrEqual(errors.max() ?? 99, 1, "largest difference from transicc")
        // And not what the naive formula makes of the same inks (stored inverted).
        let stored = truth.inks.flatMap { cmyk in cmyk.map { UInt8(255 - $0) } }
        let naive = stored.withUnsafeBufferPointer { CMYKConverter.naive($0, adobeInverted: true) }
        let far = truth.srgb.indices.filter { i in (0..<3).contains { abs(Int(naive[i * 4 + $0]) - truth.srgb[i][$0]) > 10 } }
        XCTAssertGreaterThan(far.count, 40)
    }

    /// Without a usable CMYK profile the naive formula stays, and the facts say why.
    func testFallsBackToTheNaiveFormulaAndSaysWhy() throws {
        let samples: [UInt8] = [0, 255, 255, 255, 200, 100, 50, 25]   // Adobe-inverted: cyan, then a mixture
        let naive = samples.withUnsafeBufferPointer { CMYKConverter.naive($0, adobeInverted: true) }
        let p3 = try XCTUnwrap(SourceColorSpace.declared(in: try bytes("displayp3.png")))
        guard case .icc(let rgbProfile) = p3 else { return XCTFail("no profile") }
        for (profile, reason) in [(nil, "no ICC profile is embedded"),
                                  (rgbProfile, "the embedded profile is not a CMYK profile"),
                                  ([1, 2, 3], "the embedded ICC profile cannot be read")] as [([UInt8]?, String)] {
            let result = samples.withUnsafeBufferPointer { CMYKConverter.rgba(fromCMYK: $0, adobeInverted: true, profile: profile) }
            XCTAssertEqual(result.pixels, naive, reason)
            XCTAssertEqual(result.conversion, CMYKConversion(method: .naive, adobeInverted: true, reason: reason))
        }
        XCTAssertEqual(naive, [0, 255, 255, 255, 20, 10, 5, 255])
        // A committed CMYK JPEG without a profile decodes as before.
        let plain = try ImageDecoder().decode([UInt8](try Data(contentsOf: Self.folder.deletingLastPathComponent()
            .appendingPathComponent("JPEG/cmyk-adobe.jpg"))))
        XCTAssertEqual(plain.facts.color.cmykConversion?.reason, "no ICC profile is embedded")
    }
}
