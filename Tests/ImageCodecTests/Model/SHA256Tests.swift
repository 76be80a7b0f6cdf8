import ImageCodec
import XCTest

/// SHA-256 against FIPS 180-4's published examples, fed whole and in pieces.
final class SHA256Tests: XCTestCase {
    func testPublishedExamples() {
        XCTAssertEqual(SHA256.hex(SHA256.hash([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(SHA256.hash(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testFeedingInPiecesGivesTheSameDigest() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256()
        for start in stride(from: 0, to: bytes.count, by: 777) { hasher.update(Array(bytes[start..<min(start + 777, bytes.count)])) }
        hasher.update([])
        XCTAssertEqual(hasher.finalize(), SHA256.hash(bytes))
    }
}
