import Foundation
import ImageCodec

/// The committed Lottie fixtures (Tests/ImageCodecTests/Fixtures/Lottie/gen-lottie-fixtures.py) and small hand-made documents.
enum LottieFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Lottie")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A minimal valid Lottie document with the given top-level values (raw JSON text each).
    static func json(v: String = "\"5.5.2\"", fr: String = "30", ip: String = "0", op: String = "4",
                     w: String = "64", h: String = "64", layers: String = "[]", extra: String = "") -> [UInt8] {
        Array("{\"v\":\(v),\"fr\":\(fr),\"ip\":\(ip),\"op\":\(op),\"w\":\(w),\"h\":\(h)\(extra),\"layers\":\(layers)}".utf8)
    }

    /// Peak signal-to-noise ratio over all four channels of two straight-RGBA buffers, in dB.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var sum = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in 0..<min(pa.count, pb.count) { let d = Int(pa[i]) - Int(pb[i]); sum &+= d * d }
            }
        }
        let mse = Double(sum) / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// PSNR over premultiplied colour (R, G, B times alpha, and alpha), as Tests/Oracles/oracle-lottie-web.py
    /// measures it; 99 dB for identical buffers.
    static func premultipliedPSNR(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var sum = 0.0
        for i in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            let aa = Double(a.pixels[i + 3]) / 255, ba = Double(b.pixels[i + 3]) / 255
            for c in 0..<3 { let d = Double(a.pixels[i + c]) * aa - Double(b.pixels[i + c]) * ba; sum += d * d }
            let d = Double(a.pixels[i + 3]) - Double(b.pixels[i + 3]); sum += d * d
        }
        let mse = sum / Double(a.pixels.count)
        return mse == 0 ? 99 : min(99, 10 * log10(255 * 255 / mse))
    }

    /// Pixels whose coverage (alpha >= 128) differs beyond 1 px: covered in `reference` with nothing
    /// covered in `image` within 1 px, or the other way round (Tests/Oracles/oracle-lottie-web.py's measure).
    static func coverageDifference(_ image: PixelBuffer, _ reference: PixelBuffer) -> Int {
        func covered(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Bool { p.pixels[(y * p.width + x) * 4 + 3] >= 128 }
        func near(_ p: PixelBuffer, _ x: Int, _ y: Int) -> Bool {
            for dy in -1...1 { for dx in -1...1 {
                let nx = x + dx, ny = y + dy
                if nx >= 0, ny >= 0, nx < p.width, ny < p.height, covered(p, nx, ny) { return true }
            } }
            return false
        }
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width {
            if covered(reference, x, y) && !near(image, x, y) { count += 1 }
            if covered(image, x, y) && !near(reference, x, y) { count += 1 }
        } }
        return count
    }
}
