import XCTest
@testable import ImageCodec

/// `TemporalMerge`: grain averaged over a run of frames, motion held as a cut holds it.
final class TemporalMergeTests: XCTestCase {
    private let merge = TemporalMerge()
    private func flat(_ c: RGBA, _ w: Int = 3, _ h: Int = 2) -> PixelBuffer { PixelBuffer(width: w, height: h, fill: c) }

    /// Differences up to `fullBlendDifference` are averaged with the frames' display times as weights.
    func testGrainIsAveragedByDisplayTime() throws {
        let grey = { (v: UInt8) in RGBA(v, v, v) }
        XCTAssertEqual(try merge.merged([flat(grey(100)), flat(grey(120))], weights: [33, 33]), flat(grey(110)))
        XCTAssertEqual(try merge.merged([flat(grey(100)), flat(grey(130))], weights: [20, 10]), flat(grey(110)))
        XCTAssertEqual(try merge.merged([flat(grey(100)), flat(grey(132)), flat(grey(68))], weights: [0, 0, 0]), flat(grey(100)))
        // All weights zero: equal shares.
        XCTAssertEqual(try merge.merged([flat(grey(100)), flat(grey(110))], weights: [0, 0]), flat(grey(105)))
    }

    /// Between the two thresholds a frame joins with a linearly falling share (half at 48); from
    /// `noBlendDifference` it is left out: a moving hard edge is held, not ghosted.
    func testMotionIsHeldAndTheRampIsLinear() throws {
        let grey = { (v: UInt8) in RGBA(v, v, v) }
        // 148 is 48 over 100: share 1/2, so (100 + 148 / 2) / 1.5 = 116.
        XCTAssertEqual(try merge.merged([flat(grey(100)), flat(grey(148))], weights: [1, 1]), flat(grey(116)))
        XCTAssertEqual(try merge.merged([flat(grey(100)), flat(grey(164))], weights: [1, 1]), flat(grey(100)))
        // A square moving one pixel: where it arrives and where it left, the first frame is kept exactly.
        var a = flat(RGBA(20, 40, 60), 4, 1), b = a
        a[1, 0] = RGBA(250, 250, 250); b[2, 0] = RGBA(250, 250, 250)
        XCTAssertEqual(try merge.merged([a, b, b], weights: [1, 1, 1]), a)
        // Only the channel that moved counts: a change of hue alone is motion too.
        XCTAssertEqual(try merge.merged([flat(RGBA(200, 10, 10)), flat(RGBA(10, 10, 200))], weights: [1, 1]), flat(RGBA(200, 10, 10)))
    }

    /// The average runs on premultiplied values: a transparent pixel thins alpha and adds no colour.
    func testTransparencyThinsAlphaWithoutDarkening() throws {
        let faint = RGBA(100, 150, 200, 20)
        XCTAssertEqual(try merge.merged([flat(faint), flat(.clear)], weights: [1, 1]), flat(RGBA(100, 150, 200, 10)))
        XCTAssertEqual(try merge.merged([flat(.clear), flat(.clear)], weights: [1, 1]), flat(.clear))
        // Opaque stays opaque, whatever the colours averaged.
        let out = try merge.merged([flat(RGBA(10, 20, 30)), flat(RGBA(31, 41, 51)), flat(RGBA(0, 0, 9))], weights: [3, 5, 7])
        XCTAssertTrue(out.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        XCTAssertEqual(out[0, 0], RGBA(12, 18, 27))   // R (10x3 + 31x5 + 0x7) / 15 = 12.3, G 17.7, B 27.2
    }

    func testOneFrameAndIdenticalFramesAreUnchanged() throws {
        var image = flat(RGBA(1, 2, 3, 4), 5, 4)
        image[2, 3] = RGBA(255, 0, 128, 200)
        XCTAssertEqual(try merge.merged([image], weights: [40]), image)
        XCTAssertEqual(try merge.merged([image, image, image], weights: [1, 2, 3]), image)
    }

    func testMismatchedInputIsRefused() {
        XCTAssertThrowsError(try merge.merged([], weights: []))
        XCTAssertThrowsError(try merge.merged([flat(.clear)], weights: [1, 1]))
        XCTAssertThrowsError(try merge.merged([flat(.clear, 2, 2), flat(.clear, 3, 2)], weights: [1, 1]))
    }
}
