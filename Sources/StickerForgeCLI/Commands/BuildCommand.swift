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

    @Option(help: ArgumentHelp("With --platform, the loop count every animation is written with, 0 = forever, instead of each "
                               + "store's (forever; LINE 1 to 4 plays). A count a store's rule refuses (Signal: any but 0; "
                               + "LINE: 0 or over 4) is refused.", valueName: "n"))
    var loops: Int?

    /// The most plays a loop field holds in every format written (WebP's ANIM loop count is 16 bits).
    static let maxLoops = 65_535

    @Flag(name: .customLong("stills-as-animations"), help: ArgumentHelp(
        "With --platform, for a store that takes packs all still or all animated (WhatsApp, LINE), keep a mixed pack one pack "
            + "by making each still an animation whose frames differ by one alpha level, instead of writing its stills to "
            + "OUTPUT/<store>/static/ and its animations to OUTPUT/<store>/animated/."))
    var stillsAsAnimations = false

    func validate() throws {
        if stillsAsAnimations && platforms.isEmpty {
            throw ValidationError("--stills-as-animations applies to a store build: add --platform whatsapp or --platform line")
        }
        guard let loops else { return }
        guard !platforms.isEmpty else { throw ValidationError("--loops applies to store builds: add --platform") }
        guard (0...Self.maxLoops).contains(loops) else {
            throw ValidationError("--loops must be 0 (forever) to \(Self.maxLoops)")
        }
        for store in platforms { if let refusal = store.refusal(ofLoops: loops) { throw ValidationError(refusal) } }
    }

    func run() async throws {
        if platforms.isEmpty { try await buildCatalog(output: output) } else { try await runPlatforms() }
    }

    /// Today's build: the Xcode-ready catalog into `output` (`CatalogBuildSession`). As a store of
    /// `--platform` (`asStore`), it scales and fits like every other store (`FitRequest.forStore`).
    func buildCatalog(output: String, asStore: Bool = false) async throws {
        let console = Console.standard()
        let (stickerPack, configuration) = try pack.load(console: console)
        let outputs = pack.outputCheck(for: stickerPack, icon: icon, console: console)
        try outputs.folder(output, option: "--output")
        try outputs.reports(reports)
        let session = CatalogBuildSession(pack: stickerPack, configuration: configuration,
                                          request: request(output: output, asStore: asStore, project: try xcode.settings(for: stickerPack, console: console)),
                                          toolVersion: StickerForgeCommand.version)
        let display = SessionEventDisplay(console: console, quiet: outputOptions.quiet)
        let outcome: CatalogBuildOutcome
        do { outcome = try await session.run { display.show($0) } } catch { throw console.fail(error) }
        if !outputOptions.quiet { for line in outcome.publishMessages { console.err(line) } }
        let renderer = ReportRenderer(report: outcome.report, subjects: outcome.subjects, maxBytes: outcome.maxBytes,
                                      useColor: outputOptions.color ?? console.stdoutIsTerminal)
        console.out(renderer.render(format, fullReportHint: FileIO.join(output, "report.json")))
        if !outputOptions.quiet {
            for note in outcome.fitted { console.err("fitted \(ProgressDisplay.printable(note.sticker)): \(note.summary)") }
            console.err("built \(outcome.builtCount) sticker\(outcome.builtCount == 1 ? "" : "s")"
                        + (outcome.reusedCount > 0 ? ", reused \(outcome.reusedCount) unchanged" : "")
                        + " into \(outcome.catalog); manifest.json, report.json and report.html beside it")
            if let (path, project) = outcome.xcodeProject {
                console.err("wrote the Xcode project \(path) (scheme \"\(project.appName)\", "
                            + "bundle id \(project.bundleID)); open it in Xcode, or see docs/xcode.md for xcodebuild")
            }
        }
        let written = ReportWriter(renderer: renderer, console: console).write(reports, html: outcome.fixes != nil ? outcome.html : nil)
        if outcome.failsGate { throw ExitStatus.findings }
        if !written { throw ExitStatus.unusable }
    }

    /// What the flags ask the build session for.
    private func request(output: String, asStore: Bool, project: XcodeProjectSettings?) -> CatalogBuildRequest {
        var request = CatalogBuildRequest(output: output)
        request.effort = effort
        request.keepSequences = keepSequences
        request.convertGIFAndJPEG = convertGIFAndJPEG
        request.fit = asStore ? fitFlags.request.forStore : fitFlags.request
        request.fix = fix ? fixOptions.settings(minQuality: fitFlags.minQuality) : nil
        request.explicitConfig = pack.config
        request.icon = icon
        request.iconBackground = iconOptions.background?.rgba
        request.iconFit = iconOptions.fit
        request.xcodeProject = project
        return request
    }
}
