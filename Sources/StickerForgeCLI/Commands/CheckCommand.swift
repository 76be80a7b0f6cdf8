import ArgumentParser
import Foundation
import StickerKit

/// `stickerforge check PATH...`: every sticker of the catalogs given, and the stickers that given
/// files belong to, decoded and checked, all findings reported at once (docs/ci.md). Exit 0 without
/// error findings, 1 with them (or with warnings under `--strict`), 2 when a path, catalog or
/// baseline cannot be read at all or the command line is wrong.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a sticker pack against Apple's rules and report every finding.",
        discussion: "Rule ids, severities and thresholds: docs/rules.md. Report formats: docs/report-formats.md. "
            + "Files as arguments, baselines and CI recipes: docs/ci.md.")

    @Argument(help: ArgumentHelp(
        "Catalogs (an .xcstickers catalog, a .stickerpack, an .xcassets holding one, or a plain folder of images) "
            + "and sticker files (images, Contents.json, stickerforge.yml), each checked with its pack's settings.",
        valueName: "path"))
    var paths: [String]

    @OptionGroup var pack: PackSettings

    @Option(help: "Format on standard output: text, json, sarif, junit, github, gitlab, markdown or xcode.")
    var format: ReportFormat = .text

    @Option(name: .customLong("report"), help: ArgumentHelp(
        "Also write a report file: FORMAT:PATH with FORMAT text, json, sarif, junit, github, gitlab, markdown, xcode or html (repeatable).",
        valueName: "FORMAT:PATH"))
    var reports: [ReportTarget] = []

    @Option(help: ArgumentHelp("The store to check for: imessage, whatsapp, telegram, signal, discord or line (docs/platforms.md).",
                               valueName: "store"))
    var platform: PlatformRules = .imessage

    @Option(help: "Stickers decoded and checked at once (default: one per core); peak memory grows with it.")
    var jobs: Int?

    @OptionGroup var baseline: BaselineOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give a sticker catalog, a folder of images or sticker files to check") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() async throws {
        let console = Console.standard()
        var plan = CheckPlan(overrides: pack.overrides, jobs: jobs, workingDirectory: FileManager.default.currentDirectoryPath,
                             toolVersion: StickerForgeCommand.version)
        plan.platform = platform
        let progress = ProgressDisplay(label: "checking", console: console, quiet: output.quiet)
        let outcome: CheckPlan.Outcome
        do {
            outcome = try await plan.run(paths, progress: { progress.update(completed: $0, total: $1, current: $2) },
                                         finished: { progress.finish() })
        } catch {
            progress.finish()
            throw console.fail(error)
        }
        for split in outcome.splitFolders {
            console.err("note: \(ProgressDisplay.printable(split.folder)) holds the two packs of a split store build; checking "
                        + split.halves.map(ProgressDisplay.printable).joined(separator: " and ") + " each as its own pack")
        }
        for path in outcome.ignored {
            console.err("note: \(ProgressDisplay.printable(path)) is not part of a sticker catalog; not checked")
        }
        guard let result = outcome.checked else {
            console.err("nothing to check")
            return
        }
        // Read the old baseline before writing a new one: `--baseline F --write-baseline F` reports
        // what is new against F, then records today's findings in F.
        let report = try baseline.apply(to: result.report, root: result.root, covered: result.covered, console: console)
        let wroteBaseline = try baseline.write(result.report, root: result.root, console: console)
        let renderer = ReportRenderer(report: report, subjects: result.subjects, maxBytes: result.maxBytes,
                                      useColor: output.color ?? console.stdoutIsTerminal, catalogRoot: result.root, platform: platform)
        let hint = reports.first { ![.github, .text, .markdown, .xcode].contains($0.format) }?.path
        console.out(renderer.render(format, fullReportHint: hint))
        let written = ReportWriter(renderer: renderer, console: console).write(reports)
        if !wroteBaseline && report.failsGate(strict: pack.strict) { throw ExitStatus.findings }
        if !written { throw ExitStatus.unusable }
    }
}
