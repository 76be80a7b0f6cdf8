import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge convert FILES... --output-dir DIR [--to apng|png|webp|webm]`: GIFs (and APNGs, PNGs,
/// JPEGs, WebPs...) to optimised APNG/PNG by default, or to WebP or WebM, keeping every frame's timing
/// and the loop count; one bad file never stops the rest.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert GIF, APNG, PNG, JPEG and WebP files to optimised, exact APNG or PNG, or to WebP or WebM.",
        discussion: """
            name.gif becomes name.png (everything before the last dot is kept, so a.b.gif and a.c.gif do \
            not collide; two inputs that would still share an output name are reported, never overwritten). \
            Sources are only read; outputs are written atomically. --to webp writes lossless WebP (lossy with \
            --fit --lossy when lossless is over --max-bytes); --to webm writes VP9 with alpha (constant quality, \
            or two-pass aimed at --max-bytes with --fit).
            """)

    @Argument(help: "Files to convert.")
    var files: [String]

    @Option(name: .customLong("output-dir"), help: "Folder for the converted files (created if missing).")
    var outputDir: String

    @Option(help: "Output format: apng, png, webp or webm (default: APNG for animations, PNG for stills).")
    var to: ConvertFormat?

    @Option(help: "Deflate effort: fast, default or max.")
    var effort: DeflateEffort = .default

    @OptionGroup var fitFlags: FitFlags

    @OptionGroup var fitLimits: FitLimitFlags

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        _ = try fitLimits.target(fitFlags, effort: effort)
    }

    func run() async throws {
        let console = Console.standard()
        let fit = try fitLimits.target(fitFlags, effort: effort)
        // Lottie and TGS render straight at the grid cell: --grid-size with --fit, else large (618 px).
        let converter = StickerConverter(effort: effort, fit: fit, vectorBox: (fit?.gridSize ?? .large).maxPixels,
                                         format: to)
        try OutputCheck(rules: OutputGuard(sources: files.map { .init($0, role: "the input") }), console: console)
            .folder(outputDir, option: "--output-dir")
        do { try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true) } catch {
            throw console.fail(CommandFailure.cannotCreate(path: outputDir, reason: error))
        }
        let progress = ProgressDisplay(label: "converting", console: console, quiet: outputOptions.quiet)
        let inputs = BatchInputs(files, workingDirectory: FileManager.default.currentDirectoryPath)
        let chosen = sharding.selection(inputs)
        let outcomes = await converter.convertFiles(files, to: outputDir, only: sharding.shard == nil ? nil : chosen) {
            progress.update(completed: $0.completed, total: $0.total, current: $0.item)
        }
        progress.finish()
        var failed = 0
        var entries: [ManifestSticker] = [], failures: [BatchFailure] = []
        for (index, outcome) in zip(chosen, outcomes) {
            let source = inputs.relativePaths[index]
            switch outcome.result {
            case .success(let r):
                entries.append(BatchManifest.entry(
                    file: URL(fileURLWithPath: outcome.output).lastPathComponent, source: source, format: r.format.rawValue,
                    width: r.width, height: r.height, frames: r.framesWritten, durationMs: r.loopDurationMs,
                    loops: r.loopCount, bytes: r.bytes, fit: r.fit))
                let kind = r.loopDurationMs > 0 || r.format == .apng
                    ? "\(r.format.displayName), \(r.framesWritten) frames, \(String(format: "%.0f", r.loopDurationMs)) ms per loop, "
                        + (r.loopCount == 0 ? "loops forever" : "\(r.loopCount) plays") : r.format.displayName
                console.out("\(ProgressDisplay.printable(outcome.input)) -> \(ProgressDisplay.printable(outcome.output)): "
                            + "\(r.width)x\(r.height) \(kind), \(r.bytes.count) bytes\n"
                            + (r.fit?.indentedText ?? ""))
            case .failure(let error):
                failed += 1
                // AssemblyError names the file itself; anything else gets the input's name.
                let message = error is AssemblyError ? "\(error)" : "\(outcome.input): \(error)"
                console.say(CommandFailure.item(message: ProgressDisplay.printable(message)))
                failures.append(BatchFailure(input: source, error: message))
            }
        }
        let wroteManifest = sharding.write(entries, failures: failures, command: "convert", outputDir: outputDir,
                                           console: console)
        if failed > 0 {
            console.err("\(failed) of \(outcomes.count) files failed; "
                        + (failed == outcomes.count ? "nothing was converted." : "the others were converted."))
            throw ExitStatus.findings
        }
        if !wroteManifest { throw ExitStatus.unusable }
    }
}
