extension ColorPlan {
    /// The unfiltered scanlines of a normalized image in this plan's format, rows back to back.
    /// Every pixel must be representable (the plan was chosen over these pixels).
    func pack(_ image: PixelBuffer) -> [UInt8] {
        let stride = rowBytes(width: image.width)
        var out = [UInt8](repeating: 0, count: stride * image.height)
        let key = transparentKey ?? .clear
        let keySample = colorType == .grayscale ? UInt32(key.r) / UInt32(grayScale) : 0
        image.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<image.height {
                    var si = y * image.width * 4, di = y * stride
                    switch colorType {
                    case .rgba:
                        for k in 0..<image.width * 4 { o[di + k] = p[si + k] }
                    case .rgb:
                        for _ in 0..<image.width {
                            let clear = p[si + 3] == 0
                            o[di] = clear ? key.r : p[si]
                            o[di + 1] = clear ? key.g : p[si + 1]
                            o[di + 2] = clear ? key.b : p[si + 2]
                            si += 4; di += 3
                        }
                    case .grayscaleAlpha:
                        for _ in 0..<image.width {
                            o[di] = p[si]; o[di + 1] = p[si + 3]
                            si += 4; di += 2
                        }
                    case .grayscale, .palette:
                        packSubByte(p, from: si, width: image.width, into: o, at: di, keySample: keySample)
                    }
                }
            }
        }
        return out
    }

    /// One row of 1-channel samples (grey values or palette indices), most significant bits first.
    private func packSubByte(_ p: UnsafeBufferPointer<UInt8>, from start: Int, width: Int,
                             into o: UnsafeMutableBufferPointer<UInt8>, at rowStart: Int, keySample: UInt32) {
        let depth = bitDepth, step = UInt32(grayScale)
        var lastWord: UInt32 = 1, lastSample: UInt32 = 0   // 1 is never a normalized word with a = 0
        var acc: UInt32 = 0, filled = 0, di = rowStart, si = start
        for _ in 0..<width {
            let word = packRGBA(p[si], p[si + 1], p[si + 2], p[si + 3])
            si += 4
            var sample: UInt32
            if word == lastWord {
                sample = lastSample
            } else if colorType == .palette {
                sample = UInt32(indexMap.index(of: word) ?? 0)
            } else {
                sample = word >> 24 == 0 ? keySample : (word & 0xFF) / step
            }
            lastWord = word; lastSample = sample
            acc = acc << UInt32(depth) | sample
            filled += depth
            if filled == 8 { o[di] = UInt8(acc); di += 1; acc = 0; filled = 0 }
        }
        if filled > 0 { o[di] = UInt8(truncatingIfNeeded: acc << UInt32(8 - filled)) }
    }

    /// The image that unfiltered `rows` decode to, as a conforming decoder shows it (tRNS key
    /// pixels become transparent black). Used to verify the whole plan before writing.
    func unpack(_ rows: [UInt8], width: Int, height: Int) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height)
        let stride = rowBytes(width: width), depth = bitDepth, mask = (1 << depth) - 1
        for y in 0..<height {
            for x in 0..<width {
                let base = y * stride
                var px: RGBA
                switch colorType {
                case .rgba:
                    let i = base + x * 4
                    px = RGBA(rows[i], rows[i + 1], rows[i + 2], rows[i + 3])
                case .rgb:
                    let i = base + x * 3
                    px = RGBA(rows[i], rows[i + 1], rows[i + 2])
                    if let key = transparentKey, px == key { px = .clear }
                case .grayscaleAlpha:
                    let i = base + x * 2
                    px = RGBA(rows[i], rows[i], rows[i], rows[i + 1])
                case .grayscale, .palette:
                    let bit = x * depth
                    let sample = Int(rows[base + bit / 8]) >> (8 - depth - bit % 8) & mask
                    if colorType == .palette {
                        px = sample < palette.count ? palette[sample] : RGBA(0, 0, 0, 1)
                    } else {
                        let v = UInt8(sample * grayScale)
                        px = RGBA(v, v, v)
                        if let key = transparentKey, key.r == v { px = .clear }
                    }
                }
                image[x, y] = px.a == 0 ? .clear : px
            }
        }
        return image
    }

    /// PLTE payload (palette type only).
    var plteData: [UInt8]? {
        guard colorType == .palette else { return nil }
        return palette.flatMap { [$0.r, $0.g, $0.b] }
    }

    /// tRNS payload: palette alphas up to the last non-opaque entry, or the key sample(s).
    var trnsData: [UInt8]? {
        switch colorType {
        case .palette:
            guard let last = palette.lastIndex(where: { $0.a != 255 }) else { return nil }
            return palette[...last].map(\.a)
        case .grayscale:
            guard let key = transparentKey else { return nil }
            return [0, UInt8(Int(key.r) / grayScale)]
        case .rgb:
            guard let key = transparentKey else { return nil }
            return [0, key.r, 0, key.g, 0, key.b]
        case .grayscaleAlpha, .rgba:
            return nil
        }
    }
}
