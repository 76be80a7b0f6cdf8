@testable import ImageCodec
import XCTest

/// Bad and oversized WebM input: refused before allocation, reported precisely, never a crash.
final class WebMHostileInputTests: XCTestCase {
    private func fixture(_ name: String = "vp9-alpha.webm") throws -> [UInt8] { try WebMFixtureTests.bytes(name) }

    private func decodeError(_ bytes: [UInt8], limits: DecodeLimits = .default,
                             file: StaticString = #filePath, line: UInt = #line) -> CodecError? {
        do {
            _ = try ImageDecoder(limits: limits).decode(bytes)
            XCTFail("decoded without error", file: file, line: line)
            return nil
        } catch let error as CodecError {
            return error
        } catch {
            XCTFail("not a CodecError: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The offset of `needle` in `bytes` (the first occurrence).
    private func offset(of needle: [UInt8], in bytes: [UInt8]) throws -> Int {
        try XCTUnwrap((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
    }

    func testLimitsRefuseBeforeDecoding() throws {
        let bytes = try fixture()
        XCTAssertEqual(decodeError(bytes, limits: DecodeLimits(maxDimension: 32)),
                       .limitExceeded(what: "canvas 48x48 px", limit: "32 px a side"))
        XCTAssertEqual(decodeError(bytes, limits: DecodeLimits(maxFrames: 5)),
                       .limitExceeded(what: "more than 5 video frames", limit: "5 frames"))
        XCTAssertEqual(decodeError(bytes, limits: DecodeLimits(maxTotalPixels: 10_000)),
                       .limitExceeded(what: "7 frames of 48x48 px (16128 pixels)", limit: "10000 pixels in all frames"))
        XCTAssertEqual(decodeError(bytes, limits: DecodeLimits(maxFileBytes: 1000)),
                       .limitExceeded(what: "a file of \(bytes.count) bytes", limit: "1000 bytes read into memory"))
    }

    /// A VP9 key frame that declares 65536 px a side is refused before libvpx allocates for it.
    func testOversizedVP9FrameHeaderIsRefusedBeforeLibvpx() throws {
        var bytes = try fixture("vp9-opaque.webm")
        let start = try WebMContainer(parsing: bytes, maxFrames: 100).blocks[0].payload.lowerBound
        XCTAssertEqual(Array(bytes[(start + 1)...(start + 3)]), [0x49, 0x83, 0x42], "VP9 key frame sync code")
        bytes[start + 4] |= 0x0f; bytes[start + 5] = 0xff; bytes[start + 6] |= 0xf0  // frame_width_minus_1 = 0xffff
        guard case .limitExceeded(let what, _)? = decodeError(bytes) else { return XCTFail("not a limit refusal") }
        XCTAssertTrue(what.hasPrefix("WebM frame 1 (colour) of 65536x"), what)
    }

    func testTruncatedFileSaysSo() throws {
        let bytes = try fixture()
        XCTAssertEqual(decodeError(Array(bytes.prefix(bytes.count / 2))),
                       .truncated("WebM ends inside video frame 1 (\(bytes.count / 2) bytes read)"))
        XCTAssertEqual(decodeError(Array(bytes.prefix(200))), .truncated("WebM ends inside an element (200 bytes read)"))
        // Every cut decodes or throws; none traps.
        for cut in stride(from: 0, to: bytes.count, by: 97) { _ = try? ImageDecoder().decode(Array(bytes.prefix(cut))) }
    }

    func testUnknownVideoCodecIsNamed() throws {
        var bytes = try fixture()
        let at = try offset(of: Array("V_VP9".utf8), in: bytes)
        bytes.replaceSubrange(at..<(at + 5), with: Array("V_AV2".utf8))
        XCTAssertEqual(decodeError(bytes), .malformed("WebM: the video track's codec is V_AV2, not V_VP8 or V_VP9"))
    }

    func testTrackSizeDisagreeingWithTheFramesIsMalformed() throws {
        var bytes = try fixture()
        let at = try offset(of: [0xb0, 0x81, 48], in: bytes)  // PixelWidth, 1-byte size, 48
        bytes[at + 2] = 40
        XCTAssertEqual(decodeError(bytes), .malformed("WebM frame 1 (colour) decodes to 48x48 px, but the track states 40x48"))
    }

    func testCorruptFramePayloadNamesTheFrame() throws {
        var bytes = try fixture("vp8-opaque-odd.webm")
        let block = try WebMContainer(parsing: bytes, maxFrames: 100).blocks[0]
        for i in block.payload.dropFirst(3) { bytes[i] = 0 }  // the start code and everything after it
        guard case .corruptData(let message)? = decodeError(bytes) else { return XCTFail("not corrupt data") }
        XCTAssertTrue(message.hasPrefix("WebM frame 1, colour stream: libvpx:"), message)
    }

    func testGarbageAfterTheMagicIsMalformed() throws {
        let bytes: [UInt8] = [0x1a, 0x45, 0xdf, 0xa3] + [UInt8](repeating: 0xff, count: 60)
        guard let error = decodeError(bytes) else { return }
        switch error {
        case .malformed, .truncated: break
        default: XCTFail("\(error)")
        }
    }

    /// Bytes after a complete Segment (a writer's leftovers: ffmpeg files have been seen with 150 KB
    /// of them) are not read, as browsers and ffmpeg do not read them: the video decodes as without.
    func testBytesAfterTheSegmentAreIgnored() throws {
        let bytes = try fixture()
        let segment = try offset(of: [0x18, 0x53, 0x80, 0x67], in: bytes)
        XCTAssertNotEqual(Array(bytes[(segment + 5)..<(segment + 12)]), [UInt8](repeating: 0xff, count: 7),
                          "the fixture's Segment states its size (not 'unknown')")
        let junk: [UInt8] = [0xf1, 0xef, 0x5c, 0x93, 0x6b, 0x3b, 0x00, 0x00, 0x00, 0x00] + [UInt8](repeating: 0x5a, count: 300)
        let plain = try ImageDecoder().decode(bytes), trailed = try ImageDecoder().decode(bytes + junk)
        XCTAssertEqual(trailed.frames.count, 7)
        XCTAssertEqual(trailed.frames.map(\.image.pixels), plain.frames.map(\.image.pixels))
        XCTAssertEqual(trailed.frames.map(\.delay), plain.frames.map(\.delay))
    }

    func testAlphaPayloadsAreRead() throws {
        let container = try WebMContainer(parsing: try fixture(), maxFrames: 100)
        XCTAssertEqual(container.codec, .vp9)
        XCTAssertEqual(container.alphaMode, 1)
        XCTAssertEqual(container.blocks.count, 7)
        XCTAssertTrue(container.blocks.allSatisfy { $0.alpha?.isEmpty == false })
        XCTAssertEqual(container.blocks.map(\.timestamp), [0, 90, 200, 330, 480, 650, 840])
        XCTAssertEqual(container.timecodeScale, 1_000_000)
    }
}
