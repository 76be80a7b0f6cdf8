import ImageCodec

/// Small sources for the tests of fitting stickers into the grid cell (`build --fit`, `scale_into_cell`).
package enum CellFixtures {
    /// A 100x100 Lottie canvas with a 60x60 blue square in the middle, 2 frames at 10 fps.
    package static let smallLottie = """
        {"v":"5.7.0","fr":10,"ip":0,"op":2,"w":100,"h":100,"layers":[{"ddd":0,"ty":4,"ind":0,"sr":1,"ip":0,"op":2,"st":0,\
        "ks":{"a":{"k":[0,0],"a":0},"p":{"k":[0,0],"a":0},"s":{"k":[100,100],"a":0},"r":{"k":0,"a":0},"o":{"k":100,"a":0}},\
        "ao":0,"bm":0,"shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"p":{"k":[50,50],"a":0},"s":{"k":[60,60],"a":0},"r":{"k":0,"a":0}},\
        {"ty":"fl","o":{"k":100,"a":0},"c":{"k":[0.1,0.5,0.9,1],"a":0}},{"ty":"tr","a":{"k":[0,0],"a":0},"p":{"k":[0,0],"a":0},\
        "s":{"k":[100,100],"a":0},"r":{"k":0,"a":0},"o":{"k":100,"a":0}}]}]}]}
        """

    /// A shape with soft shading inset from the border, so no rule about edges or flat fills fires.
    package static func art(_ w: Int, _ h: Int) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        for y in h / 8..<(h - h / 8) { for x in w / 8..<(w - w / 8) { b[x, y] = RGBA(UInt8(40 + x * 150 / w), UInt8(60 + y * 120 / h), 140) } }
        return b
    }

    /// Pixels of `row` whose alpha is neither 0 nor 255: a sharp edge has one per side at most.
    package static func partialAlphaPixels(row y: Int, of image: PixelBuffer) -> Int {
        (0..<image.width).filter { image[$0, y].a != 0 && image[$0, y].a != 255 }.count
    }
}
