import ImageCodec
import TestSupport
import XCTest

/// An acTL after the first IDAT makes no APNG (the spec orders acTL before IDAT; browsers show a
/// still): the decoder reads the default image as a still and records the acTL's offset, which
/// `apng_actl_order` reports (Signal requires the order).
final class APNGACTLOrderTests: XCTestCase {
    private var fixture: APNGFixture {
        APNGFixture(width: 4, height: 3, plays: 0, frames: [
            .init(PixelBuffer(width: 4, height: 3, fill: RGBA(9, 8, 7, 200))),
            .init(PixelBuffer(width: 4, height: 3, fill: RGBA(200, 8, 7, 255))),
        ])
    }

    func testAnACTLAfterIDATIsRecordedAndTheFileIsAStill() throws {
        var chunks = fixture.chunks()
        let actl = chunks.remove(at: 1)
        let idat = try XCTUnwrap(chunks.firstIndex { $0.type == "IDAT" })
        chunks.insert(actl, at: idat + 1)
        let offset = 8 + chunks[..<(idat + 1)].reduce(0) { $0 + 12 + $1.data.count }
        let decoded = try PNGDecoder().decode(PNGChunkWriter.file(chunks))
        XCTAssertEqual(decoded.facts.format, .png)
        XCTAssertEqual(decoded.frames.count, 1)
        XCTAssertEqual(decoded.facts.lateACTLOffset, offset)
        XCTAssertEqual(decoded.frames[0].image[0, 0], RGBA(9, 8, 7, 200))
    }

    func testAnACTLBeforeIDATIsNotRecorded() throws {
        let decoded = try PNGDecoder().decode(fixture.bytes())
        XCTAssertEqual(decoded.facts.format, .apng)
        XCTAssertEqual(decoded.frames.count, 2)
        XCTAssertNil(decoded.facts.lateACTLOffset)
    }
}
