import Foundation
import ImageCodec
import StickerCore

/// Artwork with soft edges for the `edge_halo` check's and fix's examples and tests: a
/// multi-coloured disc whose colour turns with the angle, feathered, outlined or rim-shaded.
public enum EdgeExamples {
    /// Side of the example canvases.
    public static let side = 96
    /// Radius of the opaque core.
    public static let core = 28.0

    /// Radius of the opaque core of a disc on a `side` px canvas: 20 px inside the canvas's half side.
    public static func core(side: Int) -> Double { Double(side) / 2 - 20 }

    /// The clean artwork colour at (x, y): hue by angle, each channel 60-240.
    public static func artwork(_ x: Int, _ y: Int, side: Int = side) -> SIMD3<Double> {
        let c = Double(side) / 2
        let angle = atan2(Double(y) + 0.5 - c, Double(x) + 0.5 - c)
        let r = 150 + 90 * cos(angle), g = 150 + 90 * cos(angle - 2.094), b = 150 + 90 * cos(angle + 2.094)
        return SIMD3(r, g, b)
    }

    /// The artwork of a disc.
    public enum Artwork: Sendable {
        /// Hue by angle, each channel 60-240: constant along every radius, so the opaque core's edge
        /// is the artwork under the feather.
        case wheel
        /// Fully saturated hue running diagonally across the canvas (two turns), channels 0-255: the
        /// artwork keeps changing under the feather, up to 5 levels per pixel along a radius.
        case rainbow
    }

    /// The clean colour of `artwork` at (x, y).
    public static func colour(_ artwork: Artwork, _ x: Int, _ y: Int, side: Int) -> SIMD3<Double> {
        switch artwork {
        case .wheel: return self.artwork(x, y, side: side)
        case .rainbow:
            let h = ((Double(x + y) + 1) / Double(side)).truncatingRemainder(dividingBy: 1) * 6
            func channel(_ offset: Double) -> Double {
                let k = (offset + h).truncatingRemainder(dividingBy: 6)
                return 255 * (1 - max(0, min(1, min(k, 4 - k))))
            }
            return SIMD3(channel(5), channel(3), channel(1))
        }
    }

    /// The alpha (0-1) of a disc with an opaque core and a linear feather `feather` px wide.
    public static func alpha(_ x: Int, _ y: Int, feather: Double, side: Int = side) -> Double {
        let c = Double(side) / 2
        let d = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c)).squareRoot()
        return min(1, max(0, (core(side: side) + feather - d) / feather))
    }

    /// The disc with a 14 px feather as exported against `matte` (straight alpha, colour
    /// `a x artwork + (1 - a) x matte`), or clean when `matte` is nil; on a `side` px canvas.
    public static func featheredDisc(matte: RGBA?, feather: Double = 14, side: Int = side, artwork: Artwork = .wheel) -> PixelBuffer {
        partlyMattedDisc(side: side, artwork: artwork, feather: feather) { _, _ in matte }
    }

    /// The disc with each edge pixel exported against `matte(x, y)` (nil: clean there): an edge put
    /// together from parts exported against different mattes, or only partly against one.
    public static func partlyMattedDisc(side: Int = side, artwork: Artwork = .wheel, feather: Double = 14,
                                        matte: (Int, Int) -> RGBA?) -> PixelBuffer {
        render(side: side) { x, y in
            let a = alpha(x, y, feather: feather, side: side)
            let art = colour(artwork, x, y, side: side)
            guard let m = matte(x, y) else { return (art, a) }
            return (a * art + (1 - a) * SIMD3(Double(m.r), Double(m.g), Double(m.b)), a)
        }
    }

    /// The wheel disc exported against black left of 60% of the width and against white right of it.
    public static func twoMatteDisc(side: Int = side) -> PixelBuffer {
        partlyMattedDisc(side: side) { x, _ in x * 10 < side * 6 ? RGBA(0, 0, 0) : RGBA(255, 255, 255) }
    }

    /// The wheel disc with the left 30% of its width exported against black, the rest clean.
    public static func thirdMattedDisc(side: Int = side) -> PixelBuffer {
        partlyMattedDisc(side: side) { x, _ in x * 10 < side * 3 ? RGBA(0, 0, 0) : nil }
    }

    /// A disc with a 3 px opaque dark outline and a 1.5 px anti-aliased outer edge in the outline's colour.
    public static func outlinedDisc() -> PixelBuffer {
        render { x, y in
            let a = alpha(x, y, feather: 1.5)
            let c = Double(side) / 2
            let d = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c)).squareRoot()
            return (d > core - 3 ? SIMD3(25, 20, 30) : artwork(x, y), a)
        }
    }

    /// A disc whose 6 px soft rim is shaded darker (a constant 55% of the artwork) whatever its alpha.
    public static func rimShadedDisc() -> PixelBuffer {
        render { x, y in
            let a = alpha(x, y, feather: 6)
            return (a < 1 ? 0.55 * artwork(x, y) : artwork(x, y), a)
        }
    }

    /// Light artwork with hard edges and dark semi-transparent whiskers drawn out into transparency.
    public static func whiskers() -> PixelBuffer {
        var buffer = render { x, y in (SIMD3(240, 200, 150), alpha(x, y, feather: 1)) }
        let c = side / 2
        for row in [c - 4, c, c + 4] {
            for x in (c + Int(core) - 6)..<(side - 4) {
                let a = UInt8(200 - min(150, (x - c - Int(core) + 6) * 8))
                buffer[x, row] = RGBA(30, 25, 20, max(buffer[x, row].a == 255 ? 255 : 0, a))
            }
        }
        return buffer
    }

    private static func render(side: Int = side, _ pixel: (Int, Int) -> (SIMD3<Double>, Double)) -> PixelBuffer {
        var buffer = PixelBuffer(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let (colour, a) = pixel(x, y)
                let alpha = UInt8((a * 255).rounded())
                guard alpha > 0 else { continue }
                buffer[x, y] = RGBA(byte(colour.x), byte(colour.y), byte(colour.z), alpha)
            }
        }
        return buffer
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }
}
