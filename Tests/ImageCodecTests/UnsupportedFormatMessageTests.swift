import ImageCodec
import XCTest

/// Files StickerForge cannot read are named by what their bytes are, with what to export instead.
final class UnsupportedFormatMessageTests: XCTestCase {
    private func message(_ bytes: [UInt8]) -> String {
        do { _ = try ImageDecoder().decode(bytes); return "decoded" } catch { return "\(error)" }
    }

    private func isoBMFF(_ brand: String) -> [UInt8] {
        [0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] + Array("isommp41".utf8)
    }

    func testVideoContainersAreNamedWithTheExportsThatWork() {
        let advice = "export the animation as WebM with alpha, APNG or a PNG sequence (PNG for a still)"
        XCTAssertEqual(message(isoBMFF("mp42")), "MP4 video (ISO BMFF): StickerForge cannot read it; " + advice)
        XCTAssertEqual(message(isoBMFF("qt  ")), "QuickTime movie: StickerForge cannot read it; " + advice)
    }

    func testStillFormatsAreNamedWithPNGAdvice() {
        let advice = "export it as PNG (APNG or a PNG sequence for an animation)"
        XCTAssertEqual(message(isoBMFF("heic")), "HEIC image (HEIF): StickerForge cannot read it; " + advice)
        XCTAssertEqual(message(isoBMFF("avif")), "AVIF image (AV1 in HEIF): StickerForge cannot read it; " + advice)
        XCTAssertEqual(message(Array("BM".utf8) + [UInt8](repeating: 0, count: 40)), "BMP bitmap: StickerForge cannot read it; " + advice)
        XCTAssertEqual(message([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]), "TIFF image: StickerForge cannot read it; " + advice)
        XCTAssertEqual(message(Array("<?xml version=\"1.0\"?><svg width=\"10\"/>".utf8)),
                       "SVG vector drawing: StickerForge cannot read it; render it to PNG at the sticker size "
                       + "(APNG or a PNG sequence for an animation)")
        XCTAssertEqual(message(Array("hello".utf8)), "not a PNG, APNG, GIF, JPEG, WebP, WebM, Lottie JSON or TGS file (unrecognised bytes)")
        XCTAssertEqual(message([]), "empty file (0 bytes): export it again")
        XCTAssertThrowsError(try ImageDecoder().visitFrames([]) { _ in }) { XCTAssertEqual($0 as? CodecError, .empty) }
    }

    func testDecodableFormatsAreTheStickerFormatsAndTheForeignOnesWithADecoder() {
        XCTAssertTrue(ImageFormat.webp.isDecodable)
        XCTAssertTrue(ImageFormat.webp.isConvertibleForeign)
        XCTAssertFalse(ImageFormat.webp.isStickerFormat)
        XCTAssertFalse(ImageFormat.png.isConvertibleForeign)
        for format in [ImageFormat.mp4, .mov, .heic, .avif, .bmp, .tiff, .svg, .unknown] {
            XCTAssertFalse(format.isDecodable, "\(format)")
        }
    }
}
