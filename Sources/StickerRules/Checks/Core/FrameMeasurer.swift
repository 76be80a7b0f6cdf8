import Foundation
import ImageCodec
import StickerCore

/// What the rules need of a sticker's pixels, taken one frame at a time as a frame-at-a-time decode
/// lends them (`ImageDecoder.visitFrames`), so that `check` holds no frame once it is measured:
/// each frame's alpha scan (with its digest), and `edge_halo`'s measure over the frames it reads
/// (`HaloMeasure.picked(frameCount:)`). The same values `StickerSubject` takes from a decoded
/// image's frames.
struct FrameMeasurer {
    /// Whether `edge_halo`'s measure is taken (the costly part; not when the rule is off).
    let measuresHalo: Bool
    /// One scan per frame added, in order.
    private(set) var scans: [FrameAlphaScan] = []
    private var halo = HaloMeasure()
    private var expected: Int?
    private var picked: Set<Int> = []
    private let workspace: Workspace

    /// A measurer; `measuresHalo` as the property. `workspace` holds the buffers the halo measure
    /// works in; pass one from a `WorkspacePool` so that the stickers of a batch reuse them.
    init(measuresHalo: Bool, workspace: Workspace = Workspace()) {
        self.measuresHalo = measuresHalo; self.workspace = workspace
    }

    /// Measures the next frame: `pixels` is `width * height` straight RGBA pixels, and `expected`
    /// the number of frames the image is expected to have (`FrameVisit.expectedFrames`, or a
    /// sequence's file count), which decides the frames the halo measure reads.
    mutating func add(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, expected count: Int) {
        let index = scans.count
        if expected == nil {
            expected = count
            picked = Set(HaloMeasure.picked(frameCount: count))
        }
        let scan = FrameAlphaScan(pixels, width: width, height: height)
        scans.append(scan)
        if measuresHalo, scan.hasEdgePixels, picked.contains(index) {
            halo.add(workspace.copy(pixels, width: width, height: height), scratch: workspace.map)
        }
    }

    /// The halo measure over the frames added; nil when it was not taken, or when a different number
    /// of frames came than expected (a WebM frame decoded but never shown), so that it read other
    /// frames than `HaloMeasure.of` would: the caller measures the decoded image instead.
    var haloMeasure: HaloMeasure? {
        guard measuresHalo, expected.map({ $0 == scans.count }) ?? true else { return nil }
        return halo
    }
}

extension FrameMeasurer {
    /// The memory the halo measure works in: the nearest-opaque map's buffers and a copy of the
    /// frame being measured (the edge model reads a `PixelBuffer`; a lent frame is only borrowed).
    /// Kept from sticker to sticker, these are written over instead of allocated afresh, which
    /// costs a page fault every 4 KiB. One measurer at a time uses a workspace.
    final class Workspace {
        /// The map's buffers.
        let map = NearestOpaqueMap.Scratch()
        private var frame = PixelBuffer(width: 0, height: 0)

        /// A workspace with nothing allocated yet.
        init() {}

        /// The memory the workspace holds, in bytes: the map's buffers and samples, and the frame.
        var byteCount: Int { map.byteCount + frame.pixels.count }

        /// A copy of the lent frame, in the workspace's frame buffer when it has that size.
        fileprivate func copy(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> PixelBuffer {
            if frame.width == width && frame.height == height {
                frame.pixels.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: pixels) }
            } else {
                frame = PixelBuffer(width: width, height: height, pixels: Array(pixels))
            }
            return frame
        }
    }

    /// Workspaces for the measurers of a batch, shared by the loaders that check it concurrently:
    /// each load takes one and gives it back. A workspace grown past `maxKeptBytes` (a huge canvas,
    /// or many edge samples) is not kept, so one outsize sticker does not hold its memory for the
    /// rest of the batch.
    final class WorkspacePool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [Workspace] = []
        /// The largest workspace kept for reuse, in bytes.
        let maxKeptBytes: Int

        /// About what a 2048 x 2048 canvas needs for the map and the frame (14 and 4 bytes a pixel);
        /// the map's edge samples (a `MemoryLayout` stride each) count against it too.
        static let defaultMaxKeptBytes = 18 * 2048 * 2048

        /// An empty pool.
        init(maxKeptBytes: Int = WorkspacePool.defaultMaxKeptBytes) { self.maxKeptBytes = maxKeptBytes }

        /// A workspace no one else is using.
        func take() -> Workspace {
            lock.withLock { idle.popLast() } ?? Workspace()
        }

        /// Gives back a workspace taken from the pool.
        func give(_ workspace: Workspace) {
            guard workspace.byteCount <= maxKeptBytes else { return }
            lock.withLock { idle.append(workspace) }
        }
    }
}
