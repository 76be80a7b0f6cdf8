import ImageCodec
import StickerCore

/// What the transparency rules and the summary need of one frame, measured in one pass over its
/// pixels when the subject is made, so that no rule walks the same pixels again: the alpha facts
/// and the hash of the frame's bytes (`PixelDigest`), each strip of rows hashed right after its
/// alpha was read, while it is still in the cache.
public struct FrameAlphaScan: Equatable, Sendable {
    /// Whether any pixel has alpha below 255.
    public var hasTransparency: Bool
    /// The smallest rectangle holding every pixel with alpha >= 1, nil when the frame is invisible.
    public var contentBounds: PixelRegion?
    /// The same for visible content (alpha >= `visibleAlpha`), nil when there is none.
    public var visibleBounds: PixelRegion?
    /// Whether any pixel is an edge pixel `edge_halo` judges (alpha 16-254).
    public var hasEdgePixels: Bool
    /// The frame's size and the hash of its RGBA bytes.
    public var digest: PixelDigest.Frame

    /// Bytes hashed at a time: rows are gathered into strips of about this size so that the hash is
    /// fed large blocks while the strip just scanned is still in the first-level cache.
    static let stripBytes = 16 << 10

    /// The alpha from which a pixel is visible content for `content_touches_edge`.
    public static let visibleAlpha: UInt8 = 128

    /// The scan of `buffer`.
    public init(_ buffer: PixelBuffer) {
        self = buffer.pixels.withUnsafeBufferPointer { FrameAlphaScan($0, width: buffer.width, height: buffer.height) }
    }

    /// The scan of a frame lent by a frame-at-a-time decode: `pixels` is `width * height` straight
    /// RGBA pixels, row-major.
    public init(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        precondition(pixels.count == width * height * 4, "a frame of \(width)x\(height) px is \(width * height * 4) bytes")
        var content = Bounds(), visible = Bounds()
        var transparent = false, edge = false
        let hasher = PixelHasher()
        let rowBytes = width * 4
        let stripRows = max(1, Self.stripBytes / max(1, rowBytes))
        let p = pixels
        let bytes = UnsafeRawBufferPointer(p)
        var stripStart = 0
        while stripStart < height {
            let stripEnd = min(height, stripStart + stripRows)
            for y in stripStart..<stripEnd {
                let rowStart = y &* rowBytes
                // The row's first and last pixel at each threshold; the rows between need no look.
                var firstContent = -1, lastContent = -1, firstVisible = -1, lastVisible = -1
                var x = 0
                while x < width {
                    // Four pixels at a time where all four are opaque or all four clear; a mix is
                    // looked at pixel by pixel.
                    if x &+ AlphaBlock.pixels <= width {
                        switch AlphaBlock.kind(of: bytes, at: rowStart &+ x &* 4) {
                        case .opaque:
                            if firstContent < 0 { firstContent = x }
                            if firstVisible < 0 { firstVisible = x }
                            lastContent = x &+ AlphaBlock.pixels &- 1; lastVisible = lastContent
                            x &+= AlphaBlock.pixels
                            continue
                        case .clear:
                            transparent = true
                            x &+= AlphaBlock.pixels
                            continue
                        case .mixed: break
                        }
                    }
                    for x in x..<min(width, x &+ AlphaBlock.pixels) {
                        let a = p[rowStart &+ x &* 4 &+ 3]
                        if a != 255 {
                            transparent = true
                            if a >= EdgeMatteModel.minEdgeAlpha { edge = true }
                        }
                        if a != 0 {
                            if firstContent < 0 { firstContent = x }
                            lastContent = x
                            if a >= Self.visibleAlpha {
                                if firstVisible < 0 { firstVisible = x }
                                lastVisible = x
                            }
                        }
                    }
                    x &+= AlphaBlock.pixels
                }
                content.add(row: y, first: firstContent, last: lastContent)
                visible.add(row: y, first: firstVisible, last: lastVisible)
            }
            hasher.update(UnsafeRawBufferPointer(
                rebasing: bytes[(stripStart * rowBytes)..<(stripEnd * rowBytes)]))
            stripStart = stripEnd
        }
        hasTransparency = transparent
        hasEdgePixels = edge
        contentBounds = content.region
        visibleBounds = visible.region
        digest = PixelDigest.Frame(width: width, height: height, hash: hasher.finalize())
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
