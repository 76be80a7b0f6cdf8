import ImageCodec
import StickerCore

/// What one `watch` refresh found: the new report and how its findings differ from the last one.
public struct WatchUpdate: Sendable {
    /// The full report after the change.
    public var report: CheckReport
    /// The checked stickers' summaries, in pack order (the HTML report decodes a sticker again
    /// from them when it needs its pixels).
    public var subjects: CheckedStickers
    /// Findings that were not there before.
    public var added: [Finding]
    /// Findings that are gone.
    public var fixed: [Finding]
    /// Stickers decoded again in this refresh (the rest came from the cache).
    public var reloaded: [String]
}

/// Re-checks a pack after changes, decoding again only the stickers whose files changed.
///
/// Between refreshes it keeps each sticker's summary and rule findings, never its decoded frames,
/// so a long watch holds no more pixels than one check's workers do. A change of settings (the
/// configuration or the grid size) decodes every sticker again, since its rules need the frames.
public struct WatchSession: Sendable {
    private struct Cached: Sendable {
        var files: [String]
        var stamps: [FileStamp?]
        var source: StickerSource
        var summary: StickerSummary
        /// The sticker rules' findings under `checkedWith`.
        var findings: [Finding]
    }

    private var cache: [String: Cached] = [:]
    /// The settings the cached findings were made with.
    private var checkedWith: (configuration: CheckConfiguration, gridSize: GridSize)?
    private var previous: Set<Finding>?

    /// A session with an empty cache: the first refresh decodes everything.
    public init() {}

    /// Checks `pack` with `configuration`, reusing the summaries and findings of stickers whose
    /// files and settings are unchanged.
    public mutating func refresh(pack: StickerPack, configuration: CheckConfiguration, toolVersion: String) async -> WatchUpdate {
        let checker = PackChecker(configuration: configuration, toolVersion: toolVersion)
        let context = checker.context(for: pack)
        let loader = SubjectLoader(limits: configuration.decodeLimits, vectorBox: context.gridSize.maxPixels)
        let root = pack.root
        // Sticker rules are pure functions of the subject and the settings: unchanged stickers keep
        // their findings unless the settings changed.
        let settingsSame = checkedWith.map { $0.configuration == configuration && $0.gridSize == context.gridSize } ?? false
        checkedWith = (configuration, context.gridSize)
        var kept: [Cached?] = []
        var toLoad: [(Int, StickerSource, [FileStamp?])] = []
        for (index, source) in pack.stickers.enumerated() {
            let stamps = source.files.map { FileStamp.of(root + "/" + $0) }
            if settingsSame, let hit = cache[source.name], hit.files == source.files, hit.stamps == stamps, hit.source == source {
                kept.append(hit)
            } else {
                kept.append(nil)
                toLoad.append((index, source, stamps))
            }
        }
        // The stamps cached are the ones taken before decoding: a file saved while it was being
        // decoded then differs from its stamp at the next poll and is decoded again, instead of
        // its half-written state being cached under the finished file's stamp. Each worker measures
        // the frames as they are decoded and keeps none.
        let checks = checker.stickerChecks
        let halo = PackChecker.measuresHalo(checks, context: context)
        let loaded = await BoundedConcurrency.map(toLoad, limit: checker.concurrency) { item in
            (item.0, PackChecker.checked(loader.loadMeasured(item.1, root: root, measuresHalo: halo), checks: checks,
                                         context: context), item.2)
        }
        for (index, checked, stamps) in loaded {
            let source = pack.stickers[index]
            kept[index] = Cached(files: source.files, stamps: stamps, source: source,
                                 summary: checked.summary, findings: checked.findings)
        }
        var fresh: [String: Cached] = [:]
        for (index, source) in pack.stickers.enumerated() where fresh[source.name] == nil {
            fresh[source.name] = kept[index]
        }
        cache = fresh
        let entries = kept.compactMap { $0 }
        let summaries = entries.map(\.summary)
        let report = checker.report(summaries: summaries, stickerFindings: entries.map(\.findings),
                                    icons: loader.loadIcons(pack.iconSet, root: root), pack: pack)
        let now = Set(report.findings)
        let before = previous ?? now
        previous = now
        let order = FindingOrder.precedes
        return WatchUpdate(report: report,
                           subjects: CheckedStickers(summaries: summaries, root: root, limits: configuration.decodeLimits,
                                                     vectorBox: context.gridSize.maxPixels),
                           added: now.subtracting(before).sorted(by: order),
                           fixed: before.subtracting(now).sorted(by: order),
                           reloaded: loaded.map { pack.stickers[$0.0].name })
    }
}
