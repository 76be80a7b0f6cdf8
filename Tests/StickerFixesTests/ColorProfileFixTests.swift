import Foundation
import ImageCodec
import XCTest
@testable import StickerFixes
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The `color_profile` fix on a real Display P3 PNG (the ImageCodec fixture checked against transicc;
/// Pillow names the iCCP chunk "ICC Profile", the name the record quotes).
final class ColorProfileFixTests: XCTestCase {
    func testDisplayP3BecomesUntaggedSRGB() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageCodecTests/Fixtures/Color")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("displayp3.png")))
        let truth = try JSONDecoder().decode([String: [[Int]]].self,
                                             from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        let image = try ImageDecoder().decode(bytes)
        var work = FixWork(sticker: "p3", file: "p3.png", image: image, bytes: bytes)
        let context = FixContext(check: CheckContext(gridSize: .regular))
        let record = try XCTUnwrap(try ColorProfileFix().apply(to: &work, context: context))
        XCTAssertEqual(record.details, "colours converted from the ICC profile \"ICC Profile\" to sRGB with Little CMS 2 "
                       + "(1 frame; no profile written: sRGB)")
        let encoded = try StickerRepairer(context: context).encode(work)
        let output = try ImageDecoder().decode(encoded)
        XCTAssertFalse(output.facts.color.hasICCProfile)
        for (i, rgb) in (truth["displayp3"] ?? []).enumerated() {
            let p = output.frames[0].image[i % 7, i / 7]
            XCTAssertLessThanOrEqual(max(abs(Int(p.r) - rgb[0]), abs(Int(p.g) - rgb[1]), abs(Int(p.b) - rgb[2])), 1)
        }
        XCTAssertTrue(ColorProfileCheck().check(StickerSubject.example(image: output), context: context.check).isEmpty)
    }
}

/// The `color_profile` fix on CMYK JPEGs: with an embedded CMYK profile the PNG holds Little CMS's
/// conversion (checked against transicc in `CMYKProfileConversionTests`); without one the record says
/// that the naive formula was used.
final class CMYKColorProfileFixTests: XCTestCase {
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImageCodecTests/Fixtures")

    private func fix(_ path: String) throws -> (FixRecord, DecodedImage) {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
        var work = FixWork(sticker: "ink", file: "ink.jpg", image: try ImageDecoder().decode(bytes), bytes: bytes)
        let context = FixContext(check: CheckContext(gridSize: .regular))
        let record = try XCTUnwrap(try ColorProfileFix().apply(to: &work, context: context))
        let output = try ImageDecoder().decode(try StickerRepairer(context: context).encode(work))
        XCTAssertEqual(output.facts.format, .png)
        XCTAssertFalse(output.facts.color.hasICCProfile)
        XCTAssertTrue(ColorProfileCheck().check(StickerSubject.example(image: output), context: context.check).isEmpty)
        return (record, output)
    }

    func testCMYKWithProfileIsConvertedFromIt() throws {
        let (record, output) = try fix("Color/cmyk-adobe-icc.jpg")
        XCTAssertEqual(record.details, "CMYK JPEG -> sRGB PNG: inks converted to sRGB from the embedded CMYK profile "
                       + "\"StickerForge test inks (CMYK)\" with Little CMS 2 (Adobe inverted CMYK) (1 frame; no profile written: sRGB)")
        let truth = try JSONDecoder().decode([String: [[Int]]].self,
                                             from: Data(contentsOf: folder.appendingPathComponent("Color/cmyk-expected.json")))
        for (i, rgb) in (truth["adobe"] ?? []).enumerated() {
            let p = output.frames[0].image[(i % 8) * 8 + 3, (i / 8) * 8 + 3]
            XCTAssertLessThanOrEqual(max(abs(Int(p.r) - rgb[0]), abs(Int(p.g) - rgb[1]), abs(Int(p.b) - rgb[2])), 1, "block \(i)")
        }
    }

    func testCMYKWithoutProfileSaysTheNaiveFormulaWasUsed() throws {
        let (record, _) = try fix("JPEG/cmyk-adobe.jpg")
        XCTAssertEqual(record.details, "CMYK JPEG -> sRGB PNG: inks converted with the naive formula R = (255 - C) x (255 - K) / 255, "
                       + "without colour management, since no ICC profile is embedded; colours may be off (1 frame; no profile written: sRGB)")
    }
}
