import ImageCodec
import XCTest

/// Hostile and broken Lottie JSON is refused before anything is rendered, with the reason.
final class LottieValidatorTests: XCTestCase {
    private func refusal(_ json: [UInt8], limits: DecodeLimits = .default) -> CodecError? {
        do { _ = try LottieValidator(limits: limits).validate(json); return nil } catch { return error as? CodecError }
    }

    private func assertRefused(_ json: [UInt8], _ fragment: String, limits: DecodeLimits = .default,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let error = refusal(json, limits: limits) else { return XCTFail("accepted", file: file, line: line) }
        XCTAssertTrue("\(error)".contains(fragment), "\(error)", file: file, line: line)
    }

    func testAValidDocumentGivesItsFacts() throws {
        let doc = try LottieValidator().validate(LottieFixture.json(fr: "29.97", ip: "2", op: "12.5", w: "320", h: "180",
                                                                    layers: "[{\"ty\":4},{\"ty\":1}]"))
        XCTAssertEqual(doc.width, 320); XCTAssertEqual(doc.height, 180)
        XCTAssertEqual(doc.frameCount, 10)
        XCTAssertEqual(doc.layerCount, 2)
        XCTAssertEqual(doc.frameDelay, FrameDelay(numerator: 100, denominator: 2997))
        XCTAssertEqual(try LottieValidator().validate(LottieFixture.json(fr: "60")).frameDelay, FrameDelay(numerator: 1, denominator: 60))
        XCTAssertTrue(doc.renderSize(fitting: 408) == (408, 230))
        XCTAssertTrue(doc.renderSize(fitting: nil) == (320, 180))
    }

    func testHostileShapesAreRefusedWithTheReason() {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        assertRefused(LottieFixture.json(layers: deep), "nesting deeper than 96")
        assertRefused(LottieFixture.json(w: "100000"), "canvas 100000x64 px")
        assertRefused(LottieFixture.json(w: "1e400"), "`w` is out of range")
        assertRefused(LottieFixture.json(ip: "10", op: "5"), "not at least one whole frame after")
        assertRefused(LottieFixture.json(ip: "0", op: "0.5"), "not at least one whole frame after")
        assertRefused(LottieFixture.json(fr: "0"), "frame rate `fr` is 0.0")
        assertRefused(LottieFixture.json(fr: "-3"), "frame rate `fr` is -3.0")
        assertRefused(LottieFixture.json(w: "\"64\""), "`w` is a string; a number is required")
        assertRefused(LottieFixture.json(h: "63.5"), "a canvas side is a whole number")
        assertRefused(LottieFixture.json(layers: "{}"), "`layers` is an object; an array is required")
        assertRefused(LottieFixture.json(v: "5"), "`v` (Bodymovin version) is a number")
        assertRefused(LottieFixture.json(extra: ",\"w\":65"), "`w` appears twice")
        assertRefused(Array("[1,2,3]".utf8), "not an object")
        assertRefused(Array("".utf8), "empty")
        assertRefused(Array(#"{"v":"5","fr":30}"#.utf8), "`w` is missing")
        assertRefused(LottieFixture.json() + Array("x".utf8), "after the top-level object")
        assertRefused(Array(LottieFixture.json().dropLast()), "ends at byte")
        assertRefused(LottieFixture.json(layers: "[tru]"), "expected a value")
        assertRefused(LottieFixture.json(layers: "[\"a\u{01}\"]"), "control character")
        assertRefused(LottieFixture.json(layers: "[01]"), "expected ',' or a closing bracket")
        assertRefused(LottieFixture.json(layers: "[1,]"), "expected a value")
        assertRefused(LottieFixture.json(extra: ",\"x\":{\"a\" 1}"), "expected ':'")
    }

    func testSyntaxErrorsNameTheirByte() {
        func refused(_ text: String) -> CodecError? { refusal(Array(text.utf8)) }
        let head = #"{"v":"5","fr":30,"ip":0,"op":10,"w":64,"h":64,"layers":"#   // 56 bytes
        // Offsets count from the first byte, a byte order mark included.
        XCTAssertEqual(refused("\u{FEFF}" + head + "[1,\n 2 3]}"),
                       .malformed("Lottie: expected ',' or a closing bracket at byte 65, found '3'"))
        XCTAssertEqual(refused(head + "[-01]}"), .malformed("Lottie: expected ',' or a closing bracket at byte 58, found '1'"))
        XCTAssertEqual(refused(head + #"["\x"]}"#), .malformed("Lottie: a bad escape at byte 57"))
        XCTAssertEqual(refused(head + #"["\u00"]}"#), .malformed("Lottie: a bad \\u escape at byte 57"))
        XCTAssertEqual(refused(head + #"[{"a":1,}]}"#), .malformed("Lottie: expected a key string at byte 63, found '}'"))
        XCTAssertEqual(refused(head + #"[{"a"}]}"#), .malformed("Lottie: expected ':' at byte 60, found '}'"))
        XCTAssertEqual(refused(head + "[]} 7"), .malformed("Lottie: unexpected '7' at byte 59 after the top-level object"))
        XCTAssertEqual(refused(head + #"[{"a":"#), .truncated("Lottie: the JSON ends at byte 61 inside an unclosed object"))
        XCTAssertEqual(refused(head + #"["abc"#), .truncated("Lottie: the string at byte 56 is not closed"))
        XCTAssertEqual(refused(#"{"a": -}"#), .malformed("Lottie: a bad number at byte 6"))
        XCTAssertEqual(refused("{\"a\": \"tab\there\"}"), .malformed("Lottie: a control character inside the string at byte 6"))
    }

    func testTextIsReadAsRlottieReadsIt() throws {
        // A lone surrogate is no refusal (rlottie reads it), and a key spelled with an escape is not
        // the key the sniffer looks for, so the validator does not count it either.
        XCTAssertEqual(try LottieValidator().validate(LottieFixture.json(layers: #"["\ud800",[1]]"#)).layerCount, 2)
        let escaped = #"{"\u0076":"5","fr":30,"ip":0,"op":10,"w":64,"h":64,"layers":[]}"#
        XCTAssertEqual(refusal(Array(escaped.utf8)), .malformed("Lottie: the top-level key `v` (Bodymovin version) is missing; a string is required"))
    }

    func testLimitsAreRefusalsOfTheirOwnKind() {
        XCTAssertEqual(refusal(LottieFixture.json(w: "9000"))?.isLimit, true)
        XCTAssertEqual(refusal(LottieFixture.json(w: "300"), limits: DecodeLimits(maxDimension: 256))?.isLimit, true)
        XCTAssertEqual(refusal(LottieFixture.json(fr: "0"))?.isLimit, false)
    }

    func testNestingAtTheLimitIsAccepted() throws {
        let depth = LottieValidator.maxDepth - 2   // the top-level object and `layers` take two levels
        let layers = "[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]"
        XCTAssertEqual(try LottieValidator().validate(LottieFixture.json(layers: layers)).layerCount, 1)
    }
}
