import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class FrameDropperTests: XCTestCase {
    private func flat(_ v: UInt8) -> PixelBuffer { PixelBuffer(width: 4, height: 4, fill: RGBA(v, v, v)) }

    func testReducesUniformlyAndKeepsFrameZero() {
        let images = [flat(0), flat(2), flat(200), flat(201), flat(90), flat(91)]
        let dropper = FrameDropper(images: images)
        XCTAssertEqual(dropper.kept(count: 3), [0, 2, 4])        // every 2nd frame
        XCTAssertEqual(dropper.kept(count: 2), [0, 3])           // every 3rd
        XCTAssertEqual(dropper.kept(count: 1), [0])
        XCTAssertEqual(dropper.kept(count: 9), [0, 1, 2, 3, 4, 5])
    }

    /// Issue 19: a 30 fps clip whose frames differ little is reduced to 15, 10, 7.5, 5, 3 and 2 fps with every
    /// frame held equally long (no stall: no hold over 1.5x its neighbours), the loop exact.
    func testAClipWhoseFramesDifferLittleHasNoStall() {
        let images = (0..<30).map { i -> PixelBuffer in var b = flat(100); b[i % 4, 0] = RGBA(101, 100, 100); return b }
        let frames = images.map { AnimationFrame(image: $0, delay: .fps(30)) }
        for keep in FitGeometry.keepCounts(30).dropFirst() {
            let merged = FrameDropper.merge(frames, kept: FrameDropper(images: images).kept(count: keep))
            let holds = merged.map(\.delay.milliseconds)
            XCTAssertEqual(holds.count, keep)
            for (i, hold) in holds.enumerated() {
                for j in [i - 1, i + 1] where holds.indices.contains(j) { XCTAssertLessThanOrEqual(hold, holds[j] * 1.5 + 1e-9) }
            }
            XCTAssertEqual(holds.reduce(0, +), 1000, accuracy: 1e-6)
        }
        XCTAssertEqual(FitGeometry.keepCounts(30), [30, 15, 10, 8, 5, 3, 2])
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
