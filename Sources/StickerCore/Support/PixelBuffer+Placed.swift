import ImageCodec

extension PixelBuffer {
    /// This image scaled to `width` x `height` (`Resampler`: Lanczos-3, premultiplied; reductions in linear light, enlargements in sRGB codes)
    /// and centred on a transparent `canvasWidth` x `canvasHeight` canvas: how `CellPlacement` and
    /// `StorePlacement` place artwork.
    package func scaledAndCentred(width: Int, height: Int, canvasWidth: Int, canvasHeight: Int) throws -> PixelBuffer {
        let scaled = width == self.width && height == self.height ? self : try Resampler().resized(self, width: width, height: height)
        guard canvasWidth != width || canvasHeight != height else { return scaled }
        let x = (canvasWidth - width) / 2, y = (canvasHeight - height) / 2
        return Self.placed(scaled, in: PixelRegion(x: -x, y: -y, width: canvasWidth, height: canvasHeight))
    }

    /// `buffer` drawn into a transparent canvas of `region`'s size at offset (-x, -y).
    package static func placed(_ buffer: PixelBuffer, in region: PixelRegion) -> PixelBuffer {
        var out = PixelBuffer(width: region.width, height: region.height)
        for y in 0..<buffer.height {
            let ty = y - region.y
            guard ty >= 0, ty < region.height else { continue }
            for x in 0..<buffer.width {
                let tx = x - region.x
                if tx >= 0, tx < region.width { out[tx, ty] = buffer[x, y] }
            }
        }
        return out
    }
}
