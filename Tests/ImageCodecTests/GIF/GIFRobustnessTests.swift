import ImageCodec
import TestSupport
import XCTest

/// Truncation, corrupt LZW data and limit refusals: always a thrown `CodecError`, never a crash.
final class GIFRobustnessTests: XCTestCase {
    private typealias F = GIFFixtures

    func testEveryTruncationThrowsACodecError() throws {
        let bytes = F.animated()
        XCTAssertNoThrow(try ImageDecoder().decode(bytes))
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try ImageDecoder().decode(Array(bytes.prefix(length))), "prefix \(length)") { error in
                guard let codec = error as? CodecError else { return XCTFail("prefix \(length): \(error)") }
                XCTAssertFalse(codec.isLimit, "prefix \(length): \(codec)")
            }
        }
    }

    func testEveryCorruptedByteDecodesOrThrows() throws {
        let bytes = F.animated()
        for offset in 6..<bytes.count {
            for value: UInt8 in [0x00, 0xFF, bytes[offset] ^ 0x55] {
                var damaged = bytes
                damaged[offset] = value
                do {
                    let image = try ImageDecoder().decode(damaged)
                    XCTAssertFalse(image.frames.isEmpty, "offset \(offset) = \(value)")
                } catch {
                    XCTAssertNotNil(error as? CodecError, "offset \(offset) = \(value): \(error)")
                }
            }
        }
    }

    func testTruncationInsideTheSecondFrameNamesIt() throws {
        let bytes = F.animated()
        // The second frame's image descriptor is the second 0x2C after the header and tables.
        let descriptors = bytes.indices.filter { bytes[$0] == 0x2C && $0 > 13 + 12 }
        let cut = Array(bytes.prefix(descriptors[1] + 20))
        XCTAssertThrowsError(try ImageDecoder().decode(cut)) { error in
            XCTAssertEqual(error as? CodecError,
                           .truncated("Failed to read from given file in frame 2 (giflib)"))
        }
    }

    func testCorruptLZWCodeNamesTheFrame() throws {
        var bytes = GIFFixtureEncoder(width: 2, height: 1, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 2, height: 1, indices: [0, 1]),
            GIFFixtureFrame(width: 2, height: 1, indices: [0, 1]),
        ]).encode()
        // Frame 2's data: [code size 2] [sub-block length] then clear(4), 0, 1, end(5) in 3-bit codes.
        // Replace the first pixel code by 7, a dictionary entry that cannot exist yet.
        // Layout from the end: code size 2, length 2, data 0x44 0x0A, terminator 0, trailer 0x3B.
        let start = bytes.count - 6
        XCTAssertEqual(Array(bytes[start...]), [2, 2, 0x44, 0x0A, 0, 0x3B], "fixture layout")
        bytes[start + 2] = 0x04 | 7 << 3 | 1 << 6
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            XCTAssertEqual((error as? CodecError)?.description,
                           "corrupt image data: LZW decode failed in frame 2: Image is defective, decoding aborted (giflib)")
        }
    }

    func testHugeScreenIsRefusedBeforeAllocation() throws {
        let bytes = GIFFixtureEncoder(width: 60000, height: 60000, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 1, height: 1, indices: [0]),
        ]).encode()
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError,
                           .limitExceeded(what: "canvas 60000x60000 px", limit: "8192 px a side"))
        }
    }

    func testHugeFrameOnASmallScreenIsRefusedBeforeGiflibAllocatesIt() throws {
        var bytes = GIFFixtureEncoder(width: 2, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 1, height: 1, indices: [0]),
        ]).encode()
        // Patch the image descriptor to declare 60000x60000 (its data stays tiny).
        let descriptor = 13 + 12
        XCTAssertEqual(bytes[descriptor], 0x2C)
        bytes[descriptor + 5] = 0x60; bytes[descriptor + 6] = 0xEA
        bytes[descriptor + 7] = 0x60; bytes[descriptor + 8] = 0xEA
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError,
                           .limitExceeded(what: "frame 1 of 60000x60000 px", limit: "8192 px a side"))
        }
    }

    func testTooManyFramesAreRefusedBeforeCompositing() throws {
        let frame = GIFFixtureFrame(width: 1, height: 1, indices: [0])
        let bytes = GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette,
                                      frames: Array(repeating: frame, count: 3)).encode()
        XCTAssertThrowsError(try ImageDecoder(limits: DecodeLimits(maxFrames: 2)).decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError, .limitExceeded(what: "3 frames", limit: "2 frames"))
        }
    }

    func testFramesLargerThanTheScreenCountTowardsTheTotal() throws {
        let bytes = GIFFixtureEncoder(width: 2, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 2, height: 2, indices: [0, 1, 2, 3]),
            GIFFixtureFrame(width: 4, height: 4, indices: Array(repeating: 1, count: 16)),
        ]).encode()
        XCTAssertNoThrow(try ImageDecoder(limits: DecodeLimits(maxTotalPixels: 20)).decode(bytes))
        XCTAssertThrowsError(try ImageDecoder(limits: DecodeLimits(maxTotalPixels: 19)).decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError, .limitExceeded(what: "2 frames storing 20 pixels",
                                                                limit: "19 pixels in all frames"))
        }
    }

    func testNoImageIsAGiflibError() throws {
        let bytes = GIFFixtureEncoder(width: 1, height: 1, globalPalette: F.palette, frames: []).encode()
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { error in
            XCTAssertEqual(error as? CodecError,
                           .library(name: "giflib", message: "No Image Descriptor detected before the first frame"))
        }
    }
}
