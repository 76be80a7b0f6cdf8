import ImageCodec
import XCTest

/// Lottie and TGS are told by content: Lottie's seven top-level keys, plain or gzipped.
final class LottieSnifferTests: XCTestCase {
    func testLottieIsSniffedByItsKeysInAnyOrder() throws {
        XCTAssertEqual(FormatSniffer.sniff(LottieFixture.json()), .lottie)
        XCTAssertEqual(FormatSniffer.sniff(Array("x".utf8) + LottieFixture.json()), .unknown, "a stray byte before the object")
        XCTAssertEqual(FormatSniffer.sniff([0xEF, 0xBB, 0xBF, 0x0A] + LottieFixture.json()), .lottie, "a BOM and whitespace are fine")
        XCTAssertEqual(FormatSniffer.sniff(try LottieFixture.bytes("shapes.json")), .lottie, "python-lottie writes layers first")
    }

    func testOtherJSONIsNotLottie() {
        let contents = Array(#"{"images":[{"filename":"a.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
        XCTAssertEqual(FormatSniffer.sniff(contents), .unknown)
        // The keys nested one level down are not top-level keys.
        let nested = Array(#"{"anim":{"v":"5","fr":30,"ip":0,"op":4,"w":64,"h":64,"layers":[]}}"#.utf8)
        XCTAssertEqual(FormatSniffer.sniff(nested), .unknown)
        // Key names inside values do not count, and neither do keys that only start the same.
        let values = Array(#"{"v":"fr ip op w h layers","fr":1,"ip":0,"op":1,"w":1,"h":1,"layersX":[]}"#.utf8)
        XCTAssertEqual(FormatSniffer.sniff(values), .unknown)
        XCTAssertEqual(FormatSniffer.sniff(Array("[{\"v\":1}]".utf8)), .unknown)
    }

    func testAPrefixWithTheScalarKeysIsLottieButAClosedObjectNeedsLayers() {
        let full = LottieFixture.json(extra: ",\"assets\":[\"" + String(repeating: "A", count: 5000) + "\"]")
        XCTAssertEqual(FormatSniffer.sniff(Array(full.prefix(2000))), .lottie, "layers lies past a 2000-byte prefix")
        XCTAssertEqual(FormatSniffer.sniff(Array(#"{"v":"5","fr":30,"ip":0,"op":4,"w":64,"h":64}"#.utf8)), .unknown)
    }

    func testTGSIsGzippedLottie() throws {
        XCTAssertEqual(FormatSniffer.sniff(try LottieFixture.bytes("shapes.tgs")), .tgs)
        // A gzip of something else is not TGS; a damaged gzip header is not either.
        var notLottie = try LottieFixture.bytes("shapes.tgs")
        notLottie[3] = 0xFF
        XCTAssertNotEqual(FormatSniffer.sniff(notLottie), .tgs)
        XCTAssertEqual(FormatSniffer.sniff([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3]), .unknown)
    }

    func testDeepNestingIsScannedWithoutRecursion() {
        let deep = Array("{\"x\":".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let start = Date()
        XCTAssertEqual(FormatSniffer.sniff(deep), .unknown)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }
}
