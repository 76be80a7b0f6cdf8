import ImageCodec

extension PixelBuffer {
    /// This image scaled to `width` x `height` (`Resampler`: Lanczos-3, premultiplied; reductions in linear light, enlargements in sRGB codes)
    /// and centred on a transparent `canvasWidth` x `canvasHeight` canvas: how `CellPlacement` and
    /// `StorePlacement` place artwork.
    func scaledAndCentred(width: Int, height: Int, canvasWidth: Int, canvasHeight: Int) throws -> PixelBuffer {
        let scaled = width == self.width && height == self.height ? self : try Resampler().resized(self, width: width, height: height)
        guard canvasWidth != width || canvasHeight != height else { return scaled }
        let x = (canvasWidth - width) / 2, y = (canvasHeight - height) / 2
        return PaddingFix.placed(scaled, in: PixelRegion(x: -x, y: -y, width: canvasWidth, height: canvasHeight))
    }
}
