import ImageCodec
import TestSupport
import XCTest

/// APNG rule violations, each refused with the exact message naming the problem.
final class APNGValidationTests: XCTestCase {
    let red = PixelBuffer(width: 4, height: 4, fill: RGBA(255, 0, 0))
    let dot = PixelBuffer(width: 1, height: 1, fill: RGBA(0, 0, 255))

    /// Three frames: IHDR, acTL, fcTL 0, IDAT, fcTL 1, fdAT 2, fcTL 3, fdAT 4, IEND.
    var threeFrames: APNGFixture {
        APNGFixture(width: 4, height: 4, frames: [.init(red), .init(dot, x: 1, y: 1), .init(dot, x: 2, y: 2)])
    }

    /// The file offset of chunk `index` in a written chunk list.
    func offset(of index: Int, in chunks: [PNGChunkSpec]) -> Int {
        chunks.prefix(index).reduce(8) { $0 + 12 + $1.data.count }
    }

    func assertMalformed(_ chunks: [PNGChunkSpec], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PNGDecoder().decode(PNGChunkWriter.file(chunks)), file: file, line: line) { error in
            XCTAssertEqual(error as? CodecError, .malformed(message), file: file, line: line)
        }
    }

    func testWrongSequenceNumberIsRefusedWithTheExpectedAndFoundNumbers() {
        var chunks = threeFrames.chunks()
        XCTAssertEqual(chunks[6].type, "fcTL")
        chunks[6].data.replaceSubrange(0..<4, with: PNGChunkWriter.be32(7))
        assertMalformed(chunks, "fcTL sequence number 3 expected, found 7 (chunk at offset \(offset(of: 6, in: chunks)))")

        var fdAT = threeFrames.chunks()
        fdAT[5].data.replaceSubrange(0..<4, with: PNGChunkWriter.be32(1))
        assertMalformed(fdAT, "fdAT sequence number 2 expected, found 1 (chunk at offset \(offset(of: 5, in: fdAT)))")
    }

    func testFrameCountMustMatchAcTL() {
        var tooMany = threeFrames.chunks()
        tooMany[1].data = PNGChunkWriter.be32(4) + PNGChunkWriter.be32(0)
        assertMalformed(tooMany, "frame count mismatch: acTL declares 4 frames, the file has 3")

        var tooFew = threeFrames.chunks()
        tooFew[1].data = PNGChunkWriter.be32(2) + PNGChunkWriter.be32(0)
        assertMalformed(tooFew, "frame count mismatch: acTL declares 2 frames, found an extra fcTL at offset \(offset(of: 6, in: tooFew))")

    }

    func testRegionOutsideTheCanvasIsRefused() {
        let fixture = APNGFixture(width: 4, height: 4, frames: [
            .init(red), .init(PixelBuffer(width: 2, height: 2), x: 3, y: 3),
        ])
        let chunks = fixture.chunks()
        assertMalformed(chunks, "fcTL of frame 1 (offset \(offset(of: 4, in: chunks))) region 2x2+3+3 lies outside the 4x4 canvas")
    }

    func testFirstFrameMustCoverTheCanvas() {
        let fixture = APNGFixture(width: 4, height: 4, frames: [.init(PixelBuffer(width: 2, height: 4))])
        let chunks = fixture.chunks()
        assertMalformed(chunks, "fcTL of frame 0 (offset \(offset(of: 2, in: chunks))): the first frame must cover the whole 4x4 canvas at 0,0, found 2x4+0+0")
    }

    func testInvalidDisposeAndBlendValuesAreRefused() {
        let dispose = APNGFixture(width: 4, height: 4, frames: [.init(red), .init(dot, dispose: 3)]).chunks()
        assertMalformed(dispose, "fcTL of frame 1 (offset \(offset(of: 4, in: dispose))) has dispose_op 3; valid values are 0, 1 and 2")
        let blend = APNGFixture(width: 4, height: 4, frames: [.init(red, blend: 2)]).chunks()
        assertMalformed(blend, "fcTL of frame 0 (offset \(offset(of: 2, in: blend))) has blend_op 2; valid values are 0 and 1")
    }

    func testFrameWithoutDataIsRefused() {
        var chunks = threeFrames.chunks()
        chunks.remove(at: 5)                                   // frame 1's fdAT
        for index in [5, 6] { chunks[index].data.replaceSubrange(0..<4, with: PNGChunkWriter.be32(UInt32(index - 3))) }
        assertMalformed(chunks, "frame 1 has no image data: its fcTL at offset \(offset(of: 4, in: chunks)) is not followed by fdAT data")
    }

    func testMalformedControlChunksAreRefused() {
        var shortFcTL = threeFrames.chunks()
        shortFcTL[4].data.removeLast()
        assertMalformed(shortFcTL, "fcTL chunk at offset \(offset(of: 4, in: shortFcTL)) has 25 bytes, expected 26")

        var shortFdAT = threeFrames.chunks()
        shortFdAT[5].data = [0, 0]
        assertMalformed(shortFdAT, "fdAT chunk at offset \(offset(of: 5, in: shortFdAT)) has 2 bytes, too short for its sequence number")

        var orphan = threeFrames.chunks()
        orphan.insert(PNGChunkSpec("fdAT", PNGChunkWriter.be32(1) + [1, 2]), at: 4)
        assertMalformed(orphan, "fdAT chunk at offset \(offset(of: 4, in: orphan)) follows frame 0, whose data is the IDAT")
    }

    func testAcTLAfterIDATLeavesAStillPNG() throws {
        let chunks = [PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 4, height: 4)),
                      PNGChunkSpec("IDAT", PNGChunkWriter.imageData(red)),
                      PNGChunkSpec("acTL", PNGChunkWriter.be32(5) + PNGChunkWriter.be32(0)),
                      PNGChunkSpec("IEND", [])]
        let image = try PNGDecoder().decode(PNGChunkWriter.file(chunks))
        XCTAssertEqual(image.facts.format, .png)
        XCTAssertEqual(image.frames, [Frame(image: red, delay: .zero)])
    }

    func testDeclaredFramesOverTheLimitAreRefusedBeforeDecoding() {
        var chunks = threeFrames.chunks()
        chunks[1].data = PNGChunkWriter.be32(20_000) + PNGChunkWriter.be32(0)
        XCTAssertThrowsError(try PNGDecoder().decode(PNGChunkWriter.file(chunks))) { error in
            XCTAssertEqual(error as? CodecError, .limitExceeded(what: "20000 frames", limit: "10000 frames"))
        }
        let limits = DecodeLimits(maxTotalPixels: 40)
        XCTAssertThrowsError(try PNGDecoder(limits: limits).decode(threeFrames.bytes())) { error in
            XCTAssertEqual(error as? CodecError, .limitExceeded(what: "3 frames of 4x4 px (48 pixels)", limit: "40 pixels in all frames"))
        }
    }
}
