import ImageCodec
import XCTest

/// The frame-at-a-time path (`ImageDecoder.visitFrames`) lends each frame from one reused buffer;
/// its pixels, delays and facts must be exactly those of the kept decode.
final class WebMFrameVisitTests: XCTestCase {
    private func assertVisitMatchesDecode(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = try WebMFixtureTests.bytes(name + ".webm")
        let kept = try ImageDecoder().decode(bytes)
        var visited = 0, buffers = Set<UnsafePointer<UInt8>>()
        let summary = try ImageDecoder().visitFrames(bytes) { frame in
            XCTAssertEqual(frame.index, visited, name, file: file, line: line)
            XCTAssertEqual(frame.width, kept.width, file: file, line: line)
            XCTAssertEqual(frame.height, kept.height, file: file, line: line)
            XCTAssertEqual(frame.expectedFrames, kept.frames.count, "\(name): every block is a shown frame", file: file, line: line)
            XCTAssertTrue(Array(frame.pixels) == kept.frames[frame.index].image.pixels, "\(name) frame \(frame.index)", file: file, line: line)
            buffers.insert(frame.pixels.baseAddress!)
            visited += 1
        }
        XCTAssertEqual(visited, kept.frames.count, name, file: file, line: line)
        XCTAssertGreaterThan(visited, 1, name, file: file, line: line)
        XCTAssertEqual(buffers.count, 1, "\(name): one buffer reused for every frame", file: file, line: line)
        XCTAssertEqual(summary, DecodedSummary(kept), name, file: file, line: line)
    }

    func testVisitedFramesAreTheKeptFramesByteForByte() throws {
        // 4:2:0 (VP9, VP8), alpha (VP9, VP8), 4:4:4, 10 bits (the table converter), GBR, BT.709 full range.
        for name in ["vp9-opaque", "vp8-opaque-odd", "vp9-alpha", "vp8-alpha", "vp9-444", "vp9-10bit", "vp9-gbr", "vp9-bt709-full"] {
            try assertVisitMatchesDecode(name)
        }
    }

    func testAVisitorErrorEndsTheDecode() throws {
        struct Stop: Error {}
        var calls = 0
        XCTAssertThrowsError(try ImageDecoder().visitFrames(try WebMFixtureTests.bytes("vp9-alpha.webm")) { _ in
            calls += 1
            throw Stop()
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(calls, 1)
    }

    /// Formats decoded whole lend their frames in turn, with the same summary.
    func testOtherFormatsVisitTheirDecodedFrames() throws {
        let png = try ImageDecoder().decode(try WebMFixtureTests.bytes("vp9-alpha.ref.png"))
        let bytes = try WebMFixtureTests.bytes("vp9-alpha.ref.png")
        var seen: [[UInt8]] = []
        let summary = try ImageDecoder().visitFrames(bytes) { seen.append(Array($0.pixels)) }
        XCTAssertEqual(seen, png.frames.map(\.image.pixels))
        XCTAssertEqual(summary, DecodedSummary(png))
    }
}
