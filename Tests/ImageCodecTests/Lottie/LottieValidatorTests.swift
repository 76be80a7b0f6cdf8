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
