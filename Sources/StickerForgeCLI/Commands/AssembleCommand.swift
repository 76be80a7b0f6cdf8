import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge assemble FRAMES... --output FILE.png`, or several frame folders with
/// `--output-dir DIR` (one APNG per folder, in parallel; a failing folder does not stop the rest).
struct AssembleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Assemble frames into an exact, optimised APNG.",
        discussion: """
            Frames are image files or a folder of them (natural order: f2 before f10). Every frame of the \
            output decodes to exactly the input pixels; delays are written exactly as asked. Timing: \
            --fps, --delay or --delays, else a stickerforge.yml beside the frames (fps, delays, duration, \
            loops), else 15 fps.
            """)

    @Argument(help: "Frame files, or one frame folder (several folders with --output-dir).")
    var frames: [String]

    @Option(help: "The APNG to write (single animation).")
    var output: String?

    @Option(name: .customLong("output-dir"), help: "Write one APNG per frame folder into this folder.")
    var outputDir: String?

    @OptionGroup var timing: TimingOptions

    @Option(help: "Deflate effort: fast, default or max.")
    var effort: DeflateEffort = .default

    @OptionGroup var fitFlags: FitFlags

    @OptionGroup var fitLimits: FitLimitFlags

    @OptionGroup var sharding: ShardOptions

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if (output == nil) == (outputDir == nil) { throw ValidationError("give exactly one of --output and --output-dir") }
        if outputDir != nil, let file = frames.first(where: { !FileIO.kind(of: $0).isDirectory }) {
            throw ValidationError("with --output-dir every input must be a frame folder; '\(file)' is not a folder")
        }
        if outputDir != nil {
            var seen: [String: String] = [:]
            for folder in frames {
                let name = URL(fileURLWithPath: folder).lastPathComponent.lowercased()
                if let first = seen[name] {
                    throw ValidationError("'\(first)' and '\(folder)' would both be written as \(name).png; rename one")
                }
                seen[name] = folder
            }
        }
        if outputDir == nil && (sharding.shard != nil || sharding.manifest != nil) {
            throw ValidationError("--shard and --manifest go with --output-dir")
        }
        _ = try fitLimits.target(fitFlags, effort: effort)
    }

    func run() async throws {
        let console = Console.standard()
        let assembler = FrameSequenceAssembler(effort: effort, fit: try fitLimits.target(fitFlags, effort: effort))
        let outputs = OutputCheck(rules: OutputGuard(sources: frames.map { .init($0, role: "the frames") }), console: console)
        if let output { try outputs.file(output, option: "--output", kind: .png) }
        if let outputDir { try outputs.folder(outputDir, option: "--output-dir") }
        if let output {
            do {
                let result: AssemblyResult
                if frames.count == 1, FileIO.kind(of: frames[0]).isDirectory {
                    result = try assembler.assemble(folder: frames[0], timing: timing.timing, loopCount: timing.loops)
                } else {
                    result = try assembler.assemble(files: frames, timing: timing.timing ?? .fps(15), loopCount: timing.loops ?? 0)
                }
                try FileIO.writeAtomically(result.bytes, to: output)
                console.out(Self.summary(result, output: output))
            } catch {
                throw console.fail(error, exit: ExitStatus.findings)
            }
            return
        }
        try await runBatch(outputDir: outputDir ?? ".", assembler: assembler, console: console)
    }

    private func runBatch(outputDir: String, assembler: FrameSequenceAssembler, console: Console) async throws {
        do { try FileManager.default.createDirectory(atPath: outputDir, withIntermediateDirectories: true) } catch {
            throw console.fail(CommandFailure.cannotCreate(path: outputDir, reason: error))
        }
        let progress = ProgressDisplay(label: "assembling", console: console, quiet: outputOptions.quiet)
        let timing = self.timing.timing, loops = self.timing.loops
        let all = frames.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        let inputs = BatchInputs(all, workingDirectory: FileManager.default.currentDirectoryPath)
        let chosen = sharding.selection(inputs)
        let folders = chosen.map { all[$0] }
        let results = await BatchRunner().run(folders, progress: { progress.update(completed: $0.completed, total: $0.total, current: $0.item) }) { folder in
            let result = try assembler.assemble(folder: folder, timing: timing, loopCount: loops)
            let target = FileIO.join(outputDir, URL(fileURLWithPath: folder).lastPathComponent + ".png")
            try OutputGuard(sources: []).checkFile(target, option: "the output", kind: .png)
            try FileIO.writeAtomically(result.bytes, to: target)
            return (result, target)
        }
        progress.finish()
        var failed = 0
        var entries: [ManifestSticker] = [], failures: [BatchFailure] = []
        for (index, result) in zip(chosen, results) {
            let folder = all[index], source = inputs.relativePaths[index]
            switch result {
            case .success(let (r, target)):
                console.out(Self.summary(r, output: target))
                entries.append(BatchManifest.entry(
                    file: URL(fileURLWithPath: target).lastPathComponent, source: source, format: r.format.rawValue,
                    width: r.width, height: r.height, frames: r.framesWritten, durationMs: r.loopDurationMs,
                    loops: r.loopCount, bytes: r.bytes, fit: r.fit))
            case .failure(let error):
                failed += 1
                console.say(CommandFailure.at(path: folder, reason: error))
                failures.append(BatchFailure(input: source, error: "\(folder): \(error)"))
            }
        }
        let wroteManifest = sharding.write(entries, failures: failures, command: "assemble", outputDir: outputDir,
                                           console: console)
        if failed > 0 {
            console.err("\(failed) of \(folders.count) folders failed; the others were written.")
            throw ExitStatus.findings
        }
        if !wroteManifest { throw ExitStatus.unusable }
    }

    static func summary(_ r: AssemblyResult, output: String) -> String {
        let merged = r.framesIn == r.framesWritten ? "" : " (\(r.framesIn - r.framesWritten) identical merged)"
        return "\(ProgressDisplay.printable(output)): \(r.width)x\(r.height), \(r.framesIn) frames\(merged) -> "
            + "\(r.framesWritten) written, \(String(format: "%.0f", r.loopDurationMs)) ms per loop, "
            + "\(r.loopCount == 0 ? "loops forever" : "\(r.loopCount) plays"), \(r.byteCount) bytes\n"
            + (r.fit?.indentedText ?? "")
    }
}
