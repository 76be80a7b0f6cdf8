import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `check` measures every sticker of a batch in workspaces it reuses (`FrameMeasurer.Workspace`,
/// `NearestOpaqueMap.Scratch`): nothing a frame leaves in them may change the next frame's measure.
final class MeasureWorkspaceTests: XCTestCase {
    /// The `edge_halo` examples' frames (soft edges, mattes and clean art), and each again on a
    /// canvas 3 px wider and taller (clear), in its top left corner and then in its bottom right:
    /// frames of one size but other shapes follow each other, and sizes change between them.
    private static let frames: [PixelBuffer] = {
        let frames = EdgeHaloCheck.exampleFrames()
        return frames + frames.flatMap { frame in
            [0, 3].map { offset in
                var bigger = PixelBuffer(width: frame.width + 3, height: frame.height + 3)
                for y in 0..<frame.height { for x in 0..<frame.width { bigger[x + offset, y + offset] = frame[x, y] } }
                return bigger
            }
        }
    }()

    private func measure(_ frame: PixelBuffer, in workspace: FrameMeasurer.Workspace) -> HaloMeasure? {
        var measurer = FrameMeasurer(measuresHalo: true, workspace: workspace)
        frame.pixels.withUnsafeBufferPointer { measurer.add($0, width: frame.width, height: frame.height, expected: 1) }
        return measurer.haloMeasure
    }

    /// Every frame measured in one workspace measures as it does in a fresh workspace.
    func testAReusedWorkspaceMeasuresAsAFreshOne() {
        let frames = Self.frames
        XCTAssertGreaterThan(Set(frames.map { "\($0.width)x\($0.height)" }).count, 2)
        XCTAssertTrue(zip(frames, frames.dropFirst()).contains { $0.width == $1.width && $0.height == $1.height })
        let shared = FrameMeasurer.Workspace()
        var judged = 0
        for frame in frames {
            let fresh = measure(frame, in: FrameMeasurer.Workspace())
            XCTAssertEqual(measure(frame, in: shared), fresh, "\(frame.width)x\(frame.height)")
            judged += fresh?.judged ?? 0
        }
        XCTAssertGreaterThan(judged, 500)
    }

    /// A scratch whose samples were given back hands them to the next frame's model, which finds the
    /// samples a fresh scratch finds.
    func testRecycledSamplesAreTheFreshSamples() throws {
        let scratch = NearestOpaqueMap.Scratch()
        for frame in Self.frames {
            let fresh = EdgeMatteModel.samples(of: frame)
            let reused = EdgeMatteModel.samples(of: frame, scratch: scratch)
            XCTAssertEqual(reused.map(\.index), fresh.map(\.index))
            XCTAssertEqual(reused.map(\.observed), fresh.map(\.observed))
            XCTAssertEqual(reused.map(\.reference), fresh.map(\.reference))
            XCTAssertEqual(reused.map(\.distance), fresh.map(\.distance))
            XCTAssertEqual(reused.map(\.drift), fresh.map(\.drift))
            scratch.recycle(reused)
        }
        XCTAssertGreaterThan(scratch.byteCount, 0)
    }

    /// The pool hands back the workspace it was given, and does not keep one grown past its limit.
    func testThePoolKeepsOnlyWorkspacesWithinItsLimit() throws {
        let frame = try XCTUnwrap(Self.frames.max { $0.pixelCount < $1.pixelCount })
        let pool = FrameMeasurer.WorkspacePool(maxKeptBytes: 18 * frame.pixelCount + 64 * frame.pixelCount * 2)
        let first = pool.take()
        _ = measure(frame, in: first)
        pool.give(first)
        XCTAssertTrue(pool.take() === first)
        pool.give(first)
        let small = FrameMeasurer.WorkspacePool(maxKeptBytes: first.byteCount - 1)
        small.give(first)
        XCTAssertFalse(small.take() === first)
    }
}
