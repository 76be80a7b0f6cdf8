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
        let target: FixTarget
        do {
            target = try FixTarget(source: stickerPack.root, output: output, dryRun: dryRun, sources: outputs.rules.sources) { console.err($0) }
        } catch {
            throw console.fail(error)
        }
        let explicit = try pack.config.map { path -> PackConfig in
            do { return try PackConfig.load(from: path) } catch { throw console.fail(error) }
        }
        let fixer = PackFixer(configuration: configuration, settings: fixOptions.settings(minQuality: minQuality, effort: effort),
                              toolVersion: StickerForgeCommand.version)
        let progress = ProgressDisplay(label: "fixing", console: console, quiet: outputOptions.quiet)
        progress.update(completed: 0, total: stickerPack.stickers.count, current: stickerPack.name)
        var outcome: FixOutcome
        do { outcome = try await fixer.fix(stickerPack, explicitConfig: explicit, into: target.staging) } catch {
            progress.finish()
            target.discard()
            throw console.fail(SessionError.fixFailed(reason: target.userText("\(error)", shown: output ?? stickerPack.root)))
        }
        progress.finish()
        outcome.report.pack.path = output ?? stickerPack.root
        outcome.problems = outcome.problems.map { target.userText($0, shown: output ?? stickerPack.root) }
        let writer = ReportRenderer(report: outcome.report, subjects: outcome.subjects, maxBytes: configuration.maxBytes,
                                    useColor: outputOptions.color ?? console.stdoutIsTerminal)
        // The HTML report needs the repaired pixels: it is rendered before the copy moves or goes.
        let html = reports.contains { $0.format == .html } ? writer.renderFixHTML(outcome: outcome, source: stickerPack) : nil
        do {
            let published = try target.commit()
            if !outputOptions.quiet { for line in published.messages { console.err(line) } }
        } catch {
            throw console.fail(error)
        }
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
        if outcome.report.failsGate(strict: configuration.strict) { throw ExitStatus.findings }
        if !written { throw ExitStatus.unusable }
    }
}

/// `fix --format`: the standard-output formats of a fix report.
enum FixOutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
