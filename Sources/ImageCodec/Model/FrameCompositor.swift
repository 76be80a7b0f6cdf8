/// Composites stored frames onto a canvas exactly as the APNG specification describes; GIF frames
/// use the same machinery (blend over with 1-bit alpha, browser-style disposal).
///
/// Regions may reach past the canvas (GIF allows it): the part outside is clipped away.
public struct FrameCompositor: Sendable {
    /// The canvas as it stands before the next frame is drawn.
    public private(set) var canvas: PixelBuffer

    /// A transparent black canvas.
    public init(width: Int, height: Int) {
        canvas = PixelBuffer(width: width, height: height)
    }

    /// Draws `pixels` at `origin` with `blend`, returns the canvas as displayed for this frame, then
    /// applies `dispose` to the region so the canvas is ready for the next frame.
    public mutating func render(_ pixels: PixelBuffer, atX originX: Int, y originY: Int,
                                blend: BlendOp, dispose: DisposeOp) -> PixelBuffer {
        render(pixels, atX: originX, y: originY, blend: blend, dispose: dispose) { $0 }
    }

    /// Draws `pixels` at `origin` with `blend`, lends the canvas as displayed for this frame to
    /// `show`, then applies `dispose` to the region. A `show` that keeps nothing of the canvas
    /// leaves it unshared, so disposing writes it in place instead of copying the whole canvas.
    public mutating func render<Result>(_ pixels: PixelBuffer, atX originX: Int, y originY: Int,
                                        blend: BlendOp, dispose: DisposeOp,
                                        show: (PixelBuffer) throws -> Result) rethrows -> Result {
        let x0 = max(0, originX), y0 = max(0, originY)
        let x1 = min(canvas.width, originX + pixels.width), y1 = min(canvas.height, originY + pixels.height)
        let clip = PixelRegion(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        let saved: PixelBuffer? = (dispose == .previous && !clip.isEmpty) ? canvas.cropped(to: clip) : nil
        if !clip.isEmpty {
            draw(pixels, originX: originX, originY: originY, clip: clip, blend: blend)
        }
        let shown = try show(canvas)
        if !clip.isEmpty {
            switch dispose {
            case .none: break
            case .background: fill(clip, with: .clear)
            case .previous: if let saved { paste(saved, at: clip) }
            }
        }
        return shown
    }

    private mutating func draw(_ src: PixelBuffer, originX: Int, originY: Int, clip: PixelRegion, blend: BlendOp) {
        let cw = canvas.width
        src.pixels.withUnsafeBufferPointer { s in
            canvas.pixels.withUnsafeMutableBufferPointer { d in
                let rowBytes = clip.width * 4
                for y in clip.y..<clip.maxY {
                    var si = ((y - originY) * src.width + (clip.x - originX)) * 4
                    var di = (y * cw + clip.x) * 4
                    if blend == .source {
                        // Source replaces every pixel of the row: one block copy instead of a
                        // per-pixel loop (most APNG frames are blend source).
                        _ = UnsafeMutableBufferPointer(rebasing: d[di..<di + rowBytes])
                            .update(fromContentsOf: UnsafeBufferPointer(rebasing: s[si..<si + rowBytes]))
                        continue
                    }
                    for _ in clip.x..<clip.maxX {
                        if s[si + 3] == 255 {
                            d[di] = s[si]; d[di + 1] = s[si + 1]; d[di + 2] = s[si + 2]; d[di + 3] = s[si + 3]
                        } else if s[si + 3] != 0 {
                            Self.over(s, si, d, di)
                        }
                        si += 4; di += 4
                    }
                }
            }
        }
    }

    /// Straight-alpha "over" with one rounding: out_a = sa + da(1 - sa), out_c = (sc sa + dc da (1 - sa)) / out_a.
    @inline(__always)
    static func over(_ s: UnsafeBufferPointer<UInt8>, _ si: Int, _ d: UnsafeMutableBufferPointer<UInt8>, _ di: Int) {
        let sa = Int(s[si + 3]), da = Int(d[di + 3])
        if da == 0 {
            d[di] = s[si]; d[di + 1] = s[si + 1]; d[di + 2] = s[si + 2]; d[di + 3] = s[si + 3]
            return
        }
        let wd = da * (255 - sa)                 // destination weight, scaled by 255
        let fa = sa * 255 + wd                   // out alpha, scaled by 255
        for c in 0..<3 {
            let num = Int(s[si + c]) * sa * 255 + Int(d[di + c]) * wd
            d[di + c] = UInt8((num + fa / 2) / fa)
        }
        d[di + 3] = UInt8((fa + 127) / 255)
    }

    private mutating func fill(_ r: PixelRegion, with colour: RGBA) {
        // Through one buffer pointer: the pixel subscript checked uniqueness on every pixel.
        let cw = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { d in
            for y in r.y..<r.maxY {
                var di = (y * cw + r.x) * 4
                for _ in r.x..<r.maxX {
                    d[di] = colour.r; d[di + 1] = colour.g; d[di + 2] = colour.b; d[di + 3] = colour.a
                    di += 4
                }
            }
        }
    }

    private mutating func paste(_ p: PixelBuffer, at r: PixelRegion) {
        let rowBytes = r.width * 4
        for row in 0..<r.height {
            let di = ((r.y + row) * canvas.width + r.x) * 4
            canvas.pixels.replaceSubrange(di..<di + rowBytes, with: p.pixels[row * rowBytes..<(row + 1) * rowBytes])
        }
    }
}
