import Foundation
import ImageCodec

/// The committed Lottie fixtures (Scripts/gen-lottie-fixtures.py) and small hand-made documents.
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
}
