import ImageCodec
import XCTest

/// A hostile WebP is refused from what it declares, before libwebp allocates a canvas, and no
/// damaged file traps.
final class WebPLimitsTests: XCTestCase {
    private func expectLimit(_ bytes: [UInt8], limits: DecodeLimits = .default, mentioning text: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ImageDecoder(limits: limits).decode(bytes), file: file, line: line) { error in
            guard case CodecError.limitExceeded(let what, _) = error else {
                return XCTFail("expected a limit refusal, got \(error)", file: file, line: line)
            }
            XCTAssertTrue(what.contains(text), "\(what)", file: file, line: line)
        }
    }

    /// The lossless fixture with its VP8L header claiming 16384x16384 (the format's largest).
    func testHugeLosslessCanvasIsRefusedBeforeDecoding() throws {
        var bytes = try WebPFixtureTests.bytes("lossless.webp")
        XCTAssertEqual(Array(bytes[12..<16]), Array("VP8L".utf8))
        bytes[21] = 0xFF; bytes[22] = 0xFF; bytes[23] = 0xFF; bytes[24] |= 0x0F
        expectLimit(bytes, mentioning: "canvas 16384x16384")
    }

    /// The animation with its VP8X canvas claiming 10000x9000 and more (24-bit fields hold up to 16M).
    func testHugeAnimationCanvasIsRefusedBeforeDecoding() throws {
        var bytes = try WebPFixtureTests.bytes("anim.webp")
        XCTAssertEqual(Array(bytes[12..<16]), Array("VP8X".utf8))
        func put24(_ value: Int, at offset: Int) {
            bytes[offset] = UInt8(value & 0xFF); bytes[offset + 1] = UInt8(value >> 8 & 0xFF); bytes[offset + 2] = UInt8(value >> 16)
        }
        put24(10_000 - 1, at: 24); put24(9_000 - 1, at: 27)
        expectLimit(bytes, mentioning: "canvas 10000x9000")
        put24(60_000 - 1, at: 24); put24(60_000 - 1, at: 27)
        expectLimit(bytes, mentioning: "canvas 60000x60000")
        // Past 2^32 pixels libwebp itself refuses the header (a bitstream error), still before allocating.
        put24(0xFF_FFFF, at: 24); put24(0xFF_FFFF, at: 27)
        XCTAssertThrowsError(try ImageDecoder().decode(bytes)) { XCTAssertTrue($0 is CodecError) }
    }

    func testFrameCountAndTotalPixelsAreBounded() throws {
        let bytes = try WebPFixtureTests.bytes("anim.webp")
        expectLimit(bytes, limits: DecodeLimits(maxFrames: 3), mentioning: "4 frames")
        expectLimit(bytes, limits: DecodeLimits(maxTotalPixels: 48 * 32 * 4 - 1), mentioning: "4 frames of 48x32")
        XCTAssertEqual(try ImageDecoder(limits: DecodeLimits(maxTotalPixels: 48 * 32 * 4, maxFrames: 4)).decode(bytes).frames.count, 4)
        expectLimit(bytes, limits: DecodeLimits(maxFileBytes: bytes.count - 1), mentioning: "a file of")
        expectLimit(try WebPFixtureTests.bytes("lossy.webp"), limits: DecodeLimits(maxDimension: 47), mentioning: "canvas 48x32")
    }

    /// Every prefix of the animation and a spread of single-byte changes: each decodes or throws.
    func testDamagedFilesThrowAndNeverTrap() throws {
        let bytes = try WebPFixtureTests.bytes("anim.webp")
        var refused = 0
        for length in stride(from: 0, to: bytes.count, by: 37) {
            do { _ = try ImageDecoder().decode(Array(bytes[0..<length])) } catch is CodecError { refused += 1 }
        }
        XCTAssertEqual(refused, (bytes.count + 36) / 37, "every prefix is refused")
        for offset in stride(from: 0, to: bytes.count, by: 29) {
            var damaged = bytes
            damaged[offset] ^= 0x5A
            do {
                let image = try ImageDecoder().decode(damaged)
                XCTAssertTrue(image.frames.allSatisfy { $0.image.width == image.width && $0.image.height == image.height })
            } catch is CodecError {}
        }
    }
}
