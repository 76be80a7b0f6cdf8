import ArgumentParser
import Foundation
import StickerKit

/// `stickerforge check CATALOG`: every sticker decoded and checked, all findings reported at once.
/// Exit 0 without error findings, 1 with them (or with warnings under `--strict`), 2 when the
/// catalog cannot be read at all or the command line is wrong.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a sticker pack against Apple's rules and report every finding.",
        discussion: "Rule ids, severities and thresholds: docs/rules.md. Report formats: docs/report-formats.md.")

    @OptionGroup var pack: PackOptions

    @Option(help: "Format on standard output: text, json, sarif, junit or github.")
    var format: ReportFormat = .text

    @Option(name: .customLong("report"), help: ArgumentHelp(
        "Also write a report file: FORMAT:PATH with FORMAT text, json, sarif, junit, github or html (repeatable).",
        valueName: "FORMAT:PATH"))
    var reports: [ReportTarget] = []

    @Option(help: "Stickers decoded and checked at once (default: one per core); peak memory grows with it.")
    var jobs: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() async throws {
        let console = Console.standard()
        let (stickerPack, configuration) = try pack.load(console: console)
        let result = await CheckSession(pack: stickerPack, configuration: configuration, jobs: jobs)
            .run(console: console, quiet: output.quiet)
        let writer = ReportWriter(report: result.report, subjects: result.subjects, maxBytes: configuration.maxBytes,
                                  console: console, useColor: output.color ?? console.stdoutIsTerminal)
        let hint = reports.first { $0.format != .github && $0.format != .text }?.path
        console.out(writer.render(format, fullReportHint: hint))
        let written = writer.write(reports)
        if result.report.failsGate(strict: configuration.strict) { throw ExitStatus.findings }
        if !written { throw ExitStatus.unusable }
    }
}

/// Checks the pack (with progress); keeps the stickers' summaries, not their frames, for the HTML
/// report, which decodes a sticker again when it needs its pixels.
struct CheckSession {
    let pack: StickerPack
    let configuration: CheckConfiguration
    /// Stickers in flight at once; nil for one per core.
    var jobs: Int? = nil

    func run(console: Console, quiet: Bool) async -> (report: CheckReport, subjects: CheckedStickers) {
        var checker = PackChecker(configuration: configuration, toolVersion: StickerForgeCommand.version)
        if let jobs { checker.concurrency = jobs }
        let progress = ProgressDisplay(label: "checking", console: console, quiet: quiet)
        let result = await checker.checkSummarising(pack) { done, total, name in
            progress.update(completed: done, total: total, current: name)
        }
        progress.finish()
        return (result.report, CheckedStickers(summaries: result.summaries, root: pack.root,
                                               limits: configuration.decodeLimits))
    }
}

extension CheckReport {
    /// Whether CI should fail: any error finding, or any warning under `--strict`.
    func failsGate(strict: Bool) -> Bool {
        summary.errors > 0 || (strict && summary.warnings > 0)
    }
}
