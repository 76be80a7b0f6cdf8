import ImageCodec
import StickerCore

/// Pixel measurements shared by the transparency rules and fixes (the rules read one
/// `FrameAlphaScan` per frame; `PaddingFix` measures the frames it is about to crop).
package enum PixelScan {
    /// A side of the canvas.
    enum Side: Int, CaseIterable, Comparable {
        case top, right, bottom, left
        var name: String { ["top", "right", "bottom", "left"][rawValue] }
        static func < (a: Side, b: Side) -> Bool { a.rawValue < b.rawValue }
    }

    /// The smallest rectangle holding every pixel with alpha >= `minAlpha`, nil when none does.
    package static func bounds(of buffer: PixelBuffer, minAlpha: UInt8) -> PixelRegion? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        buffer.pixels.withUnsafeBufferPointer { p in
            for y in 0..<buffer.height {
                var i = y * buffer.width * 4 + 3
                for x in 0..<buffer.width {
                    if p[i] >= minAlpha {
                        if x < minX { minX = x }
                        if x > maxX { maxX = x }
                        if y < minY { minY = y }
                        maxY = y
                    }
                    i += 4
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
