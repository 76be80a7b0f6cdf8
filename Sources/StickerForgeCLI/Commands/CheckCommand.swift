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

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let console = Console.standard()
        let (stickerPack, configuration) = try pack.load(console: console)
        let result = await CheckSession(pack: stickerPack, configuration: configuration)
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

/// Loads every sticker (with progress), then checks the pack; keeps the loaded subjects for the
/// HTML report and `watch`.
struct CheckSession {
    let pack: StickerPack
    let configuration: CheckConfiguration

    func run(console: Console, quiet: Bool) async -> (report: CheckReport, subjects: [StickerSubject]) {
        let checker = PackChecker(configuration: configuration, toolVersion: StickerForgeCommand.version)
        let progress = ProgressDisplay(label: "checking", console: console, quiet: quiet)
        let loaded = await checker.loadSubjects(of: pack) { done, total, name in
            progress.update(completed: done, total: total, current: name)
        }
        progress.finish()
        let report = await checker.run(subjects: loaded.subjects, icons: loaded.icons, pack: pack)
        return (report, loaded.subjects)
    }
}

extension CheckReport {
    /// Whether CI should fail: any error finding, or any warning under `--strict`.
    func failsGate(strict: Bool) -> Bool {
        summary.errors > 0 || (strict && summary.warnings > 0)
    }
}
