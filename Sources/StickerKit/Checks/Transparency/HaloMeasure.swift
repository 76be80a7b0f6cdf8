import ImageCodec

/// The `edge_halo` measure (docs/rules.md): how many pixels along the alpha edge are much darker
/// or lighter than the opaque artwork right next to them, the trace of a matte colour (or of
/// premultiplied alpha saved as straight alpha).
struct HaloMeasure: Equatable, Sendable {
    /// Edge pixels that had opaque interior pixels nearby to compare with.
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

    /// Calls `visit` with the pixel index (y * width + x) and verdict of every edge pixel, in
    /// row order. The HTML report's overlay marks the same pixels the rule counts.
    static func visitEdges(of buffer: PixelBuffer, _ visit: (Int, EdgeVerdict) -> Void) {
        let w = buffer.width, h = buffer.height
        guard w > 0, h > 0 else { return }
        let p = buffer.pixels
        // nearClear: some pixel of the 3x3 neighbourhood (inside the canvas) has alpha 0.
        var rowClear = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where p[(y * w + x) * 4 + 3] == 0 {
                for dx in -1...1 where x + dx >= 0 && x + dx < w { rowClear[y * w + x + dx] = true }
            }
        }
        var nearClear = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where rowClear[y * w + x] {
                for dy in -1...1 where y + dy >= 0 && y + dy < h { nearClear[(y + dy) * w + x] = true }
            }
        }
        func luma(_ i: Int) -> Int { (2126 * Int(p[i]) + 7152 * Int(p[i + 1]) + 722 * Int(p[i + 2])) / 10_000 }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                guard nearClear[i], p[i * 4 + 3] > 0 else { continue }
                // Reference: mean luma of interior pixels (opaque, no clear neighbour) within 2 px.
                var sum = 0, count = 0
                for ny in max(0, y - 2)...min(h - 1, y + 2) {
                    for nx in max(0, x - 2)...min(w - 1, x + 2) {
                        let j = ny * w + nx
                        if !nearClear[j] && p[j * 4 + 3] == 255 { sum += luma(j * 4); count += 1 }
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

    /// The measure over an image's frames (at most `maxFrames`, evenly spaced).
    static func of(_ image: DecodedImage) -> HaloMeasure {
        var measure = HaloMeasure()
        let n = image.frames.count
        let picked = n <= maxFrames ? Array(0..<n) : (0..<maxFrames).map { $0 * n / maxFrames }
        for index in picked { measure.add(image.frames[index].image) }
        return measure
    }
}
