import Foundation
import ImageCodec
import TestSupport
import XCTest

/// Foreign formats through the built binary: `convert x.webp` writes an exact APNG, `inspect`
/// reads a WebP's facts, and an MP4 is named with what to do instead.
final class ForeignFormatEndToEndTests: CLIEndToEndTestCase {
    func testConvertWebPToExactAPNG() throws {
        try FileManager.default.createDirectory(atPath: temp.path("in"), withIntermediateDirectories: true)
        _ = try temp.write(try WebPFixtures.bytes("anim.webp"), to: "in/wave.webp")
        _ = try temp.write(try WebPFixtures.bytes("lossy.webp"), to: "in/photo.webp")
        let result = try run(["convert", "in/wave.webp", "in/photo.webp", "--output-dir", "out", "--effort", "fast"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let size = try CLIPaths.bytes(temp.path("out/wave.png")).count
        XCTAssertTrue(result.stdout.contains("in/wave.webp -> out/wave.png: 48x32 APNG, 4 frames, 250 ms per loop, 3 plays, \(size) bytes\n"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("in/photo.webp -> out/photo.png: 48x32 PNG, "), result.stdout)
        let webp = try decode(temp.path("in/wave.webp"))
        let apng = try decode(temp.path("out/wave.png"))
        XCTAssertEqual(apng.facts.format, .apng)
        XCTAssertEqual(apng.loopCount, 3)
        XCTAssertEqual(apng.frames.map(\.delay.milliseconds), [40, 70, 120, 20])
        XCTAssertEqual(apng.frames.map(\.image), webp.frames.map { $0.image.normalizedTransparent() })
        XCTAssertEqual(try decode(temp.path("out/photo.png")).frames[0].image,
                       try decode(temp.path("in/photo.webp")).frames[0].image.normalizedTransparent())
    }

    func testInspectReadsWebPFactsAndNamesAnMP4() throws {
        _ = try temp.write(try WebPFixtures.bytes("icc-exif.webp"), to: "icc.webp")
        _ = try temp.write([0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [UInt8](repeating: 0, count: 16), to: "clip.mp4")
        let result = try run(["inspect", "icc.webp", "clip.mp4"])
        XCTAssertTrue(result.stdout.contains("icc.webp: WebP 48x32, 1 frame, "), result.stdout)
        XCTAssertTrue(result.stdout.contains("colour: ICC profile 'sRGB built-in', EXIF orientation 6"), result.stdout)
        XCTAssertTrue(result.stdout.contains("clip.mp4: error: MP4 video (ISO BMFF): StickerForge cannot read it; "
                                             + "export the animation as WebM with alpha, APNG or a PNG sequence (PNG for a still)"),
                      result.stdout)
    }

    func testBuildConvertsAWebPStickerAndSettlesItsFormatError() throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        _ = try temp.write(try WebPFixtures.bytes("sticker-anim.webp"), to: "pack/spin.webp")
        let check = try run(["check", "pack", "--grid-size", "small"])
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("spin.webp holds WebP image data, which cannot ship in an iMessage pack"), check.stdout)

        let build = try run(["build", "pack", "--grid-size", "small", "--output", "OUT", "--effort", "fast"])
        let report = String(decoding: try CLIPaths.bytes(temp.path("OUT/report.json")), as: UTF8.self)
        XCTAssertFalse(report.contains("unsupported_format"), report)
        XCTAssertFalse(report.contains("\"severity\" : \"error\""), report)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        let manifest = try jsonObject(String(decoding: try CLIPaths.bytes(temp.path("OUT/manifest.json")), as: UTF8.self))
        let sticker = try XCTUnwrap((manifest["stickers"] as? [[String: Any]])?.first)
        XCTAssertEqual(sticker["format"] as? String, "apng")
        XCTAssertEqual(sticker["sources"] as? [String], ["spin.webp"])
        let shipped = try decode(temp.path("OUT/" + XCTUnwrap(sticker["file"] as? String)))
        XCTAssertEqual(shipped.frames.map(\.delay.milliseconds), [80, 100, 120])
        XCTAssertEqual(shipped.frames.map(\.image), try decode(temp.path("pack/spin.webp")).frames.map { $0.image.normalizedTransparent() })
    }
}
