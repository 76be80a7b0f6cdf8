/// Colour under fully transparent pixels, made smooth before VP9 sees it.
///
/// A transparent pixel's colour is never shown (WebM composites it with alpha 0), but the colour
/// stream still codes it: a sticker drawn on a transparent black canvas has a hard, moving edge
/// where its soft shadow's alpha reaches 0, and the encoder spends bits on that invisible edge.
/// Pull-push fill (each transparent pixel takes the alpha-weighted mean of the visible pixels
/// around it, from ever coarser levels until one has some) continues the visible colour smoothly
/// into the transparent area; visible pixels (alpha above 0) keep their colour exactly, so what a
/// viewer sees changes only where lossy alpha lets a hidden pixel through, and then it shows the
/// colour next to it instead of black. Integer arithmetic only: the same frames give the same planes.
enum HiddenColourFill {
    /// `image` with every alpha-0 pixel's colour replaced by the fill; `image` itself when it has
    /// no alpha-0 pixel or no visible one.
    static func filled(_ image: PixelBuffer) -> PixelBuffer {
        let (width, height) = (image.width, image.height)
        let src = image.pixels
        var hidden = 0
        for i in stride(from: 3, to: src.count, by: 4) where src[i] == 0 { hidden += 1 }
        guard hidden > 0, hidden < width * height else { return image }
        // Level 0: premultiplied colour sums and alpha weights.
        var levels: [(w: Int, h: Int, sum: [Int], weight: [Int])] = []
        var sum = [Int](repeating: 0, count: width * height * 3), weight = [Int](repeating: 0, count: width * height)
        for p in 0..<(width * height) {
            let a = Int(src[p * 4 + 3])
            weight[p] = a
            for c in 0..<3 { sum[p * 3 + c] = Int(src[p * 4 + c]) * a }
        }
        levels.append((width, height, sum, weight))
        // Pull: halve until one pixel, summing each 2x2 block.
        while levels.last!.w > 1 || levels.last!.h > 1 {
            let fine = levels.last!
            let (w, h) = ((fine.w + 1) / 2, (fine.h + 1) / 2)
            var s = [Int](repeating: 0, count: w * h * 3), wt = [Int](repeating: 0, count: w * h)
            for y in 0..<fine.h {
                for x in 0..<fine.w {
                    let (f, q) = (y * fine.w + x, (y / 2) * w + x / 2)
                    wt[q] += fine.weight[f]
                    for c in 0..<3 { s[q * 3 + c] += fine.sum[f * 3 + c] }
                }
            }
            levels.append((w, h, s, wt))
        }
        // Push: from coarse to fine, an empty pixel takes its parent's mean colour (weight 1 level).
        var mean = [Int](repeating: 0, count: 3)   // the 1x1 level's colour
        let top = levels.last!
        for c in 0..<3 { mean[c] = (top.sum[c] + top.weight[0] / 2) / max(1, top.weight[0]) }
        var parent = mean, parentWidth = 1
        for level in levels.dropLast().reversed() {
            var colour = [Int](repeating: 0, count: level.w * level.h * 3)
            for y in 0..<level.h {
                for x in 0..<level.w {
                    let p = y * level.w + x
                    if level.weight[p] > 0 {
                        for c in 0..<3 { colour[p * 3 + c] = (level.sum[p * 3 + c] + level.weight[p] / 2) / level.weight[p] }
                    } else {
                        let q = (y / 2) * parentWidth + x / 2
                        for c in 0..<3 { colour[p * 3 + c] = parent[q * 3 + c] }
                    }
                }
            }
            parent = colour; parentWidth = level.w
        }
        var out = src
        for p in 0..<(width * height) where src[p * 4 + 3] == 0 {
            for c in 0..<3 { out[p * 4 + c] = UInt8(clamping: parent[p * 3 + c]) }
        }
        return PixelBuffer(width: width, height: height, pixels: out)
    }
}
