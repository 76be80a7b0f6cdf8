import Foundation
import ImageCodec

/// When STICKERFORGE_ENCODER_DUMP names a folder, round-trip tests also write their encoded file
/// and expected frames (`frame_NN.rgba`) there, so independent decoders (Pillow via
/// Tests/Oracles/crosscheck-encoder.py, pngcheck) can check them. Does nothing otherwise.
enum EncoderTestDump {
    static func write(_ bytes: [UInt8], expected: [PixelBuffer], name: String) throws {
        guard let root = ProcessInfo.processInfo.environment["STICKERFORGE_ENCODER_DUMP"] else { return }
        // Test names differ by platform ("-[A b]" or "A.b"); a loop may reuse a line, so add the size.
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        let folder = URL(fileURLWithPath: root).appendingPathComponent("\(safe)-\(bytes.count)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: folder.appendingPathComponent("encoded.png"))
        for (index, frame) in expected.enumerated() {
            try Data(frame.pixels).write(to: folder.appendingPathComponent(String(format: "frame_%02d.rgba", index)))
        }
    }
}
