import Foundation
import ImageCodec

/// Small sticker-like test images drawn in code (a soft-edged disc with a gradient, an outline
/// and a moving highlight on a transparent canvas), and the metrics the writer tests compare with.
public enum StickerArt {
    /// Frame `phase` of a `width` x `height` sticker; different phases differ in every frame.
    public static func frame(width: Int, height: Int, phase: Int = 0) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height)
        let cx = Double(width) / 2, cy = Double(height) / 2, radius = Double(min(width, height)) * 0.42
        let angle = Double(phase) * 0.6
        let hx = cx + cos(angle) * radius * 0.5, hy = cy + sin(angle) * radius * 0.5
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                let coverage = min(1, max(0, radius - d + 0.5))
                guard coverage > 0 else { continue }
                let outline = d > radius - 3
                let h = max(0, 1 - (((Double(x) - hx) * (Double(x) - hx) + (Double(y) - hy) * (Double(y) - hy)).squareRoot()
                                    / (radius * 0.6)))
                let r = outline ? 30 : UInt8(min(255, 60 + 150 * Double(x) / Double(width) + 90 * h))
                let g = outline ? 20 : UInt8(min(255, 120 + 100 * Double(y) / Double(height) * (1 - h) + 80 * h))
                let b = outline ? 60 : UInt8(min(255, 200 - 120 * Double(x) / Double(width) + 50 * h))
                image[x, y] = RGBA(r, g, b, UInt8((coverage * 255).rounded()))
            }
        }
        return image
    }

    /// PSNR in dB over premultiplied R, G, B and alpha: the colour of a pixel counts as much as it
    /// shows, so colour under transparent pixels (which no viewer shows) does not count.
    public static func premultipliedPSNR(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var sum = 0.0
        for i in 0..<a.pixelCount {
            let aa = Double(a.pixels[i * 4 + 3]), ab = Double(b.pixels[i * 4 + 3])
            for c in 0..<3 {
                let d = Double(a.pixels[i * 4 + c]) * aa / 255 - Double(b.pixels[i * 4 + c]) * ab / 255
                sum += d * d
            }
            sum += (aa - ab) * (aa - ab)
        }
        let mse = sum / Double(a.pixelCount * 4)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The largest alpha difference between two images.
    public static func worstAlphaDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        stride(from: 3, to: a.pixels.count, by: 4).reduce(0) { max($0, abs(Int(a.pixels[$1]) - Int(b.pixels[$1]))) }
    }
}
