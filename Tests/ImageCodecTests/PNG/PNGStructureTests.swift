import Foundation
import ImageCodec
import TestSupport
import XCTest

/// Structural faults in still PNGs: every one is a thrown CodecError with a precise message.
final class PNGStructureTests: XCTestCase {
    let image = PixelBuffer(width: 3, height: 2, fill: RGBA(10, 20, 30, 40))
    var ihdr: PNGChunkSpec { PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 3, height: 2)) }
    var idat: PNGChunkSpec { PNGChunkSpec("IDAT", PNGChunkWriter.imageData(image)) }
    let iend = PNGChunkSpec("IEND", [])

    func decodeError(_ bytes: [UInt8], limits: DecodeLimits = .default) -> CodecError? {
        do {
            _ = try PNGDecoder(limits: limits).decode(bytes)
            return nil
        } catch {
            return error as? CodecError
        }
    }

    func testStillPNGFacts() throws {
        let bytes = PNGChunkWriter.file([ihdr, idat, iend])
        let decoded = try PNGDecoder().decode(bytes)
        XCTAssertEqual(decoded.frames, [Frame(image: image, delay: .zero, raw: nil)])
        XCTAssertEqual(decoded.loopCount, 0)
        XCTAssertEqual(decoded.facts, SourceFacts(format: .png, bitDepth: 8, colorModel: .rgba,
                                                  transparency: .alphaChannel, fileSize: bytes.count))
    }

    func testBogusLengthPastTheEndIsTruncated() {
        var bytes = PNGChunkWriter.file([ihdr, idat, iend])
        bytes.replaceSubrange(33..<37, with: PNGChunkWriter.be32(1_000_000))   // IDAT's length field
        XCTAssertEqual(decodeError(bytes), .truncated("IDAT chunk at offset 33 declares 1000000 data bytes, only \(bytes.count - 45) remain before its CRC"))
        bytes.replaceSubrange(33..<37, with: [0x80, 0, 0, 0])
        XCTAssertEqual(decodeError(bytes), .malformed("IDAT chunk at offset 33 declares 2147483648 bytes, over PNG's 2^31-1 limit"))
    }

    func testCRCMismatchNamesTheChunk() {
        var bytes = PNGChunkWriter.file([ihdr, idat, iend])
        bytes[42] ^= 0x01   // a byte of IDAT's data
        guard case .malformed(let message)? = decodeError(bytes) else { return XCTFail("expected .malformed") }
        XCTAssertTrue(message.hasPrefix("IDAT chunk at offset 33 fails its CRC check (stored "), message)
    }

    func testMissingCriticalChunks() {
        XCTAssertEqual(decodeError(PNGChunkWriter.file([idat, iend])),
                       .malformed("missing IHDR: the first chunk is IDAT, PNG requires IHDR"))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([ihdr, iend])), .malformed("missing IDAT: the file has no image data"))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([ihdr, idat])),
                       .truncated("no IEND chunk: the file ends at offset \(PNGChunkWriter.file([ihdr, idat]).count) after 2 chunks"))
        XCTAssertEqual(decodeError(PNGChunkWriter.signature), .truncated("the file ends after the PNG signature, before any chunk"))
        let indexed = PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 3, height: 2, colorType: 3))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([indexed, idat, iend])),
                       .malformed("colour type 3 (indexed) needs a PLTE chunk before IDAT; none found"))
    }

    func testHeaderValidation() {
        let zero = PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 0, height: 2))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([zero, idat, iend])), .malformed("IHDR width is 0; a PNG needs at least one pixel"))
        let huge = PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 3, height: 0x8000_0000))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([huge, idat, iend])), .malformed("IHDR height 2147483648 is over PNG's 2^31-1 limit"))
        let depth = PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 3, height: 2, bitDepth: 4, colorType: 6))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([depth, idat, iend])),
                       .malformed("IHDR bit depth 4 is invalid for colour type 6 (allowed: 8, 16)"))
        let interlace = PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 3, height: 2, interlace: 2))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([interlace, idat, iend])), .malformed("IHDR interlace method 2 is invalid (0 or 1)"))
        XCTAssertEqual(decodeError(PNGChunkWriter.file([ihdr, ihdr, idat, iend])), .malformed("second IHDR chunk at offset 33"))
    }

    func testOversizeCanvasIsRefusedFastBeforeAnythingIsAllocated() {
        // 100000 x 100000 px declared in a 57-byte file with no real image data.
        let bomb = PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 100_000, height: 100_000)),
                                        PNGChunkSpec("IDAT", [0x78, 0x9C]), iend])
        let start = Date()
        XCTAssertEqual(decodeError(bomb), .limitExceeded(what: "canvas 100000x100000 px", limit: "8192 px a side"))
        XCTAssertEqual(decodeError(Array(bomb.prefix(33))), .limitExceeded(what: "canvas 100000x100000 px", limit: "8192 px a side"),
                       "the limit is checked as soon as IHDR is read, even in a truncated file")
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        let wide = PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 8000, height: 8000)), idat, iend])
        XCTAssertEqual(decodeError(wide, limits: DecodeLimits(maxTotalPixels: 1_000_000)),
                       .limitExceeded(what: "1 frames of 8000x8000 px (64000000 pixels)", limit: "1000000 pixels in all frames"),
                       "a still image counts as one frame")
    }

    func testCorruptCompressedDataIsCorruptData() {
        var bad = idat
        bad.data = [0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]
        guard case .corruptData(let message)? = decodeError(PNGChunkWriter.file([ihdr, bad, iend])) else {
            return XCTFail("expected .corruptData")
        }
        XCTAssertTrue(message.hasPrefix("libpng: "), message)
        var short = idat
        short.data = PNGChunkWriter.deflate([0, 1, 2, 3])
        XCTAssertEqual(decodeError(PNGChunkWriter.file([ihdr, short, iend])), .corruptData("libpng: Not enough image data"))
    }

    func testUnknownCriticalChunkIsRefusedAndUnknownAncillaryIsSkipped() throws {
        XCTAssertEqual(decodeError(PNGChunkWriter.file([ihdr, PNGChunkSpec("ABCD", [1]), idat, iend])),
                       .malformed("unknown critical chunk ABCD at offset 33; a decoder must not skip it"))
        let decoded = try PNGDecoder().decode(PNGChunkWriter.file([ihdr, PNGChunkSpec("abCD", [1]), idat, iend]))
        XCTAssertEqual(decoded.frames.first?.image, image)
    }

    func testBytesAfterIENDAreIgnored() throws {
        let clean = PNGChunkWriter.file([ihdr, idat, iend])
        let trailing = clean + PNGChunkWriter.chunk("IDAT", [1, 2, 3]) + [0xDE, 0xAD]
        XCTAssertEqual(try PNGDecoder().decode(trailing).frames, try PNGDecoder().decode(clean).frames)
    }

    func testChunksSplitAcrossManyIDATsDecode() throws {
        let data = PNGChunkWriter.imageData(image)
        let parts = stride(from: 0, to: data.count, by: 3).map { PNGChunkSpec("IDAT", Array(data[$0..<min($0 + 3, data.count)])) }
        XCTAssertEqual(try PNGDecoder().decode(PNGChunkWriter.file([ihdr] + parts + [iend])).frames.first?.image, image)
        XCTAssertEqual(decodeError(PNGChunkWriter.file([ihdr, parts[0], PNGChunkSpec("tEXt", [65, 0, 66])] + parts.dropFirst() + [iend])),
                       .malformed("IDAT chunk at offset \(8 + 25 + 15 + 15) is separated from the earlier IDAT chunks by tEXt"))
    }
}
