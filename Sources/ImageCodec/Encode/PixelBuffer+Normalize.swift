extension PixelBuffer {
    /// The same image with the colour of every fully transparent pixel set to black.
    ///
    /// A pixel with alpha 0 is invisible whatever its colour, so the encoder writes it as
    /// transparent black: the encoder does NOT preserve the RGB of alpha-0 pixels. Compare decoded
    /// output with `normalizedTransparent()` of the input, never with the raw input.
    public func normalizedTransparent() -> PixelBuffer {
        // Already normalized (most decodes and every quantised frame): no copy. A fit encodes the
        // same 90-frame video many times, and each copy was a whole animation's worth of memory.
        let clean = pixels.withUnsafeBufferPointer { p -> Bool in
            var i = 0
            while i < p.count {
                if p[i + 3] == 0 && (p[i] | p[i + 1] | p[i + 2]) != 0 { return false }
                i += 4
            }
            return true
        }
        if clean { return self }
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                if p[i + 3] == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0 }
                i += 4
            }
        }
        return copy
    }

    /// Whether the two buffers show the same picture: same size, and equal pixels except that
    /// fully transparent pixels are equal whatever their colour.
    public func isVisuallyIdentical(to other: PixelBuffer) -> Bool {
        guard width == other.width, height == other.height else { return false }
        return normalizedTransparent().pixels == other.normalizedTransparent().pixels
    }
}
