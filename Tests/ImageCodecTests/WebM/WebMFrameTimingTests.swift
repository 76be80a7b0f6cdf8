@testable import ImageCodec
import XCTest

/// The WebM timing rule (WebMFrameTiming) and the colour matrix choice (YCbCrMatrix).
final class WebMFrameTimingTests: XCTestCase {
    private typealias Stamp = WebMFrameTiming.Stamp

    private func ms(_ values: [Int]) -> [FrameDelay] { values.map { FrameDelay.milliseconds($0).reduced() } }

    func testGapsThenTheLastFrameByPrecedence() throws {
        let stamps = [Stamp(timestamp: 0, duration: nil), Stamp(timestamp: 40, duration: nil), Stamp(timestamp: 100, duration: 25)]
        let ms1 = Int64(1_000_000)
        XCTAssertEqual(try WebMFrameTiming.delays(stamps, timecodeScale: ms1, defaultDuration: 50_000_000, frameRate: 10),
                       ms([40, 60, 25]), "BlockDuration first")
        var noDuration = stamps; noDuration[2].duration = nil
        XCTAssertEqual(try WebMFrameTiming.delays(noDuration, timecodeScale: ms1, defaultDuration: 50_000_000, frameRate: 10),
                       ms([40, 60, 50]), "then DefaultDuration")
        XCTAssertEqual(try WebMFrameTiming.delays(noDuration, timecodeScale: ms1, defaultDuration: nil, frameRate: 8),
                       ms([40, 60, 125]), "then FrameRate")
        XCTAssertEqual(try WebMFrameTiming.delays(noDuration, timecodeScale: ms1, defaultDuration: nil, frameRate: nil),
                       ms([40, 60, 60]), "then the previous gap")
        XCTAssertEqual(try WebMFrameTiming.delays([Stamp(timestamp: 7, duration: nil)], timecodeScale: ms1,
                                                  defaultDuration: nil, frameRate: nil), [.zero])
    }

    func testTimecodeScaleAndMicrosecondRounding() throws {
        let stamps = [Stamp(timestamp: 0, duration: nil), Stamp(timestamp: 3, duration: nil)]
        // 3 ticks of 1/90,000 s (11,111 ns, not whole microseconds) = 33,333 ns -> 33 us.
        XCTAssertEqual(try WebMFrameTiming.delays(stamps, timecodeScale: 11_111, defaultDuration: nil, frameRate: nil),
                       [FrameDelay(numerator: 33, denominator: 1_000_000), FrameDelay(numerator: 33, denominator: 1_000_000)])
        XCTAssertEqual(WebMFrameTiming.fraction(nanoseconds: 41_666_000), FrameDelay(numerator: 20833, denominator: 500_000))
        XCTAssertEqual(WebMFrameTiming.fraction(nanoseconds: Int64.max), FrameDelay(numerator: 65535, denominator: 1))
    }

    func testBackwardsTimestampsAreMalformed() {
        let stamps = [Stamp(timestamp: 100, duration: nil), Stamp(timestamp: 40, duration: nil)]
        XCTAssertThrowsError(try WebMFrameTiming.delays(stamps, timecodeScale: 1_000_000, defaultDuration: nil, frameRate: nil)) {
            XCTAssertEqual($0 as? CodecError, .malformed("WebM frame 2 has timestamp 40, before frame 1's 100 (ticks)"))
        }
        let huge = [Stamp(timestamp: 0, duration: nil), Stamp(timestamp: Int64.max / 2, duration: nil)]
        XCTAssertThrowsError(try WebMFrameTiming.delays(huge, timecodeScale: 1_000_000, defaultDuration: nil, frameRate: nil))
    }

    func testMatrixPrecedence() {
        // The container's Colour element wins; "unspecified" (2) falls through to the bitstream.
        XCTAssertEqual(YCbCrMatrix.resolve(matrixCoefficients: 1, range: 2, bitstreamColorSpace: 1, bitstreamFullRange: false),
                       .bt709(fullRange: true))
        XCTAssertEqual(YCbCrMatrix.resolve(matrixCoefficients: 2, range: nil, bitstreamColorSpace: 2, bitstreamFullRange: true),
                       .bt709(fullRange: true))
        XCTAssertEqual(YCbCrMatrix.resolve(matrixCoefficients: nil, range: 1, bitstreamColorSpace: 0, bitstreamFullRange: true),
                       .bt601(fullRange: false))
        XCTAssertEqual(YCbCrMatrix.resolve(matrixCoefficients: nil, range: nil, bitstreamColorSpace: 0, bitstreamFullRange: false),
                       .bt601(fullRange: false), "VP8 and untagged VP9: BT.601 limited")
    }
}
