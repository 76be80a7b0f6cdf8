import ImageCodec

/// Pixel measurements shared by the transparency rules.
enum PixelScan {
    /// A side of the canvas.
    enum Side: Int, CaseIterable, Comparable {
        case top, right, bottom, left
        var name: String { ["top", "right", "bottom", "left"][rawValue] }
        static func < (a: Side, b: Side) -> Bool { a.rawValue < b.rawValue }
    }

    /// The smallest rectangle holding every pixel with alpha >= `minAlpha`, nil when none does.
    static func bounds(of buffer: PixelBuffer, minAlpha: UInt8) -> PixelRegion? {
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

    /// The canvas sides on which some pixel has alpha >= `minAlpha`.
    static func sidesTouched(by buffer: PixelBuffer, minAlpha: UInt8) -> Set<Side> {
        guard let box = bounds(of: buffer, minAlpha: minAlpha) else { return [] }
        var sides: Set<Side> = []
        if box.y == 0 { sides.insert(.top) }
        if box.maxX == buffer.width { sides.insert(.right) }
        if box.maxY == buffer.height { sides.insert(.bottom) }
        if box.x == 0 { sides.insert(.left) }
        return sides
    }

    /// Whether every pixel has alpha 0.
    static func isInvisible(_ buffer: PixelBuffer) -> Bool {
        var i = 3
        while i < buffer.pixels.count {
            if buffer.pixels[i] != 0 { return false }
            i += 4
        }
        return true
    }
}
