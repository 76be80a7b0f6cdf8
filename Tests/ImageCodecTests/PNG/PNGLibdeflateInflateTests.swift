import CZlib
@testable import ImageCodec
import TestSupport
import XCTest

/// The PNG decoder inflates image data with libdeflate and hands libpng the same rows stored
/// uncompressed (`SF_PNG_INFLATE_WITH_LIBDEFLATE`). Whatever the file, the outcome must be the one
/// libpng's own zlib gives: the same pixels, or the same error.
final class PNGLibdeflateInflateTests: XCTestCase {
    /// `bytes` decoded both ways: the same image, or the same error.
    private func assertSameOnBothPaths(_ bytes: [UInt8], _ what: String,
                                       file: StaticString = #filePath, line: UInt = #line) {
        var reference = PNGDecoder()
        reference.inflateWithLibdeflate = false
        let expected = Result { try reference.decode(bytes) }
        let actual = Result { try PNGDecoder().decode(bytes) }
        switch (expected, actual) {
        case (.success(let e), .success(let a)):
            XCTAssertTrue(e == a, "\(what): the images differ", file: file, line: line)
        case (.failure(let e), .failure(let a)):
            XCTAssertEqual("\(e)", "\(a)", "\(what): the errors differ", file: file, line: line)
        default:
            func outcome(_ result: Result<DecodedImage, Error>) -> String {
                (try? result.get()).map { "a \($0.width)x\($0.height) image" } ?? "an error"
            }
            XCTFail("\(what): libpng's zlib gives \(outcome(expected)), libdeflate's path \(outcome(actual))",
                    file: file, line: line)
        }
    }

    /// A 40 x 30 RGBA image whose rows repeat every 8 rows (1,288 bytes apart once filtered), so
    /// that deflate matches reach back further than 512 bytes.
    private var image: PixelBuffer {
        var image = PixelBuffer(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                image[x, y] = RGBA(UInt8(x * 6), UInt8((y % 8) * 30), UInt8((x * 7 + y % 8 * 13) & 0xFF), UInt8(40 + x * 5))
            }
        }
        return image
    }

    /// `bytes` with the last byte of its IDAT's CRC (just before the 12-byte IEND) changed: only the
    /// faster path, which ignores CRCs on the stream it rebuilds, reads past it.
    private func wrongCRC(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes[bytes.count - 12 - 1] ^= 0xFF
        return bytes
    }

    /// `idat` with its zlib header declaring a window of 2^(cinfo + 8) bytes, FCHECK made valid again.
    private func window(_ idat: [UInt8], cinfo: UInt8) -> [UInt8] {
        var idat = idat
        idat[0] = cinfo << 4 | 8
        let flags = idat[1] & 0xE0
        idat[1] = flags | UInt8(31 - (UInt32(idat[0]) * 256 + UInt32(flags)) % 31) % 31
        return idat
    }

    private func file(_ idat: [UInt8], interlace: UInt8 = 0) -> [UInt8] {
        PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 40, height: 30, interlace: interlace)),
                             PNGChunkSpec("IDAT", idat), PNGChunkSpec("IEND", [])])
    }

    func testEveryPngSuiteFileGivesTheSameResultBothWays() throws {
        let names = try PNGSuiteCorpus.names()
        XCTAssertGreaterThan(names.count, 150)
        for name in names { assertSameOnBothPaths(try PNGSuiteCorpus.png(name), name) }
    }

    func testEveryCorruptedImageDataByteGivesTheSameResultBothWays() {
        let idat = PNGChunkWriter.imageData(image)
        for position in idat.indices {
            var damaged = idat
            damaged[position] ^= 0xA5
            assertSameOnBothPaths(file(damaged), "IDAT byte \(position) changed")
        }
        for length in 0..<idat.count { assertSameOnBothPaths(file(Array(idat.prefix(length))), "IDAT cut to \(length) bytes") }
    }

    func testEveryCorruptedByteOfAnAPNGGivesTheSameResultBothWays() {
        var gradient = PixelBuffer(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { gradient[x, y] = RGBA(UInt8(80 * x), UInt8(120 * y), 7, UInt8(60 + 90 * x)) } }
        let chunks = APNGFixture(width: 4, height: 3, plays: 2, frames: [
            .init(PixelBuffer(width: 4, height: 3, fill: RGBA(9, 8, 7, 200))),
            .init(gradient, x: 1, y: 1, dispose: 2, blend: 1),
        ], hiddenDefault: nil).chunks()
        for (index, chunk) in chunks.enumerated() {
            for position in chunk.data.indices {
                var damaged = chunks
                damaged[index].data[position] ^= 0xA5
                assertSameOnBothPaths(PNGChunkWriter.file(damaged), "\(chunk.type) #\(index) byte \(position) changed")
            }
        }
    }

    func testDataThatEndsEarlyRunsOnOrIsFollowedByMoreGivesTheSameResultBothWays() {
        let rows = PNGChunkWriter.scanlines(image)
        assertSameOnBothPaths(file(PNGChunkWriter.deflate(Array(rows.dropLast(161)))), "one row short")
        assertSameOnBothPaths(file(PNGChunkWriter.deflate(Array(rows.dropLast(1)))), "one byte short")
        assertSameOnBothPaths(file(PNGChunkWriter.deflate(rows + [0, 1, 2])), "three bytes too many")
        assertSameOnBothPaths(file(PNGChunkWriter.deflate(rows + rows)), "twice the rows")
        assertSameOnBothPaths(file(PNGChunkWriter.deflate(rows) + [7, 7]), "bytes after the zlib stream")
        var wrongAdler = PNGChunkWriter.deflate(rows)
        wrongAdler[wrongAdler.count - 1] ^= 1
        assertSameOnBothPaths(file(wrongAdler), "a wrong Adler-32")
        XCTAssertNoThrow(try PNGDecoder().decode(file(wrongAdler)), "Chromium shows it, and so do we")
        var badFilter = rows
        badFilter[161 * 3] = 5
        assertSameOnBothPaths(file(PNGChunkWriter.deflate(badFilter)), "filter type 5 on row 3")
        assertSameOnBothPaths(file(PNGChunkWriter.imageData(image), interlace: 1), "Adam7 flag on non-interlaced data")
    }

    func testAWindowTooSmallForTheStreamsDistancesIsRefusedBothWays() throws {
        XCTAssertEqual(PNGChunkWriter.imageData(image)[0], 0x78, "compress2 writes a 32 KiB window")
        // Declare a 512-byte window (CINFO 1): zlib refuses the longer distances; libdeflate does
        // not look at the window, so the fast path must leave such a stream to libpng.
        let idat = window(PNGChunkWriter.imageData(image), cinfo: 1)
        XCTAssertThrowsError(try { var d = PNGDecoder(); d.inflateWithLibdeflate = false; return try d.decode(file(idat)) }())
        assertSameOnBothPaths(file(idat), "a 512-byte window")
    }

    func testImageDataInSeveralChunksGivesTheSameResultBothWays() {
        let idat = PNGChunkWriter.imageData(image), third = idat.count / 3
        let bytes = PNGChunkWriter.file([
            PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 40, height: 30)),
            PNGChunkSpec("IDAT", Array(idat[..<third])), PNGChunkSpec("IDAT", Array(idat[third..<(2 * third)])),
            PNGChunkSpec("IDAT", Array(idat[(2 * third)...])), PNGChunkSpec("IEND", [])])
        assertSameOnBothPaths(bytes, "three IDATs")
        XCTAssertEqual(try PNGDecoder().decode(bytes).frames[0].image, image)
    }

    /// The faster path ignores chunk CRCs on the stream it rebuilds (the decoder checked them on the
    /// file), so a stream handed straight to the pixel decoder with a wrong IDAT CRC shows which
    /// path decoded it: libdeflate's decodes it, libpng's refuses it.
    func testTheFasterPathTakesPlainStreamsAndLeavesTheRestToLibpng() throws {
        let plain = wrongCRC(file(PNGChunkWriter.imageData(image)))
        let fast = PNGPixelDecoder(limits: .default)
        let zlibOnly = PNGPixelDecoder(limits: .default, inflateWithLibdeflate: false)
        XCTAssertEqual(try fast.decode(plain, width: 40, height: 30), image)
        XCTAssertThrowsError(try zlibOnly.decode(plain, width: 40, height: 30))

        let smallWindow = window(PNGChunkWriter.imageData(image), cinfo: 6)  // 16 KiB, which these distances fit
        XCTAssertEqual(try zlibOnly.decode(file(smallWindow), width: 40, height: 30), image)
        XCTAssertThrowsError(try fast.decode(wrongCRC(file(smallWindow)), width: 40, height: 30),
                             "a window under 32 KiB is left to libpng")
        var adler = PNGChunkWriter.imageData(image)
        adler[adler.count - 1] ^= 1
        XCTAssertThrowsError(try fast.decode(wrongCRC(file(adler)), width: 40, height: 30),
                             "data libdeflate rejects (here a wrong Adler-32) is left to libpng")
        let short = PNGChunkWriter.deflate(Array(PNGChunkWriter.scanlines(image).dropLast(161)))
        XCTAssertThrowsError(try fast.decode(wrongCRC(file(short)), width: 40, height: 30),
                             "data that ends early is left to libpng")
    }

    /// Over 64 MiB of filtered rows the stored copy would cost more memory than the time it saves.
    func testImagesOverSixtyFourMebibytesOfRowsAreLeftToLibpng() throws {
        func zeros(width: Int, height: Int) -> [UInt8] {
            wrongCRC(PNGChunkWriter.file([
                PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: UInt32(width), height: UInt32(height))),
                PNGChunkSpec("IDAT", PNGChunkWriter.deflate([UInt8](repeating: 0, count: height * (width * 4 + 1)))),
                PNGChunkSpec("IEND", [])]))
        }
        let fast = PNGPixelDecoder(limits: .default)
        let under = 64 << 20 / (4096 * 4 + 1)  // rows of 4096 px that fit in 64 MiB
        XCTAssertEqual(try fast.decode(zeros(width: 4096, height: under), width: 4096, height: under).pixels.count,
                       4096 * under * 4)
        XCTAssertThrowsError(try fast.decode(zeros(width: 4096, height: under + 1), width: 4096, height: under + 1))
    }

    func testSixteenBitSamplesKeepTheirHighBytesOnBothPaths() throws {
        // One row of 16-bit RGBA: 0x12AB 0x34CD 0x56EF 0xFF01 and 0x0102 0x0304 0x0506 0x0708.
        let row: [UInt8] = [0, 0x12, 0xAB, 0x34, 0xCD, 0x56, 0xEF, 0xFF, 0x01, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]
        let bytes = PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 2, height: 1, bitDepth: 16)),
                                         PNGChunkSpec("IDAT", PNGChunkWriter.deflate(row)), PNGChunkSpec("IEND", [])])
        assertSameOnBothPaths(bytes, "16-bit RGBA")
        XCTAssertEqual(try PNGDecoder().decode(bytes).frames[0].image.pixels, [0x12, 0x34, 0x56, 0xFF, 0x01, 0x03, 0x05, 0x07])
    }
}
