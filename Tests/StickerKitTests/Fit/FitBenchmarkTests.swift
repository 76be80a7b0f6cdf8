import Foundation
import ImageCodec
import StickerKit
import XCTest

/// The fit benchmark, run by Scripts/bench-fit.sh (skipped otherwise): fits each generated
/// animation, then runs the reference pipeline (one pngquant palette for all frames, no dithering,
/// then apngasm, then apngopt) at the largest palette whose output is no bigger than ours, and measures both
/// with the same metric. Writes a TSV row per animation to `$STICKERFORGE_FIT_BENCH/results.tsv`.
final class FitBenchmarkTests: XCTestCase {
    func testBenchmark() throws {
        guard let root = ProcessInfo.processInfo.environment["STICKERFORGE_FIT_BENCH"] else {
            throw XCTSkip("set STICKERFORGE_FIT_BENCH to a folder made by Scripts/gen-fit-anims.py (see Scripts/bench-fit.sh)")
        }
        let limit = Int(ProcessInfo.processInfo.environment["STICKERFORGE_FIT_LIMIT"] ?? "") ?? 500_000
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { name in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + name + "/frame_00.png", isDirectory: &isDir)
        }.sorted()
        var rows = ["name\tlossless_B\tours_B\tours_quality\tours_s\tours_encodes\tours_steps\tref_colours\tref_B\tref_quality\tref_pass_s\tref_search_s\tref_optimised"]
        for name in names {
            let folder = root + "/" + name
            let frames = try (0..<100).compactMap { i -> AnimationFrame? in
                let path = folder + String(format: "/frame_%02d.png", i)
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                let image = try ImageDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                return AnimationFrame(image: image.frames[0].image, delay: .fps(12))
            }
            let grid: GridSize = frames[0].image.width > 408 ? .large : .regular
            let start = Date()
            let fitter = StickerFitter(options: FitOptions(maxBytes: limit, lossy: true, minQuality: 0))
            let ours = try fitter.fit(frames: frames, loopCount: 0, gridSize: grid)
            let oursSeconds = Date().timeIntervalSince(start)
            XCTAssertLessThanOrEqual(ours.bytes.count, limit)
            try Data(ours.bytes).write(to: URL(fileURLWithPath: root + "/\(name)-ours.png"))
            let refStart = Date()
            let ref = try ReferencePipeline(folder: root, name: name, frames: frames).best(atMost: ours.bytes.count)
            let refSeconds = Date().timeIntervalSince(refStart)
            let q = String(format: "%.6f", ours.report.quality)
            rows.append([name, "\(ours.report.losslessBytes)", "\(ours.bytes.count)", q, String(format: "%.1f", oursSeconds),
                         "\(ours.report.encodes)", ours.report.steps.joined(separator: "; "), ref.map { "\($0.colours)" } ?? "-",
                         ref.map { "\($0.bytes)" } ?? "-", ref.map { String(format: "%.6f", $0.quality) } ?? "-",
                         ref.map { String(format: "%.1f", $0.seconds) } ?? "-", String(format: "%.1f", refSeconds),
                         ref.map { $0.optimised ? "apngopt" : "no apngopt" } ?? "-"].joined(separator: "\t"))
        }
        try (rows.joined(separator: "\n") + "\n").write(toFile: root + "/results.tsv", atomically: true, encoding: .utf8)
    }
}
