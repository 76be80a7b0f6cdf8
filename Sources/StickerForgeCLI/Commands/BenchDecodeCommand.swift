import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge bench-decode` (hidden): decodes files in process, for Scripts/bench/bench-decode.sh, so
/// the comparison with the plain C decode loop excludes process start-up on both sides.
struct BenchDecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-decode",
        abstract: "Time in-process decoding of files (benchmark support).",
        shouldDisplay: false)

    @Option(help: "How many times to decode every file.")
    var iterations = 3

    @Option(name: .customLong("fit-box"), help: "Render vector files (Lottie, TGS) to fit this square.")
    var fitBox: Int?

    @Flag(name: .customLong("frame-at-a-time"),
          help: "Decode through ImageDecoder.visitFrames (one reused frame buffer where the format allows) instead of keeping every frame.")
    var frameAtATime = false

    @Argument(help: "Files to decode.")
    var files: [String]

    func run() async throws {
        let console = Console.standard()
        var inputs: [[UInt8]] = []
        for file in files {
            do { inputs.append(try FileIO.read(file)) } catch { console.err("skipped: \(error)") }
        }
        let decoder = ImageDecoder()
        var failed = 0, frames = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            for bytes in inputs {
                do {
                    if frameAtATime {
                        frames += try decoder.visitFrames(bytes, options: DecodeOptions(fitBox: fitBox)) { _ in }.delays.count
                    } else {
                        frames += try decoder.decode(bytes, options: DecodeOptions(fitBox: fitBox)).frames.count
                    }
                } catch { failed += 1 }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        console.out(String(format: "%.4f seconds, %d files x %d iterations, %d failed (%d frames)\n",
                                      seconds, inputs.count, iterations, failed, frames))
    }
}
