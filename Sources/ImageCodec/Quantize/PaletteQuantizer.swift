import Dispatch

/// Our own colour quantiser: one palette for a whole frame set, built by median cut and refined by
/// k-means in premultiplied Oklab with alpha (`PerceptualColor`). Written here instead of linking
/// libimagequant, which is GPL-3.0-or-later. Deterministic: the same frames and settings always
/// give the same palette and pixels.
public struct PaletteQuantizer: Sendable {
    /// Most palette entries (2...256), a fully transparent entry included when one is needed.
    public var maxColors: Int
    /// k-means rounds after median cut.
    public var iterations: Int

    /// A quantiser for up to `maxColors` colours.
    public init(maxColors: Int = 256, iterations: Int = 8) {
        self.maxColors = maxColors; self.iterations = iterations
    }

    /// One palette for all counted frames. Exact when they hold no more than `maxColors` colours.
    /// A fully transparent entry is kept whenever some pixel is fully transparent, so transparency
    /// stays exact. - Throws: `CodecError.invalidInput` when `maxColors` is outside 2...256.
    public func palette(for census: ColorCensus) throws -> [RGBA] {
        guard (2...256).contains(maxColors) else {
            throw CodecError.invalidInput("palette size \(maxColors) is outside 2...256")
        }
        let h = census.histogram
        if h.keys.count <= maxColors { return h.keys.map { RGBA(censusKey: $0) } }
        let reserve = h.hasTransparent
        var points: [PerceptualColor] = [], weights: [Float] = []
        for (p, w) in zip(h.points, h.weights) where !(reserve && p.alpha < 0.5 / 255) {
            points.append(p); weights.append(w)
        }
        let start = MedianCut.centroids(points, weights: weights, count: maxColors - (reserve ? 1 : 0))
        let refined = KMeansRefiner.refine(start, points: points, weights: weights, iterations: iterations)
        var seen = Set<RGBA>(), out: [RGBA] = reserve ? [.clear] : []
        if reserve { seen.insert(.clear) }
        for c in refined.map(\.rgba) where seen.insert(c).inserted { out.append(c) }
        return out
    }

    /// `images` with every pixel replaced by a palette colour; all frames share `palette`.
    /// - Throws: `CodecError.invalidInput` for an empty palette or more than 256 entries.
    public func remap(_ images: [PixelBuffer], census: ColorCensus, palette: [RGBA],
                      dithering: Dithering = .none) throws -> [PixelBuffer] {
        guard !palette.isEmpty, palette.count <= 256 else {
            throw CodecError.invalidInput("a palette needs 1...256 entries; got \(palette.count)")
        }
        switch dithering {
        case .none:
            let lookup = census.nearestIndices(in: palette)
            let search = NearestColorSearch(palette.map(PerceptualColor.init))
            return try Parallel.map(images.count) { i in
                Self.mapNearest(images[i], census: census, lookup: lookup, search: search, palette: palette)
            }
        case .floydSteinberg(let strength):
            var ditherer = ErrorDiffusion(palette: palette, strength: max(0, min(1, strength)))
            return images.map { ditherer.next($0) }
        }
    }

    /// Palette and remapped frames in one call.
    public func quantize(_ images: [PixelBuffer], dithering: Dithering = .none) throws -> (palette: [RGBA], frames: [PixelBuffer]) {
        let census = ColorCensus(images)
        let colours = try palette(for: census)
        return (colours, try remap(images, census: census, palette: colours, dithering: dithering))
    }

    private static func mapNearest(_ image: PixelBuffer, census: ColorCensus, lookup: [UInt8],
                                   search: NearestColorSearch, palette: [RGBA]) -> PixelBuffer {
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        census.withPositionLookup { position in
            image.pixels.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { o in
                    var lastKey: UInt32 = 0, lastColour = palette[0]
                    var hasLast = false
                    var i = 0
                    while i < p.count {
                        let key = RGBA.censusKey(p, at: i)
                        if !hasLast || key != lastKey {
                            if let at = position(key) {
                                lastColour = palette[Int(lookup[at])]
                            } else {
                                lastColour = palette[search.nearest(PerceptualColor(RGBA(censusKey: key)))]
                            }
                            lastKey = key; hasLast = true
                        }
                        o[i] = lastColour.r; o[i + 1] = lastColour.g; o[i + 2] = lastColour.b; o[i + 3] = lastColour.a
                        i += 4
                    }
                }
            }
        }
        return PixelBuffer(width: image.width, height: image.height, pixels: out)
    }
}
