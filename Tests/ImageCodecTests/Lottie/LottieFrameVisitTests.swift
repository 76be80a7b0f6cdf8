@testable import ImageCodec
import XCTest

/// Lottie through `visitFrames`: frames lent straight from their slots of the helper's shared
/// memory, byte for byte the kept frames, for one-pass files and composited ones alike, and the same
/// bytes whether the helper hands them over in batches or one at a time.
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
            if name != "matte-alpha.json" {
                let size = (summary.width, summary.height)
                XCTAssertEqual(buffers.count, LottieRenderProcess.slots(width: size.0, height: size.1, frames: seen),
                               "\(name): every frame lent from its slot of the frame memory, no copy")
            }
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

    /// A 64 x 64 document of `frames` frames: a rounded, 60% opaque rectangle moving corner to corner
    /// (edges and the fill both partly transparent, so un-premultiplying divides).
    private func moving(frames: Int) -> [UInt8] {
        let layer = """
            [{"ty":4,"ind":1,"ip":0,"op":\(frames),"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},\
            "p":{"a":1,"k":[{"t":0,"s":[0,0,0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":\(frames),"s":[64,64,0]}]},\
            "a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},"shapes":[{"ty":"rc","d":1,"p":{"a":0,"k":[0,0]},\
            "s":{"a":0,"k":[30,20]},"r":{"a":0,"k":4}},{"ty":"fl","c":{"a":0,"k":[0.9,0.3,0.1,1]},"o":{"a":0,"k":60},"r":1}]}]
            """
        return LottieFixture.json(op: "\(frames)", layers: layer)
    }

    /// The helper's batches (a note for every half of the slots, rounded up; a credit a note) give exactly the
    /// frames of handing them over one at a time (one slot), and of a decode that keeps them, for
    /// canvases from 16 to 800 px and frame counts that the batch does not divide (fewer and more
    /// frames than slots, so freed slots are reused).
    func testBatchedFramesAreTheOneAtATimeFramesByteForByte() throws {
        let pool = LottieRendererPool()
        for (frames, box) in [(7, 16), (101, 24), (13, 100), (37, 300), (9, 512), (5, 800)] {
            let bytes = moving(frames: frames)
            let batched = LottieDecoder(renderers: pool)
            var single = batched
            single.slotsOverride = 1
            let slots = LottieRenderProcess.slots(width: box, height: box, frames: frames)
            let batch = (slots + 1) / 2
            XCTAssertNotEqual(frames % batch, 0, "\(box) px: the batch of \(batch) does not divide \(frames) frames")
            func visited(_ decoder: LottieDecoder) throws -> (frames: [[UInt8]], buffers: Int) {
                var out: [[UInt8]] = [], buffers = Set<UnsafePointer<UInt8>>()
                _ = try decoder.visitFrames(bytes, format: .lottie, fitting: box) { frame in
                    XCTAssertEqual(frame.index, out.count)
                    out.append(Array(frame.pixels))
                    buffers.insert(frame.pixels.baseAddress!)
                }
                return (out, buffers.count)
            }
            let (inBatches, slotsUsed) = try visited(batched), (oneByOne, oneSlot) = try visited(single)
            let kept = try batched.decode(bytes, format: .lottie, fitting: box).frames.map(\.image.pixels)
            XCTAssertEqual(inBatches.count, frames, "\(box) px")
            XCTAssertEqual(slotsUsed, slots, "\(box) px: \(slots) slots")
            XCTAssertEqual(oneSlot, 1, "\(box) px: one slot")
            XCTAssertTrue(inBatches == oneByOne, "\(box) px, \(frames) frames: batched frames differ from one at a time")
            XCTAssertTrue(inBatches == kept, "\(box) px, \(frames) frames: visited frames differ from kept ones")
            // The frames are worth comparing: they move, and they hold partly transparent pixels.
            XCTAssertNotEqual(inBatches.first, inBatches.last, "\(box) px")
            XCTAssertTrue(stride(from: 3, to: inBatches[frames / 2].count, by: 4).contains { (1...254).contains(inBatches[frames / 2][$0]) },
                          "\(box) px: partly transparent pixels")
        }
        XCTAssertEqual(pool.idleCount, 1, "one helper rendered every size, batched or not")
    }
}
