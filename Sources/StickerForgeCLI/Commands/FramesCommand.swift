import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge frames FILE --output-dir DIR`: every composited frame as a PNG plus `frames.json`,
/// the disassembler users know from apngdis.
struct FramesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Write each composited frame of an image as frame_000.png ... plus frames.json.")

    @Argument(help: "A PNG, APNG, GIF or JPEG file.")
    var file: String

    @Option(name: .customLong("output-dir"), help: "Folder to write the frames into (created if missing).")
    var outputDir: String

    /// A write that failed inside the frame visitor: reported against the output folder.
    private struct WriteFailure: Error { let underlying: Error }

    func run() async throws {
        let console = Console.standard()
        let outputs = OutputCheck(rules: OutputGuard(sources: [.init(file, role: "the input")]), console: console)
        try outputs.folder(outputDir, option: "--output-dir")
        if FileIO.kind(of: outputDir).exists, !FileIO.kind(of: outputDir).isDirectory {
            throw console.fail(CommandFailure.notAFolder(option: "--output-dir", path: outputDir))
        }
        // Frame at a time: each frame is written as it is decoded (WebM keeps one frame in memory).
        let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast, draft: true))
        let summary: DecodedSummary
        do {
            let bytes = try FileIO.read(file, maxBytes: DecodeLimits.default.maxFileBytes)
            var madeFolder = false
            summary = try ImageDecoder().visitFrames(bytes) { frame in
                do {
                    if !madeFolder {
                        try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true)
                        madeFolder = true
                    }
                    let image = PixelBuffer(width: frame.width, height: frame.height, pixels: Array(frame.pixels))
                    let target = outputDir + "/" + Self.frameName(frame.index)
                    try OutputGuard(sources: []).checkFile(target, option: "the frame", kind: .png)
                    try FileIO.writeAtomically(try encoder.encode(image), to: target)
                } catch { throw WriteFailure(underlying: error) }
            }
        } catch let failure as WriteFailure {
            throw console.fail(CommandFailure.at(path: outputDir, reason: failure.underlying), exit: ExitStatus.findings)
        } catch {
            throw console.fail(CommandFailure.at(path: file, reason: error), exit: ExitStatus.findings)
        }
        do {
            let entries = summary.delays.enumerated().map { FramesManifest.Frame(file: Self.frameName($0), delay: $1) }
            let manifest = FramesManifest(canvas: .init(width: summary.width, height: summary.height),
                                          loopCount: summary.loopCount, frames: entries)
            try OutputGuard(sources: []).checkFile(outputDir + "/frames.json", option: "the frame list", kind: .json)
            try FileIO.writeAtomically(try manifest.jsonBytes(), to: outputDir + "/frames.json")
            console.out("\(entries.count) frame\(entries.count == 1 ? "" : "s") written to \(outputDir)\n")
        } catch {
            throw console.fail(CommandFailure.at(path: outputDir, reason: error), exit: ExitStatus.findings)
        }
    }

    private static func frameName(_ index: Int) -> String { String(format: "frame_%03d.png", index) }
}

/// The shape of `frames.json`.
struct FramesManifest: Encodable {
    struct Canvas: Encodable { let width: Int; let height: Int }
    struct Frame: Encodable {
        let file: String
        let delayMs: Double
        let delayNumerator: Int
        let delayDenominator: Int
        init(file: String, delay: FrameDelay) {
            self.file = file
            self.delayMs = (delay.milliseconds * 1000).rounded() / 1000
            self.delayNumerator = delay.numerator
            self.delayDenominator = delay.denominator
        }
    }
    let canvas: Canvas
    let loopCount: Int
    let frames: [Frame]

    func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }
}
