import ImageCodec
import TestSupport
import XCTest

/// Colour chunks become ColorInfo: iCCP name and sRGB-ness (by keyword or by the profile's
/// description), gAMA as a number, sRGB and cHRM presence.
final class PNGColorInfoTests: XCTestCase {
    let pixel = PixelBuffer(width: 1, height: 1, fill: RGBA(1, 2, 3))

    /// A minimal ICC profile: a 128-byte header, one tag entry, and a v2 `desc` tag.
    func profile(description: String) -> [UInt8] {
        let text = Array(description.utf8) + [0]
        let tag = Array("desc".utf8) + [0, 0, 0, 0] + PNGChunkWriter.be32(UInt32(text.count)) + text
        let tagTable = PNGChunkWriter.be32(1) + Array("desc".utf8) + PNGChunkWriter.be32(144) + PNGChunkWriter.be32(UInt32(tag.count))
        return [UInt8](repeating: 0, count: 128) + tagTable + tag
    }

    func colorInfo(_ extra: [PNGChunkSpec]) throws -> ColorInfo {
        let chunks = [PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 1, height: 1))] + extra
            + [PNGChunkSpec("IDAT", PNGChunkWriter.imageData(pixel)), PNGChunkSpec("IEND", [])]
        return try PNGDecoder().decode(PNGChunkWriter.file(chunks)).facts.color
    }

    func iccp(_ name: String, _ profile: [UInt8]) -> PNGChunkSpec {
        PNGChunkSpec("iCCP", Array(name.utf8) + [0, 0] + PNGChunkWriter.deflate(profile))
    }

    func testICCProfileNamedSRGB() throws {
        let info = try colorInfo([iccp("sRGB IEC61966-2.1", profile(description: "whatever"))])
        XCTAssertTrue(info.hasICCProfile)
        XCTAssertEqual(info.iccProfileName, "sRGB IEC61966-2.1")
        XCTAssertEqual(info.iccProfileIsSRGB, true)
    }

    func testICCProfileRecognisedAsSRGBByItsDescription() throws {
        let info = try colorInfo([iccp("ICC Profile", profile(description: "sRGB built-in"))])
        XCTAssertEqual(info.iccProfileName, "ICC Profile")
        XCTAssertEqual(info.iccProfileIsSRGB, true)
        let p3 = try colorInfo([iccp("ICC Profile", profile(description: "Display P3"))])
        XCTAssertEqual(p3.iccProfileIsSRGB, false)
        XCTAssertTrue(p3.hasICCProfile)
    }

    func testGammaSRGBAndCHRMChunks() throws {
        let info = try colorInfo([PNGChunkSpec("gAMA", PNGChunkWriter.be32(45455)),
                                  PNGChunkSpec("sRGB", [0]),
                                  PNGChunkSpec("cHRM", [UInt8](repeating: 1, count: 32))])
        XCTAssertEqual(info.gamma, 0.45455)
        XCTAssertTrue(info.hasSRGBChunk)
        XCTAssertTrue(info.hasCHRMChunk)
        XCTAssertFalse(info.hasICCProfile)
        XCTAssertNil(info.iccProfileIsSRGB)
        XCTAssertEqual(try colorInfo([]), ColorInfo())
    }
}
