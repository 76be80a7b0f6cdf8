import ImageCodec

/// What the transparency rules and the summary need of one frame's alpha, measured in one pass over
/// its pixels when the subject is made, so that no rule walks the same pixels again.
public struct FrameAlphaScan: Equatable, Sendable {
    /// Whether any pixel has alpha below 255.
    public var hasTransparency: Bool
    /// The smallest rectangle holding every pixel with alpha >= 1, nil when the frame is invisible.
    public var contentBounds: PixelRegion?
    /// The same for visible content (alpha >= `visibleAlpha`), nil when there is none.
    public var visibleBounds: PixelRegion?

    /// The alpha from which a pixel is visible content for `content_touches_edge`.
    public static let visibleAlpha: UInt8 = 128

    /// The scan of `buffer`.
    public init(_ buffer: PixelBuffer) {
        var content = Bounds(), visible = Bounds()
        var transparent = false
        buffer.pixels.withUnsafeBufferPointer { p in
            for y in 0..<buffer.height {
                var i = y * buffer.width * 4 + 3
                // The row's first and last pixel at each threshold; the rows between need no look.
                var firstContent = -1, lastContent = -1, firstVisible = -1, lastVisible = -1
                for x in 0..<buffer.width {
                    let a = p[i]
                    if a != 255 { transparent = true }
                    if a != 0 {
                        if firstContent < 0 { firstContent = x }
                        lastContent = x
                        if a >= Self.visibleAlpha {
                            if firstVisible < 0 { firstVisible = x }
                            lastVisible = x
                        }
                    }
                    i += 4
                }
                content.add(row: y, first: firstContent, last: lastContent)
                visible.add(row: y, first: firstVisible, last: lastVisible)
            }
        }
        hasTransparency = transparent
        contentBounds = content.region
        visibleBounds = visible.region
    }

    /// The canvas sides the visible content lies on.
    func sidesTouched(width: Int, height: Int) -> Set<PixelScan.Side> {
        guard let box = visibleBounds else { return [] }
        var sides: Set<PixelScan.Side> = []
        if box.y == 0 { sides.insert(.top) }
        if box.maxX == width { sides.insert(.right) }
        if box.maxY == height { sides.insert(.bottom) }
        if box.x == 0 { sides.insert(.left) }
        return sides
    }

    private struct Bounds {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

        mutating func add(row: Int, first: Int, last: Int) {
            guard first >= 0 else { return }
            minX = min(minX, first); maxX = max(maxX, last)
            if minY == Int.max { minY = row }
            maxY = row
        }

        var region: PixelRegion? {
            maxX < 0 ? nil : PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
    }
}
