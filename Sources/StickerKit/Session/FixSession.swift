import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// `fix`: repairs what the checks find in a copy of the pack, in the same form, and puts the copy in
/// place whole (`FixTarget`); with `dryRun` the copy is made in a temporary folder and removed. The
/// source is only read.
public struct FixSession: Sendable {
    /// What the session did, for the caller to show.
    public struct Outcome: Sendable {
        /// The fixes made and the report of the repaired copy (its path the output's, or the
        /// source's with `dryRun`); problems name the user's paths, never the copy's.
        public var fix: FixOutcome
        /// The renderer of the report (uncoloured; the caller sets `useColor`).
        public var renderer: ReportRenderer
        /// The fix's HTML report, rendered from the repaired pixels before the copy moved; nil unless asked for.
        public var html: String?
        /// What the publication swept and noted about the output.
        public var publishMessages: [String]
        /// Whether the remaining findings fail the gate (errors, or warnings under strict).
        public var failsGate: Bool
    }

    /// What the session reports while it runs.
    public enum Event: Sendable {
        /// `completed` of `total` stickers are fixed, the last being `item`.
        case progress(completed: Int, total: Int, item: String)
        /// Fixing is over (it may have failed).
        case finished
        /// The write waits for another run holding the output (`OutputLock`).
        case waiting(String)
    }

    /// The pack read.
    public var pack: StickerPack
    /// The check configuration of the pack.
    public var configuration: CheckConfiguration
    /// `--config`'s file, or nil for the pack's own.
    public var explicitConfig: String?
    /// Where the repaired pack goes; nil with `dryRun`.
    public var output: String?
    /// Whether to write nothing.
    public var dryRun: Bool
    /// Other files the run reads (`--config`), which the output must not overlap.
    public var sources: [OutputGuard.Source]
    /// The fixes' settings.
    public var settings: FixSettings
    /// Whether to render the HTML report.
    public var wantsHTML: Bool
    /// Version written into the report.
    public var toolVersion: String

    /// A session fixing `pack` into `output`.
    public init(pack: StickerPack, configuration: CheckConfiguration, explicitConfig: String?, output: String?, dryRun: Bool,
                sources: [OutputGuard.Source], settings: FixSettings, wantsHTML: Bool, toolVersion: String) {
        self.pack = pack; self.configuration = configuration; self.explicitConfig = explicitConfig; self.output = output
        self.dryRun = dryRun; self.sources = sources; self.settings = settings; self.wantsHTML = wantsHTML
        self.toolVersion = toolVersion
    }

    /// Fixes the pack and publishes the copy.
    /// - Throws: `OutputRefusal` and publication errors; the config's errors; `SessionError.fixFailed`
    ///   when the fixes could not run (the copy is removed).
    public func run(events: @escaping @Sendable (Event) -> Void) async throws -> Outcome {
        let target = try FixTarget(source: pack.root, output: output, dryRun: dryRun, sources: sources) { events(.waiting($0)) }
        let explicit: PackConfig?
        do { explicit = try explicitConfig.map { try PackConfig.load(from: $0) } } catch {
            target.discard()
            throw error
        }
        let shown = output ?? pack.root
        let fixer = PackFixer(configuration: configuration, settings: settings, toolVersion: toolVersion)
        events(.progress(completed: 0, total: pack.stickers.count, item: pack.name))
        var outcome: FixOutcome
        do { outcome = try await fixer.fix(pack, explicitConfig: explicit, into: target.staging) } catch {
            events(.finished)
            target.discard()
            throw SessionError.fixFailed(reason: target.userText("\(error)", shown: shown))
        }
        events(.finished)
        outcome.report.pack.path = shown
        outcome.problems = outcome.problems.map { target.userText($0, shown: shown) }
        let renderer = ReportRenderer(report: outcome.report, subjects: outcome.subjects, maxBytes: configuration.maxBytes,
                                      useColor: false)
        // The HTML report needs the repaired pixels: it is rendered before the copy moves or goes.
        let html = wantsHTML ? renderer.renderFixHTML(outcome: outcome, source: pack) : nil
        let published = try target.commit()
        return Outcome(fix: outcome, renderer: renderer, html: html, publishMessages: published.messages,
                       failsGate: outcome.report.failsGate(strict: configuration.strict))
    }
}
