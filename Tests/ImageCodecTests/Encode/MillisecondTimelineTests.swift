@testable import ImageCodec
import XCTest

final class MillisecondTimelineTests: XCTestCase {
    func testThirtyFramesASecondCarryTheRoundingForward() throws {
        let timeline = try MillisecondTimeline([FrameDelay](repeating: .fps(30), count: 30))
        XCTAssertEqual(Array(timeline.durations.prefix(6)), [33, 34, 33, 33, 34, 33])
        XCTAssertEqual(timeline.total, 1000)
        XCTAssertEqual(Array(timeline.starts.prefix(4)), [0, 33, 67, 100])
    }

    func testHalvesRoundUpAndMixedDenominatorsStayExact() throws {
        // 1/16 s = 62.5 ms: starts 0, 62.5 -> 63, 125, 187.5 -> 188, 250.
        let timeline = try MillisecondTimeline([FrameDelay](repeating: FrameDelay(numerator: 1, denominator: 16), count: 4))
        XCTAssertEqual(timeline.durations, [63, 62, 63, 62])
        let mixed = try MillisecondTimeline([.centiseconds(7), .fps(24), FrameDelay(numerator: 3, denominator: 7), .zero])
        XCTAssertEqual(mixed.starts, [0, 70, 112, 540, 540])   // 70 + 41.67 = 111.67; + 428.57 = 540.24
    }

    func testNegativeAndOverlongDelaysAreRefused() {
        XCTAssertThrowsError(try MillisecondTimeline([FrameDelay(numerator: -1, denominator: 10)]))
        XCTAssertThrowsError(try MillisecondTimeline([.milliseconds(5000)], maxMilliseconds: 4000))
    }
}
