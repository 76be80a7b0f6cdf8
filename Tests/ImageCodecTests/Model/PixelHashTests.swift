import ImageCodec
import XCTest

/// `PixelHash` is XXH3-128 as xxHash's own `xxh128sum` prints it, whole or fed in pieces.
final class PixelHashTests: XCTestCase {
    /// 100,003 bytes of a fixed pattern: more than one of XXH3's 1,024-byte stripes and blocks, and
    /// not a multiple of either.
    private static let pattern: [UInt8] = (0..<100_003).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }

    /// The values `xxh128sum` (Debian's xxhash 0.8.1) prints for the same bytes:
    /// `printf '' | xxh128sum`, `printf abc | xxh128sum`, and the pattern written by
    /// `python3 -c "import sys; sys.stdout.buffer.write(bytes(((i*2654435761)>>13)&0xff for i in range(100003)))"`.
    func testValuesAreXXH128SumsOnTheSameBytes() {
        XCTAssertEqual(hash([]).description, "99aa06d3014798d86001c324468d497f")
        XCTAssertEqual(hash(Array("abc".utf8)).description, "06b05ab6733a618578af5f94892f3950")
        XCTAssertEqual(hash(Self.pattern).description, "19bacb7bf95a97ea25ba638a3c66d20f")
        XCTAssertEqual(PixelHash(PixelBuffer(width: 64, height: 64)).description, "a21d459c03bf6c99b7ce04b81707a4d0")
    }

    /// Fed in pieces of any size, including empty ones, the hasher gives the whole buffer's hash.
    func testPiecesGiveTheWholeHash() {
        let whole = hash(Self.pattern)
        for piece in [1, 7, 64, 1_000, 16_384, 100_003] {
            let hasher = PixelHasher()
            Self.pattern.withUnsafeBytes { bytes in
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + piece)
                    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[end..<end]))
                    start = end
                }
            }
            XCTAssertEqual(hasher.finalize(), whole, "pieces of \(piece) bytes")
        }
        XCTAssertEqual(PixelHasher().finalize(), hash([]))
    }

    /// One changed bit, or the same bytes one shorter, changes the hash.
    func testOneBitOrOneByteChangesTheHash() {
        var flipped = Self.pattern
        flipped[50_000] ^= 1
        XCTAssertNotEqual(hash(flipped), hash(Self.pattern))
        XCTAssertNotEqual(hash(Array(Self.pattern.dropLast())), hash(Self.pattern))
        XCTAssertEqual(PixelHash(high: 1, low: 0x0a).description, "0000000000000001000000000000000a")
    }

    private func hash(_ bytes: [UInt8]) -> PixelHash {
        bytes.withUnsafeBytes { PixelHash($0) }
    }
}
