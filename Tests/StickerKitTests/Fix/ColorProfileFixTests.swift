import Foundation
import ImageCodec
@testable import StickerKit
import XCTest

/// The `color_profile` fix on a real Display P3 PNG (the ImageCodec fixture checked against transicc;
/// Pillow names the iCCP chunk "ICC Profile", the name the record quotes).
final class ColorProfileFixTests: XCTestCase {
    func testDisplayP3BecomesUntaggedSRGB() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ImageCodecTests/Fixtures/Color")
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
