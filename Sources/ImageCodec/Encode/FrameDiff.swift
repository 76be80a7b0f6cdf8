/// Pixel comparisons between a target frame and the canvas a decoder holds before drawing it.
enum FrameDiff {
    /// The smallest rectangle holding every pixel that differs, or nil when the images are equal.
    /// Both images must have the same size.
    static func changedBounds(_ target: PixelBuffer, _ canvas: PixelBuffer) -> PixelRegion? {
        let w = target.width, h = target.height
        var minX = w, minY = h, maxX = -1, maxY = -1
        target.pixels.withUnsafeBytes { t in
            canvas.pixels.withUnsafeBytes { c in
                for y in 0..<h {
                    let row = y * w * 4
                    var first = -1, last = -1
                    for x in 0..<w where t.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        != c.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self) {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    minY = min(minY, y); maxY = y
                    minX = min(minX, first); maxX = max(maxX, last)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The pixels to store for `region` so that drawing them with `blend` over `canvas` shows
    /// exactly `target` in every conforming decoder, or nil when `blend` cannot do that.
    ///
    /// Blend-over is exact per pixel when the stored pixel is opaque (it replaces), when it is
    /// fully transparent over an unchanged pixel (it leaves the canvas alone), or when the canvas
    /// under it is fully transparent (over onto nothing is the source itself).
    static func regionPixels(target: PixelBuffer, canvas: PixelBuffer, region: PixelRegion,
                             blend: BlendOp) -> PixelBuffer? {
        let patch = target.cropped(to: region)
        guard blend == .over else { return patch }
        var out = patch
        let w = target.width
        var exact = true
        canvas.pixels.withUnsafeBufferPointer { c in
            out.pixels.withUnsafeMutableBufferPointer { o in
                for row in 0..<region.height where exact {
                    var ci = ((region.y + row) * w + region.x) * 4, oi = row * region.width * 4
                    for _ in 0..<region.width {
                        let same = o[oi] == c[ci] && o[oi + 1] == c[ci + 1] && o[oi + 2] == c[ci + 2]
                            && o[oi + 3] == c[ci + 3]
                        if same {
                            o[oi] = 0; o[oi + 1] = 0; o[oi + 2] = 0; o[oi + 3] = 0
                        } else if o[oi + 3] != 255 && c[ci + 3] != 0 {
                            exact = false
                            break
                        }
                        ci += 4; oi += 4
                    }
                }
            }
        }
        return exact ? out : nil
    }

    /// `image` with `region` cleared to transparent black (dispose_op background).
    static func cleared(_ image: PixelBuffer, _ region: PixelRegion) -> PixelBuffer {
        var out = image
        let zeros = [UInt8](repeating: 0, count: region.width * 4)
        for y in region.y..<region.maxY {
            let i = (y * image.width + region.x) * 4
            out.pixels.replaceSubrange(i..<i + zeros.count, with: zeros)
        }
        return out
    }

    /// `image` with `region` copied from `source` (dispose_op previous).
    static func restored(_ image: PixelBuffer, _ region: PixelRegion, from source: PixelBuffer) -> PixelBuffer {
        var out = image
        for y in region.y..<region.maxY {
            let i = (y * image.width + region.x) * 4
            out.pixels.replaceSubrange(i..<i + region.width * 4, with: source.pixels[i..<i + region.width * 4])
        }
        return out
    }
}
