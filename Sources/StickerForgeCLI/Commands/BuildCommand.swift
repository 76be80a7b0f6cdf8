import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

/// `stickerforge build CATALOG --output DIR`: checks the pack, then writes `DIR/Stickers.xcstickers`
/// (every sequence assembled into an exact APNG, stills losslessly optimised, all 13 icons),
/// `DIR/manifest.json`, `DIR/report.json` and `DIR/report.html`, atomically.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check a pack and write an Xcode-ready catalog with a manifest and reports.",
        discussion: """
            The output folder is written whole into a temporary folder and moved into place, so a failed \
            or interrupted build leaves the previous one intact; sources are never modified. A rebuild \
            reuses the output of stickers whose inputs and settings did not change. Exit 1 when a sticker \
            still breaks an error rule after optimisation (the report says by how much).
            """)

    @OptionGroup var pack: PackOptions

    @Option(help: "The build folder (created, or replaced as a whole when it holds an earlier build).")
    var output: String

    @Option(help: "Deflate effort: fast, default or max (default: the pack's effort setting, else default).")
    var effort: DeflateEffort?

    @Flag(name: .customLong("keep-sequences"), help: "Write .stickersequence folders for Xcode to assemble instead of APNGs.")
    var keepSequences = false

    @Flag(name: .customLong("convert-gif-jpeg"), help: "Convert GIF and JPEG stickers to PNG/APNG instead of copying them.")
    var convertGIFAndJPEG = false

    @OptionGroup var fitFlags: FitFlags

    @Flag(help: "Apply `stickerforge fix` on the way (to a temporary copy; the sources are never modified).")
    var fix = false

    @OptionGroup var fixOptions: FixOptions

    @Option(help: "An image to draw all 13 app icons from (default: the pack's icon setting).")
    var icon: String?

    @OptionGroup var iconOptions: IconOptions

    @Option(help: "Format of the summary on standard output: text, json, sarif, junit, github, gitlab, markdown or xcode.")
    var format: ReportFormat = .text

    @Option(name: .customLong("report"), help: ArgumentHelp("Also write a report file: FORMAT:PATH (repeatable).",
                                                            valueName: "FORMAT:PATH"))
    var reports: [ReportTarget] = []

    @OptionGroup var outputOptions: OutputOptions

    @OptionGroup var xcode: XcodeProjectOptions

    @Option(name: .customLong("platform"), help: ArgumentHelp(
        "Build for a sticker store instead: whatsapp, telegram, signal, discord, line or imessage, each into OUTPUT/<store>/ "
            + "(repeatable; docs/platforms.md).", valueName: "store"))
    var platforms: [PlatformRules] = []

    @Option(help: ArgumentHelp("With --platform, how an animation over a store's duration cap is shortened: speed (every frame kept, "
                               + "played faster), trim (cut at the cap) or auto (speed up by at most 1.34x, else trim).",
                               valueName: "mode"))
    var retime: RetimeMode = .auto

    func run() async throws {
        if platforms.isEmpty { try await buildCatalog(output: output) } else { try await runPlatforms() }
    }

    /// Today's build: the Xcode-ready catalog into `output`.
    func buildCatalog(output: String) async throws {
        let console = Console.standard()
        var (stickerPack, configuration) = try pack.load(console: console)
        let outputs = pack.outputCheck(for: stickerPack, icon: icon, console: console)
        try outputs.folder(output, option: "--output")
        try outputs.reports(reports)
        let project = try xcode.settings(for: stickerPack, console: console)
        // The build draws every icon slot from --icon, so the icon check must not report them empty.
        if let icon { stickerPack.config.icon = icon }
        configuration.appStoreUpload = project != nil
        if let problem = fitFlags.problem(fitEnabled: fitFlags.fit || stickerPack.config.fit || fix) {
            console.err("error: \(problem)")
            throw ExitStatus.unusable
        }
        let source = stickerPack
        var fixes: FixOutcome?
        var staging: FixTarget?
        defer { staging?.discard() }
        let effort = self.effort ?? DeflateEffort(rawValue: stickerPack.config.effort.rawValue) ?? .default
        if fix {
            let fixed = try await BuildFixStage(pack: pack, options: fixOptions, minQuality: fitFlags.minQuality,
                                          timeBudget: fitFlags.timeBudget ?? stickerPack.config.timeBudget, effort: effort)
                .run(stickerPack, configuration: configuration, console: console, quiet: outputOptions.quiet)
            (stickerPack, fixes, staging) = (fixed.outcome.pack, fixed.outcome, fixed.target)
        }
        var checked = await CheckSession(pack: stickerPack, configuration: configuration)
            .run(console: console, quiet: outputOptions.quiet)
        if let fixes { checked.report = checked.report.withFixes(of: fixes.report) }
        // The catalog written says the grid size the build used: --grid-size wins over the pack's.
        if let grid = configuration.gridSizeOverride { stickerPack.gridSize = grid }
        let fit = fitFlags.target(maxBytes: configuration.maxBytes, gridSize: stickerPack.gridSize, effort: effort,
                                  config: stickerPack.config)
        let options = PackBuildOptions(
            outputDirectory: output, effort: effort,
            keepSequences: keepSequences, iconSource: icon ?? stickerPack.config.icon.map { FileIO.join(stickerPack.root, $0) },
            maxBytes: configuration.maxBytes, convertGIFAndJPEG: convertGIFAndJPEG, fit: fit,
            vectorBox: stickerPack.gridSize.maxPixels)
        let progress = ProgressDisplay(label: "building", console: console, quiet: outputOptions.quiet)

        var buildOptions = options
        buildOptions.xcodeProject = project
        buildOptions.iconStyle = iconOptions.style(config: stickerPack.config)
        let plan: BuildPlan
        do {
            plan = try await PackBuilder(options: buildOptions).prepare(stickerPack) {
                progress.update(completed: $0.completed, total: $0.total, current: $0.item)
            }
        } catch {
            progress.finish()
            console.err("error: \(error)")
            throw ExitStatus.unusable
        }
        progress.finish()
        // The build judges file_too_large on what it wrote; icon slots are already reported by the check;
        // a foreign file (WebP...) it converted ships as PNG/APNG, so its unsupported_format is settled.
        // A fitted sticker's file rules are judged on the file it ships (one truth with `check` on the output).
        let built = plan.findings.filter { $0.rule != IconSlotMissingCheck.description.id }
        let amended = plan.truthful(
            checked.report, context: CheckContext(configuration: configuration, gridSize: stickerPack.gridSize),
            added: Self.configured(built, by: configuration) + plan.unsettledFormatFindings(of: checked.report),
            replacing: ["file_too_large", UnsupportedFormatCheck.description.id])
        var report = amended
        report.pack.path = fix ? source.root : amended.pack.path
        let writer = ReportWriter(report: report, subjects: checked.subjects, maxBytes: configuration.maxBytes,
                                  console: console, useColor: outputOptions.color ?? console.stdoutIsTerminal)
        // The HTML report reads the stickers' files from the (repaired) catalog they were checked in.
        let htmlWriter = ReportWriter(report: amended, subjects: checked.subjects, maxBytes: configuration.maxBytes,
                                      console: console, useColor: false)
        // Sequences show in the HTML report as the APNGs just built, not encoded a second time.
        // With --fix, a repaired sticker shows as built too: its "After" is the file the build wrote.
        let repaired = Set((fixes?.report.stickers ?? []).filter { !($0.fixes ?? []).isEmpty }.map(\.name))
        var animations: [String: [UInt8]] = [:]
        for entry in plan.manifest.stickers where entry.format == "apng" || repaired.contains(entry.name) {
            if let bytes = plan.files[entry.file] { animations[entry.name] = bytes }
        }
        // With --fix the HTML report opens with the fix report's before/after section, as `fix --report html`.
        let media = htmlWriter.media(prebuilt: animations)
        let html = fixes.map { FixHTML.render(writer: htmlWriter, outcome: $0, source: source, after: media) }
            ?? htmlWriter.renderHTML(media: media)
        do {
            let outcome = try PackBuilder(options: buildOptions).write(plan, extraFiles: [
                "report.json": writer.fileBytes(.json),
                "report.html": Array(html.utf8),
            ], to: output) { console.err($0) }
            if !outputOptions.quiet { for line in outcome.messages { console.err(line) } }
        } catch {
            console.err("error: \(error)")
            throw ExitStatus.unusable
        }
        console.out(writer.render(format, fullReportHint: FileIO.join(output, "report.json")))
        if !outputOptions.quiet {
            for entry in plan.manifest.stickers {
                if let fitted = entry.fit, !fitted.lossless { console.err("fitted \(ProgressDisplay.printable(entry.name)): \(fitted.summary)") }
            }
            console.err("built \(plan.builtCount) sticker\(plan.builtCount == 1 ? "" : "s")"
                        + (plan.reusedCount > 0 ? ", reused \(plan.reusedCount) unchanged" : "")
                        + " into \(FileIO.join(output, "Stickers.xcstickers")); manifest.json, report.json and report.html beside it")
            if let project {
                let layout = XcodeProjectLayout(settings: project)
                console.err("wrote the Xcode project \(FileIO.join(output, layout.project)) (scheme \"\(project.appName)\", "
                            + "bundle id \(project.bundleID)); open it in Xcode, or see docs/xcode.md for xcodebuild")
            }
        }
        let written = writer.write(reports, html: fix ? html : nil)
        if report.failsGate(strict: configuration.strict) { throw ExitStatus.findings }
        if !written { throw ExitStatus.unusable }
    }

    /// Build findings at the severities the configuration sets for their rules (rules set to `off` drop out).
    static func configured(_ findings: [Finding], by configuration: CheckConfiguration) -> [Finding] {
        findings.compactMap { finding in
            guard let rule = RuleRegistry.description(for: finding.rule) else { return finding }
            let severity = configuration.severity(for: rule)
            if severity == .off { return nil }
            var copy = finding
            copy.severity = severity
            return copy
        }
    }
}
