import ImageCodec

/// The `edge_halo` measure (docs/rules.md): how many pixels along the alpha edge are much darker
/// or lighter than the opaque artwork right next to them, the trace of a matte colour (or of
/// premultiplied alpha saved as straight alpha).
struct HaloMeasure: Equatable, Sendable {
    /// Edge pixels that had opaque artwork nearby to compare with.
    var judged = 0
    /// Edge pixels darker than their reference by at least `lumaDifference`.
    var darker = 0
    /// Edge pixels lighter than their reference by at least `lumaDifference`.
    var lighter = 0

    /// Luma difference (0-255 scale) from which an edge pixel counts as carrying a matte.
    static let lumaDifference = 64
    /// Frames analysed at most, evenly spaced, to bound the work on long animations.
    static let maxFrames = 16

    /// Share of judged edge pixels that carry a matte (0 when none were judged).
    var share: Double { judged == 0 ? 0 : Double(darker + lighter) / Double(judged) }

    /// How one edge pixel (a visible pixel next to a fully transparent one) was judged.
    enum EdgeVerdict: Equatable, Sendable {
        /// No opaque interior pixel nearby to compare with.
        case unjudged
        /// Close to the artwork next to it.
        case clean
        /// Darker than the artwork next to it by at least `lumaDifference`.
        case darker
        /// Lighter than the artwork next to it by at least `lumaDifference`.
        case lighter
    }

    /// Adds the measure of one frame.
    mutating func add(_ buffer: PixelBuffer) {
        Self.visitEdges(of: buffer) { _, verdict in
            switch verdict {
            case .unjudged: return
            case .clean: judged += 1
            case .darker: judged += 1; darker += 1
            case .lighter: judged += 1; lighter += 1
            }
        }
    }

    /// Lowest alpha an edge pixel needs to be judged: fainter pixels barely show on any background.
    static let minEdgeAlpha: UInt8 = 16
    /// How far (in pixels, Chebyshev distance) to look for the opaque artwork an edge pixel belongs to.
    static let referenceRadius = 3

    /// Calls `visit` with the pixel index (y * width + x) and verdict of every edge pixel, in
    /// row order. The HTML report's overlay marks the same pixels the rule counts.
    ///
    /// An edge pixel is partially transparent (alpha 16-254): the anti-aliased or feathered rim
    /// where a matte shows. Its reference is the mean luma of the nearest fully opaque pixels within
    /// 3 px (all those at the smallest distance), the artwork it fades out of.
    static func visitEdges(of buffer: PixelBuffer, _ visit: (Int, EdgeVerdict) -> Void) {
        let w = buffer.width, h = buffer.height
        guard w > 0, h > 0 else { return }
        buffer.pixels.withUnsafeBufferPointer { p in
            func luma(_ i: Int) -> Int { (2126 * Int(p[i]) + 7152 * Int(p[i + 1]) + 722 * Int(p[i + 2])) / 10_000 }
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    let alpha = p[i * 4 + 3]
                    guard alpha >= minEdgeAlpha, alpha < 255 else { continue }
                    var sum = 0, count = 0
                    for r in 1...referenceRadius where count == 0 {
                        for ny in max(0, y - r)...min(h - 1, y + r) {
                            let ring = ny == y - r || ny == y + r
                            var nx = max(0, x - r)
                            while nx <= min(w - 1, x + r) {
                                let j = ny * w + nx
                                if p[j * 4 + 3] == 255 { sum += luma(j * 4); count += 1 }
                                // Inside the ring only its left and right columns are at distance r.
                                nx += ring || nx == x + r ? 1 : max(1, x + r - nx)
                            }
                        }
                    }
                    guard count > 0 else { visit(i, .unjudged); continue }
                    let difference = luma(i * 4) * count - sum
                    if difference <= -lumaDifference * count {
                        visit(i, .darker)
                    } else if difference >= lumaDifference * count {
                        visit(i, .lighter)
                    } else {
                        visit(i, .clean)
                    }
                }
            }
        }
    }

    /// The measure over an image's frames (at most `maxFrames`, evenly spaced).
    static func of(_ image: DecodedImage) -> HaloMeasure {
        var measure = HaloMeasure()
        let n = image.frames.count
        let picked = n <= maxFrames ? Array(0..<n) : (0..<maxFrames).map { $0 * n / maxFrames }
        for index in picked { measure.add(image.frames[index].image) }
        return measure
    }
}
