import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// `stickerforge build` as one library call: checks the pack (after repairing it into a temporary
/// copy with `--fix`), prepares the build, amends the check report with what the build found,
/// renders the reports and writes the build folder with them. Progress and the write's messages go
/// to `events` as they happen; everything else comes back as data in the `Outcome`.
public struct CatalogBuildSession: Sendable {
    /// The pack as read from the sources.
    public var pack: StickerPack
    /// Limits, thresholds, severities (from the pack's settings and the flags).
    public var configuration: CheckConfiguration
    /// What to build and how.
    public var request: CatalogBuildRequest
    /// Version written into the reports.
    public var toolVersion: String

    /// A session building `pack`.
    public init(pack: StickerPack, configuration: CheckConfiguration, request: CatalogBuildRequest, toolVersion: String) {
        self.pack = pack; self.configuration = configuration; self.request = request; self.toolVersion = toolVersion
    }

    /// Runs the build to its end.
    /// - Throws: `SessionError` (fitting flags without fitting, a failed `--fix`), the build's
    ///   `BuildError` and I/O errors; the temporary copy of `--fix` is deleted in every case.
    public func run(events: @escaping @Sendable (CatalogBuildEvent) -> Void = { _ in }) async throws -> CatalogBuildOutcome {
        var stickerPack = pack
        var configuration = self.configuration
        // The build draws every icon slot from --icon, so the icon check must not report them empty.
        if let icon = request.icon { stickerPack.config.icon = icon }
        configuration.appStoreUpload = request.xcodeProject != nil
        if let problem = request.fit.problem(fitEnabled: request.fit.fit || stickerPack.config.fit || request.fix != nil) {
            throw problem
        }
        let source = stickerPack
        var fixes: FixOutcome?
        var staging: FixTarget?
        defer { staging?.discard() }
        let effort = request.effort ?? DeflateEffort(rawValue: stickerPack.config.effort.rawValue) ?? .default
        if var settings = request.fix {
            settings.effort = effort
            settings.timeBudget = request.fit.timeBudget ?? stickerPack.config.timeBudget
            let fixed = try await BuildFixStage(configuration: configuration, settings: settings,
                                                explicitConfig: request.explicitConfig, toolVersion: toolVersion).run(stickerPack)
            (stickerPack, fixes, staging) = (fixed.outcome.pack, fixed.outcome, fixed.target)
            events(.fixed(fixed.outcome))
        }
        var checked = await CheckSession(pack: stickerPack, configuration: configuration, toolVersion: toolVersion)
            .run { events(.progress(.checking, completed: $0, total: $1, item: $2)) }
        events(.finished(.checking))
        if let fixes { checked.report = checked.report.withFixes(of: fixes.report) }
        // The catalog written says the grid size the build used: --grid-size wins over the pack's.
        if let grid = configuration.gridSizeOverride { stickerPack.gridSize = grid }
        var options = PackBuildOptions(
            outputDirectory: request.output, effort: effort, keepSequences: request.keepSequences,
            iconSource: request.icon ?? stickerPack.config.icon.map { FileIO.join(stickerPack.root, $0) },
            maxBytes: configuration.maxBytes, convertGIFAndJPEG: request.convertGIFAndJPEG,
            fit: request.fit.target(maxBytes: configuration.maxBytes, gridSize: stickerPack.gridSize, effort: effort,
                                    config: stickerPack.config),
            vectorBox: stickerPack.gridSize.maxPixels)
        options.xcodeProject = request.xcodeProject
        options.iconStyle = IconStyle(background: request.iconBackground ?? stickerPack.config.iconBackground,
                                      fit: request.iconFit ?? stickerPack.config.iconFit ?? .letterbox)
        let plan: BuildPlan
        do {
            plan = try await PackBuilder(options: options).prepare(stickerPack) {
                events(.progress(.building, completed: $0.completed, total: $0.total, item: $0.item))
            }
        } catch {
            events(.finished(.building))
            throw error
        }
        events(.finished(.building))
        let amended = Self.amend(checked.report, by: plan, configuration: configuration, gridSize: stickerPack.gridSize)
        var report = amended
        report.pack.path = fixes != nil ? source.root : amended.pack.path
        let shown = ReportRenderer(report: report, subjects: checked.subjects, maxBytes: configuration.maxBytes, useColor: false)
        let html = Self.html(amended, subjects: checked.subjects, maxBytes: configuration.maxBytes, plan: plan,
                             fixes: fixes, source: source)
        let published = try PackBuilder(options: options).write(plan, extraFiles: [
            "report.json": shown.fileBytes(.json),
            "report.html": Array(html.utf8),
        ], to: request.output) { events(.waiting($0)) }
        return CatalogBuildOutcome(
            report: report, subjects: checked.subjects, maxBytes: configuration.maxBytes, manifest: plan.manifest,
            builtCount: plan.builtCount, reusedCount: plan.reusedCount,
            fitted: plan.manifest.stickers.compactMap { entry in
                entry.fit.flatMap { $0.lossless ? nil : CatalogBuildOutcome.FittedNote(sticker: entry.name, summary: $0.summary) }
            },
            publishMessages: published.messages, html: html, fixes: fixes,
            catalog: FileIO.join(request.output, "Stickers.xcstickers"),
            xcodeProject: request.xcodeProject.map { (FileIO.join(request.output, XcodeProjectLayout(settings: $0).project), $0) },
            failsGate: report.failsGate(strict: configuration.strict))
    }
}
