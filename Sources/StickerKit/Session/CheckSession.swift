import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// Checks a pack, keeping the stickers' summaries, not their frames, for the HTML report, which
/// decodes a sticker again when it needs its pixels.
public struct CheckSession: Sendable {
    /// The pack to check.
    public var pack: StickerPack
    /// Limits, thresholds, severities and the store judged.
    public var configuration: CheckConfiguration
    /// Version written into the report.
    public var toolVersion: String
    /// Stickers in flight at once; nil for one per core.
    public var jobs: Int?

    /// What the check found.
    public struct Result: Sendable {
        /// The check report.
        public var report: CheckReport
        /// The checked stickers, for the HTML report.
        public var subjects: CheckedStickers
    }

    /// A session checking `pack` with `configuration`.
    public init(pack: StickerPack, configuration: CheckConfiguration, toolVersion: String, jobs: Int? = nil) {
        self.pack = pack; self.configuration = configuration; self.toolVersion = toolVersion; self.jobs = jobs
    }

    /// Checks the pack; `progress` hears (done, total, sticker name) as each sticker is finished.
    public func run(progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async -> Result {
        var checker = PackChecker(configuration: configuration, toolVersion: toolVersion)
        if let jobs { checker.concurrency = jobs }
        let result = await checker.checkSummarising(pack, progress: progress)
        return Result(report: result.report, subjects: CheckedStickers(summaries: result.summaries, root: pack.root,
                                                                       limits: configuration.decodeLimits,
                                                                       vectorBox: result.report.pack.gridSize.maxPixels))
    }
}

extension CheckReport {
    /// Whether CI should fail: any error finding, or any warning under `--strict`.
    public func failsGate(strict: Bool) -> Bool {
        summary.errors > 0 || (strict && summary.warnings > 0)
    }

    /// The report with the `fixes` of a fix report's stickers (by name) and catalog.
    public func withFixes(of fixed: CheckReport) -> CheckReport {
        var copy = self
        let byName = Dictionary(fixed.stickers.map { ($0.name, $0.fixes ?? []) }, uniquingKeysWith: { a, _ in a })
        for i in copy.stickers.indices { copy.stickers[i].fixes = byName[copy.stickers[i].name] ?? [] }
        copy.fixes = fixed.fixes ?? []
        return copy
    }
}
