import ImageCodec
@testable import StickerKit
import XCTest

final class FrameDropperTests: XCTestCase {
    private func flat(_ v: UInt8) -> PixelBuffer { PixelBuffer(width: 4, height: 4, fill: RGBA(v, v, v)) }

    func testDropsTheSmallestChangeKeepsFrameZeroAndTheKeyPose() {
        let images = [flat(0), flat(2), flat(200), flat(201), flat(90)]
        let dropper = FrameDropper(images: images)
        XCTAssertEqual(dropper.kept(count: 4), [0, 1, 2, 4])     // 200 -> 201 is the smallest change
        XCTAssertEqual(dropper.kept(count: 3), [0, 2, 4])        // then 0 -> 2 (201 -> 90 became 200 -> 90)
        XCTAssertEqual(dropper.kept(count: 1), [0])
        XCTAssertEqual(dropper.kept(count: 9), [0, 1, 2, 3, 4])
    }

    func testMergeGivesDroppedTimeToThePreviousKeptFrameExactly() {
        let delays = [FrameDelay(numerator: 1, denominator: 7), .milliseconds(33), .centiseconds(5), .fps(12)]
        let frames = zip([flat(0), flat(1), flat(2), flat(3)], delays).map { AnimationFrame(image: $0, delay: $1) }
        let merged = FrameDropper.merge(frames, kept: [0, 2])
        XCTAssertEqual(merged.map(\.image), [flat(0), flat(2)])
        XCTAssertTrue(merged[0].delay.isSameDuration(as: FrameDelay(numerator: 1, denominator: 7) + .milliseconds(33)))
        XCTAssertTrue(merged[1].delay.isSameDuration(as: .centiseconds(5) + .fps(12)))
        let total = delays.reduce(FrameDelay.zero, +), kept = merged.map(\.delay).reduce(FrameDelay.zero, +)
        XCTAssertTrue(total.isSameDuration(as: kept))
        XCTAssertEqual(FrameDropper.shownFrame(kept: [0, 2], frameCount: 4), [0, 0, 1, 1])
    }
}
