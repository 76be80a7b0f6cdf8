import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge fix CATALOG --output PATH`: repairs what the checks find, in a copy of the catalog
/// in the same form, and reports what was done and what remains. Exit 0 when no error finding
/// remains, 1 when some do, 2 for usage errors and unreadable catalogs.
struct FixCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Repair what the checks find, in a copy of the catalog, and report what changed.",
        discussion: """
            The source catalog is only read. The repaired copy is written whole beside PATH and moved into \
            place; PATH must not exist yet (or be an empty folder). Fixes and what they never do: docs/fix.md.
            """)

    @OptionGroup var pack: PackOptions

    @Option(help: "Where to write the repaired catalog (same form as the input).")
    var output: String?

    @Flag(name: .customLong("dry-run"), help: "Print what would be fixed and what would remain; write nothing.")
    var dryRun = false

    @OptionGroup var fixOptions: FixOptions

    @Option(name: .customLong("min-quality"), help: "Lowest composited SSIM the lossy fit of oversized files accepts (0-1, default 0.90).")
    var minQuality: Double?

    @Option(help: "Deflate effort of the files the fixes write again: fast, default or max (unchanged files are copied as they are).")
    var effort: DeflateEffort = .default

    @Option(help: "Format on standard output: text or json (json: the check report with fixes[] per sticker).")
    var format: FixOutputFormat = .text

    @Option(name: .customLong("report"), help: ArgumentHelp("Also write a report file: FORMAT:PATH with FORMAT text, json or html (repeatable).",
                                                            valueName: "FORMAT:PATH"))
    var reports: [ReportTarget] = []

    @OptionGroup var outputOptions: OutputOptions

    /// What is wrong with the combination of options, or nil. Reported with exit 2 (the issue's
    /// contract for `fix`); values the parser cannot read at all exit 64 as everywhere.
    func usageProblem() -> String? {
        if output == nil && !dryRun { return "give --output PATH for the repaired catalog, or --dry-run" }
        if output != nil && dryRun { return "--dry-run writes nothing; drop --output" }
        if let minQuality, !(0...1).contains(minQuality) { return "--min-quality must be between 0 and 1" }
        if fixOptions.noLossy && minQuality != nil { return "--min-quality goes with the lossy fit; drop --no-lossy" }
        if let bad = reports.first(where: { ![.text, .json, .html].contains($0.format) }) {
            return "--report \(bad.format.rawValue): fix writes text, json or html reports"
        }
        return nil
    }

    func run() async throws {
        let console = Console.standard()
        if let problem = usageProblem() { throw console.fail(CommandFailure.usage(problem)) }
        let (stickerPack, configuration) = try pack.load(console: console)
        let outputs = pack.outputCheck(for: stickerPack, console: console)
        if let output { try outputs.folder(output, option: "--output") }
        try outputs.reports(reports)
        let session = FixSession(pack: stickerPack, configuration: configuration, explicitConfig: pack.config, output: output,
                                 dryRun: dryRun, sources: outputs.rules.sources,
                                 settings: fixOptions.settings(minQuality: minQuality, effort: effort),
                                 wantsHTML: reports.contains { $0.format == .html }, toolVersion: StickerForgeCommand.version)
        let progress = ProgressDisplay(label: "fixing", console: console, quiet: outputOptions.quiet)
        let result: FixSession.Outcome
        do {
            result = try await session.run { event in
                switch event {
                case let .progress(completed, total, item): progress.update(completed: completed, total: total, current: item)
                case .finished: progress.finish()
                case let .waiting(message): console.err(message)
                }
            }
        } catch {
            throw console.fail(error)
        }
        if !outputOptions.quiet { for line in result.publishMessages { console.err(line) } }
        let outcome = result.fix
        var writer = result.renderer
        writer.useColor = outputOptions.color ?? console.stdoutIsTerminal
        let html = result.html
        let context = ReportContext(rules: BuildRules.reportDescriptions, useColor: writer.useColor,
                                    catalogRoot: outcome.report.pack.path)
        switch format {
        case .text: console.out(FixTextReporter().render(outcome, context: context, dryRun: dryRun))
        case .json: console.out(writer.render(.json))
        }
        var written = true
        for report in reports {
            let bytes: [UInt8]
            switch report.format {
            case .html: bytes = Array((html ?? "").utf8)
            case .text:
                let plain = ReportContext(rules: BuildRules.reportDescriptions, useColor: false, catalogRoot: outcome.report.pack.path)
                bytes = Array(FixTextReporter().render(outcome, context: plain, dryRun: dryRun).utf8)
            default: bytes = writer.fileBytes(.json)
            }
            do { try FileIO.writeAtomically(bytes, to: report.path) } catch {
                console.say(CommandFailure.reportUnwritable(format: report.format.rawValue, reason: error))
                written = false
            }
        }
        if result.failsGate { throw ExitStatus.findings }
        if !written { throw ExitStatus.unusable }
    }
}

/// `fix --format`: the standard-output formats of a fix report.
enum FixOutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
