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

    func run() async throws {
        let console = Console.standard()
        let image: DecodedImage
        do {
            image = try ImageDecoder().decode(FileIO.read(file, maxBytes: DecodeLimits.default.maxFileBytes))
        } catch {
            console.err("error: \(file): \(error)")
            throw ExitStatus.findings
        }
        do {
            try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true)
            let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast, draft: true))
            var entries: [FramesManifest.Frame] = []
            for (index, frame) in image.frames.enumerated() {
                let name = String(format: "frame_%03d.png", index)
                try FileIO.writeAtomically(try encoder.encode(frame.image), to: outputDir + "/" + name)
                entries.append(.init(file: name, delay: frame.delay))
            }
            let manifest = FramesManifest(canvas: .init(width: image.width, height: image.height),
                                          loopCount: image.loopCount, frames: entries)
            try FileIO.writeAtomically(try manifest.jsonBytes(), to: outputDir + "/frames.json")
            console.out("\(image.frames.count) frame\(image.frames.count == 1 ? "" : "s") written to \(outputDir)\n")
        } catch {
            console.err("error: \(outputDir): \(error)")
            throw ExitStatus.findings
        }
    }
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
