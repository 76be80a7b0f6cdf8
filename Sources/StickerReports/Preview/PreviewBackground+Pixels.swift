import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerRules

extension PreviewBackground {
    /// An opaque tile of this background, drawn the same way every time (the photo is procedural).
    func tile(width: Int, height: Int) -> PixelBuffer {
        switch self {
        case .dark: return PixelBuffer(width: width, height: height, fill: RGBA(0, 0, 0))
        case .light: return PixelBuffer(width: width, height: height, fill: RGBA(255, 255, 255))
        case .bubble: return PixelBuffer(width: width, height: height, fill: RGBA(11, 132, 255))
        case .checkerboard:
            var tile = PixelBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    tile[x, y] = (x / 8 + y / 8) % 2 == 0 ? RGBA(255, 255, 255) : RGBA(200, 200, 208)
                }
            }
            return tile
        case .photo: return Self.photo(width: width, height: height)
        }
    }

    /// A busy, photo-like backdrop: a diagonal dusk gradient under soft blobs of warm and cool colour
    /// and fine stripes, so that both dark and light fringes show somewhere.
    private static func photo(width: Int, height: Int) -> PixelBuffer {
        let blobs: [(x: Double, y: Double, r: Double, c: (Double, Double, Double))] = [
            (0.2, 0.3, 0.35, (249, 217, 118)), (0.8, 0.2, 0.4, (79, 172, 254)),
            (0.6, 0.8, 0.35, (67, 233, 123)), (0.3, 0.85, 0.3, (250, 112, 154)),
        ]
        var tile = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(max(width - 1, 1)), v = Double(y) / Double(max(height - 1, 1))
                let t = (u + v) / 2
                var r = 43 + (142 - 43) * t, g = 88 + (94 - 88) * t, b = 118 + (60 - 118) * t
                for blob in blobs {
                    let d = ((u - blob.x) * (u - blob.x) + (v - blob.y) * (v - blob.y)).squareRoot() / blob.r
                    let w = max(0, 1 - d) * max(0, 1 - d)
                    r += (blob.c.0 - r) * w; g += (blob.c.1 - g) * w; b += (blob.c.2 - b) * w
                }
                let stripe = (x + 2 * y) % 12 < 2 ? 0.85 : 1.0
                tile[x, y] = RGBA(UInt8(min(255, r * stripe)), UInt8(min(255, g * stripe)), UInt8(min(255, b * stripe)))
            }
        }
        return tile
    }
}
