/// The smallest exact PNG pixel format for a set of frames, and the conversions into and out of it.
///
/// Chosen once over ALL frames, so every frame of an APNG shares one IHDR, one palette and one key.
/// Order of preference: opaque grey (1/2/4/8 bits, optionally a tRNS key), a palette of <= 256
/// RGBA values (transparent entries first so tRNS is short), grey+alpha, RGB (optionally a key),
/// RGBA. For animations a key or a transparent palette entry is added when room exists, so that
/// frames can blend over with invisible unchanged pixels.
struct ColorPlan: Sendable {
    /// IHDR colour type.
    let colorType: PNGColorType
    /// IHDR bit depth: 1, 2, 4 or 8.
    let bitDepth: Int
    /// Palette entries in index order (palette type only).
    let palette: [RGBA]
    /// Grey or RGB: the sample values written for transparent pixels and declared in tRNS
    /// (grey: the value in 0...255 with r = g = b).
    let transparentKey: RGBA?
    /// Palette type: index lookup.
    let indexMap: ColorIndexMap

    /// Whether a fully transparent pixel can be written (needed for blend-over with holes).
    var canWriteTransparent: Bool {
        switch colorType {
        case .grayscaleAlpha, .rgba: return true
        case .palette: return palette.contains { $0.a == 0 }
        case .grayscale, .rgb: return transparentKey != nil
        }
    }

    /// Bits one pixel occupies.
    var bitsPerPixel: Int { colorType.channels * bitDepth }
    /// The filter unit: bytes per complete pixel, at least 1 (PNG's "bpp").
    var filterUnit: Int { max(1, bitsPerPixel / 8) }
    /// Bytes in one unfiltered row of `width` pixels.
    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
    /// Grey divisor: the 8-bit value of one step at this depth.
    var grayScale: Int { 255 / ((1 << bitDepth) - 1) }

    /// 8-bit RGB without a key: for images that must be truecolour (App Store icons).
    static let opaqueRGB = ColorPlan(colorType: .rgb, bitDepth: 8, palette: [], transparentKey: nil, indexMap: ColorIndexMap())

    /// Picks the plan for normalized `images`; `animated` asks for a way to write transparency.
    static func choose(for images: [PixelBuffer], animated: Bool) -> ColorPlan {
        let stats = ColorStatistics(images)
        let wantsKey = stats.anyTransparent || animated
        if stats.allGray && !stats.anyPartialAlpha, let plan = grayPlan(stats, wantsKey: wantsKey) {
            return plan
        }
        if !stats.tooManyColors {
            return palettePlan(stats, addTransparent: animated)
        }
        if stats.allGray {
            return ColorPlan(colorType: .grayscaleAlpha, bitDepth: 8, palette: [], transparentKey: nil,
                             indexMap: ColorIndexMap())
        }
        if !stats.anyPartialAlpha {
            let key = wantsKey ? ColorStatistics.unusedRGB(in: images) : nil
            if key != nil || !stats.anyTransparent {
                return ColorPlan(colorType: .rgb, bitDepth: 8, palette: [], transparentKey: key,
                                 indexMap: ColorIndexMap())
            }
        }
        return ColorPlan(colorType: .rgba, bitDepth: 8, palette: [], transparentKey: nil, indexMap: ColorIndexMap())
    }

    /// The shallowest grey depth holding every grey exactly, plus an unused key value when wanted.
    /// Nil when transparency is present but no depth has a free key value.
    private static func grayPlan(_ stats: ColorStatistics, wantsKey: Bool) -> ColorPlan? {
        for depth in [1, 2, 4, 8] {
            let step = 255 / ((1 << depth) - 1)
            let exact = stats.grayUsed.indices.allSatisfy { !stats.grayUsed[$0] || $0 % step == 0 }
            guard exact else { continue }
            var key: RGBA?
            if wantsKey, let v = stride(from: 0, through: 255, by: step).first(where: { !stats.grayUsed[$0] }) {
                key = RGBA(UInt8(v), UInt8(v), UInt8(v), 255)
            }
            if stats.anyTransparent && key == nil { continue }
            return ColorPlan(colorType: .grayscale, bitDepth: depth, palette: [], transparentKey: key,
                             indexMap: ColorIndexMap())
        }
        return nil
    }

    /// A palette: transparent and translucent entries first (by alpha), so tRNS stops early; opaque
    /// entries by decreasing frequency, ties by value, so the order is deterministic.
    private static func palettePlan(_ stats: ColorStatistics, addTransparent: Bool) -> ColorPlan {
        var map = stats.colors
        var words = [UInt32](repeating: 0, count: map.count)
        map.forEach { word, index in words[index] = word }
        var entries = words.enumerated().map { (word: $0.element, count: stats.counts[$0.offset]) }
        if addTransparent && map.count < 256 && map.index(of: 0) == nil {
            map.insert(0)
            entries.append((0, 0))
        }
        entries.sort { lhs, rhs in
            let la = lhs.word >> 24, ra = rhs.word >> 24
            let lOpaque = la == 255, rOpaque = ra == 255
            if lOpaque != rOpaque { return !lOpaque }
            if !lOpaque { return la != ra ? la < ra : lhs.word < rhs.word }
            return lhs.count != rhs.count ? lhs.count > rhs.count : lhs.word < rhs.word
        }
        for (index, entry) in entries.enumerated() { map.setIndex(index, for: entry.word) }
        let depth = entries.count <= 2 ? 1 : entries.count <= 4 ? 2 : entries.count <= 16 ? 4 : 8
        return ColorPlan(colorType: .palette, bitDepth: depth, palette: entries.map { RGBA(packed: $0.word) },
                         transparentKey: nil, indexMap: map)
    }
}
