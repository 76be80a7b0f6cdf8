/// Floyd-Steinberg remapping across frames, in the perceptual space, serpentine.
///
/// Keeps the previous frame's source and output: a pixel whose source is unchanged keeps its
/// previous output exactly and neither takes nor passes error, so still regions do not shimmer.
/// Fully transparent pixels map to the transparent entry (when there is one) with no error.
struct ErrorDiffusion {
    let palette: [RGBA]
    let points: [PerceptualColor]
    let search: NearestColorSearch
    let strength: Float
    let clearIndex: Int?
    private var previousSource: PixelBuffer?
    private var previousOutput: PixelBuffer?

    init(palette: [RGBA], strength: Float) {
        self.palette = palette
        points = palette.map(PerceptualColor.init)
        search = NearestColorSearch(points)
        self.strength = strength
        clearIndex = palette.firstIndex(of: .clear)
    }

    mutating func next(_ image: PixelBuffer) -> PixelBuffer {
        let w = image.width, h = image.height
        var out = PixelBuffer(width: w, height: h)
        let zero = PerceptualColor(l: 0, a: 0, b: 0, alpha: 0)
        var current = [PerceptualColor](repeating: zero, count: w + 2)
        var below = [PerceptualColor](repeating: zero, count: w + 2)
        let prevSrc = previousSource.flatMap { $0.width == w && $0.height == h ? $0 : nil }
        for y in 0..<h {
            let leftToRight = y % 2 == 0
            for step in 0..<w {
                let x = leftToRight ? step : w - 1 - step
                let src = image[x, y]
                if let prevSrc, let prevOut = previousOutput, Self.same(prevSrc[x, y], src) {
                    out[x, y] = prevOut[x, y]
                    continue
                }
                if src.a == 0, let clearIndex {
                    out[x, y] = palette[clearIndex]
                    continue
                }
                var target = PerceptualColor(src) + current[x + 1]
                target.alpha = max(0, min(1, target.alpha))
                let pick = search.nearest(target)
                out[x, y] = palette[pick]
                let e = (target - points[pick]) * strength
                let ahead = leftToRight ? 1 : -1
                current[x + 1 + ahead] = current[x + 1 + ahead] + e * (7 / 16)
                below[x + 1 - ahead] = below[x + 1 - ahead] + e * (3 / 16)
                below[x + 1] = below[x + 1] + e * (5 / 16)
                below[x + 1 + ahead] = below[x + 1 + ahead] + e * (1 / 16)
            }
            current = below
            below = [PerceptualColor](repeating: zero, count: w + 2)
        }
        previousSource = image
        previousOutput = out
        return out
    }

    private static func same(_ p: RGBA, _ q: RGBA) -> Bool { p == q || (p.a == 0 && q.a == 0) }
}
