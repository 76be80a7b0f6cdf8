@testable import ImageCodec
import XCTest

/// Lottie through `visitFrames`: frames copied out of the helper's shared memory into one reused
/// buffer, byte for byte the kept frames, for one-pass files and composited ones alike.
final class LottieFrameVisitTests: XCTestCase {
    func testVisitedFramesAreTheKeptFramesByteForByte() throws {
        for (name, box) in [("wide.json", nil), ("shapes.json", 64), ("matte-alpha.json", 48), ("fractional.json", nil)] {
            let bytes = try LottieFixture.bytes(name)
            let decoder = ImageDecoder()
            let kept = try decoder.decode(bytes, options: DecodeOptions(fitBox: box))
            var seen = 0, buffers = Set<UnsafePointer<UInt8>>()
            let summary = try decoder.visitFrames(bytes, options: DecodeOptions(fitBox: box)) { frame in
                XCTAssertEqual(frame.index, seen, name)
                XCTAssertEqual(frame.expectedFrames, kept.frames.count, name)
                XCTAssertTrue(Array(frame.pixels) == kept.frames[frame.index].image.pixels, "\(name) frame \(frame.index)")
                buffers.insert(frame.pixels.baseAddress!)
                seen += 1
            }
            XCTAssertEqual(seen, kept.frames.count, name)
            XCTAssertEqual(summary, DecodedSummary(kept), name)
            if name != "matte-alpha.json" { XCTAssertEqual(buffers.count, 1, "\(name): one buffer for every frame") }
        }
    }

    func testAVisitorErrorEndsTheRenderAndTheNextFileRenders() throws {
        struct Stop: Error {}
        let decoder = ImageDecoder()
        let bytes = try LottieFixture.bytes("wide.json")
        XCTAssertThrowsError(try decoder.visitFrames(bytes) { _ in throw Stop() }) { XCTAssertTrue($0 is Stop, "\($0)") }
        XCTAssertEqual(decoder.lottieRenderers.idleCount, 0, "a helper left mid-job is not reused")
        XCTAssertEqual(try decoder.decode(bytes).frames.count, 6)
    }
}
