import ImageCodec
import TestSupport
import XCTest

/// Files giflib's `DGifSlurp` could not read or misreported, each checked against Chromium's
/// ImageDecoder (Tests/Oracles/oracle-chromium.py): empty extensions, missing colour tables, LZW code sizes.
final class GIFRecordTests: XCTestCase {
    private typealias F = GIFFixtures

    /// 2x2, the 4-entry global table, one frame [red, green / blue, white]; no NETSCAPE, no control
    /// block, so the image descriptor starts at 13 + 12.
    private var plain: [UInt8] {
        GIFFixtureEncoder(width: 2, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 2, height: 2, indices: [0, 1, 2, 3]),
        ]).encode()
    }
    private let descriptor = 25

    func testGIF87aWithAnEmptyCommentBeforeTheImageDecodes() throws {
        var bytes = plain
        XCTAssertEqual(bytes[descriptor], 0x2C)
        bytes.replaceSubrange(3..<6, with: Array("87a".utf8))
        bytes.insert(contentsOf: [0x21, 0xFE, 0x00], at: descriptor)
        let image = try ImageDecoder().decode(bytes)
        XCTAssertEqual(image.frames.map(\.image), [F.canvas([[F.red, F.green], [F.blue, F.white]])])
    }

    func testEmptyExtensionsBetweenFramesKeepControlBlocksAndLoopCount() throws {
        let bytes = GIFFixtureEncoder(width: 2, height: 1, globalPalette: F.palette, loopCount: 3, frames: [
            GIFFixtureFrame(width: 2, height: 1, indices: [0, 1], delayCentiseconds: 7),
            GIFFixtureFrame(width: 1, height: 1, indices: [2], delayCentiseconds: 9, disposal: 2),
        ]).encode()
        // An empty comment and an empty unknown extension before every control block and the NETSCAPE block.
        var patched: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if byte == 0x21, index > 12, [0xF9, 0xFF].contains(bytes[index + 1]), bytes[index - 1] == 0 || index == 25 {
                patched += [0x21, 0xFE, 0x00, 0x21, 0x01, 0x00]
            }
            patched.append(byte)
        }
        XCTAssertEqual(patched.count, bytes.count + 18, "three blocks got two empty extensions each")
        let image = try ImageDecoder().decode(patched)
        XCTAssertEqual(image.frames.map(\.delay), [.centiseconds(7), .centiseconds(9)])
        XCTAssertEqual(image.facts.declaredLoopCount, 3)
        XCTAssertEqual(image.frames[1].raw?.dispose, .background)
        XCTAssertEqual(image.frames[1].image, F.canvas([[F.blue, F.green]]))
    }

    func testNoColourTableDrawsEveryIndexOpaqueBlackExceptTheTransparentOne() throws {
        let black = RGBA(0, 0, 0)
        let image = try ImageDecoder().decode(GIFFixtureEncoder(width: 2, height: 2, globalPalette: nil, frames: [
            GIFFixtureFrame(width: 2, height: 2, indices: [0, 1, 2, 3], transparentIndex: 1),
            GIFFixtureFrame(width: 1, height: 1, indices: [1], localPalette: [F.red, F.green]),
        ]).encode())
        XCTAssertEqual(image.frames[0].image, F.canvas([[black, .clear], [black, black]]))
        XCTAssertEqual(image.frames[1].image, F.canvas([[F.green, .clear], [black, black]]))
        XCTAssertEqual(image.facts.framesWithoutColorTable, [0])
        XCTAssertEqual(image.facts.paletteSize, 2, "the first local table")

        let none = try ImageDecoder().decode(GIFFixtureEncoder(width: 1, height: 1, globalPalette: nil, frames: [
            GIFFixtureFrame(width: 1, height: 1, indices: [3]), GIFFixtureFrame(width: 1, height: 1, indices: [0]),
        ]).encode())
        XCTAssertEqual(none.frames.map(\.image), [F.canvas([[black]]), F.canvas([[black]])])
        XCTAssertEqual(none.facts.framesWithoutColorTable, [0, 1])
        XCTAssertNil(none.facts.paletteSize)
    }

    func testInvalidLZWMinimumCodeSizeIsNamed() throws {
        for size: UInt8 in [0, 1, 9, 11, 12, 255] {
            var bytes = plain
            XCTAssertEqual(bytes[descriptor + 10], 2, "code size byte")
            bytes[descriptor + 10] = size
            XCTAssertThrowsError(try ImageDecoder().decode(bytes), "size \(size)") { error in
                XCTAssertEqual(error as? CodecError,
                               .malformed("GIF frame 1: LZW minimum code size \(size) is invalid (must be 2-8)"))
            }
        }
        var second = GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 1, height: 1, indices: [0]), GIFFixtureFrame(width: 1, height: 1, indices: [1]),
        ]).encode()
        let codeSize = second.count - 6       // code size, length 2, 2 data bytes, terminator, trailer
        XCTAssertEqual(Array(second[codeSize...]), [2, 2, 0x4C, 0x01, 0, 0x3B], "fixture layout")
        second[codeSize] = 11
        XCTAssertThrowsError(try ImageDecoder().decode(second)) { error in
            XCTAssertEqual((error as? CodecError)?.description, "GIF frame 2: LZW minimum code size 11 is invalid (must be 2-8)")
        }
    }

    func testEmptyFrameIsRefusedWithItsSize() throws {
        var bytes = plain
        bytes[descriptor + 5] = 0       // width 0
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError, .malformed("GIF frame 1 is 0x2 px; a frame needs at least 1 px a side"))
        }
    }
}
