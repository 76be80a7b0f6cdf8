import Foundation
import ImageCodec
import XCTest

/// The encoder benchmark, driven by Scripts/bench/bench-encoder.sh. Skipped unless STICKERFORGE_BENCH=1.
///
/// Reads raw RGBA frames (`frame_NN.rgba`, straight alpha, row-major) from
/// STICKERFORGE_BENCH_FRAMES, encodes them at each effort in STICKERFORGE_BENCH_EFFORTS
/// (default "fast,default,max"), writes `ours-<effort>.png` to STICKERFORGE_BENCH_OUT and prints
/// one `BENCH effort bytes wall-seconds cpu-seconds` line per effort.
final class PNGEncoderBenchmarkTests: XCTestCase {
    func testBenchmarkAnimation() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["STICKERFORGE_BENCH"] == "1" else {
            throw XCTSkip("benchmark: set STICKERFORGE_BENCH=1 (Scripts/bench/bench-encoder.sh does)")
        }
        guard let folder = env["STICKERFORGE_BENCH_FRAMES"], let out = env["STICKERFORGE_BENCH_OUT"] else {
            throw XCTSkip("benchmark: STICKERFORGE_BENCH_FRAMES and STICKERFORGE_BENCH_OUT must name folders")
        }
        let side = Int(env["STICKERFORGE_BENCH_SIZE"] ?? "408") ?? 408
        let fps = Int(env["STICKERFORGE_BENCH_FPS"] ?? "12") ?? 12
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".rgba") }.sorted()
        XCTAssertFalse(names.isEmpty, "no .rgba frames in \(folder)")
        let frames = try names.map { name -> AnimationFrame in
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            XCTAssertEqual(bytes.count, side * side * 4, "\(name) is not \(side)x\(side) RGBA")
            return AnimationFrame(image: PixelBuffer(width: side, height: side, pixels: bytes), delay: .fps(fps))
        }
        let efforts = (env["STICKERFORGE_BENCH_EFFORTS"] ?? "fast,default,max").split(separator: ",")
        for name in efforts {
            guard let effort = DeflateEffort(rawValue: String(name)) else {
                XCTFail("unknown effort \(name)"); continue
            }
            let start = Date(), cpuStart = clock()
            let report = try PNGEncoder(options: PNGEncodeOptions(effort: effort))
                .encodeAnimationWithReport(frames, loopCount: 0)
            let seconds = Date().timeIntervalSince(start)
            // Process CPU time over all threads: comparable with single-threaded tools on a busy machine.
            let cpuSeconds = Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC)
            try Data(report.bytes).write(to: URL(fileURLWithPath: "\(out)/ours-\(effort.rawValue).png"))
            let ops = report.frames.map { "\($0.dispose.rawValue.prefix(1))\($0.blend.rawValue.prefix(1))" }
            print(String(format: "BENCH %@ %d %.2f %.2f", effort.rawValue, report.bytes.count, seconds, cpuSeconds),
                  "colour=\(report.colorType)/\(report.bitDepth) frames=\(report.frames.count)",
                  "fallback=\(report.usedSafeFallback) ops=\(ops.joined(separator: ","))")
        }
    }
}
