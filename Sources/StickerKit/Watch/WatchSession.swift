import ImageCodec

/// What one `watch` refresh found: the new report and how its findings differ from the last one.
public struct WatchUpdate: Sendable {
    /// The full report after the change.
    public var report: CheckReport
    /// The loaded subjects, in pack order (for the HTML report).
    public var subjects: [StickerSubject]
    /// Findings that were not there before.
    public var added: [Finding]
    /// Findings that are gone.
    public var fixed: [Finding]
    /// Stickers decoded again in this refresh (the rest came from the cache).
    public var reloaded: [String]
}

/// Re-checks a pack after changes, decoding again only the stickers whose files changed.
public struct WatchSession: Sendable {
    private struct Cached: Sendable {
        var files: [String]
        var stamps: [FileStamp?]
        var source: StickerSource
        var subject: StickerSubject
        /// The sticker rules' findings, valid while the configuration and grid size are unchanged.
        var findings: [Finding]
    }

    private var cache: [String: Cached] = [:]
    /// The settings the cached findings were made with.
    private var checkedWith: (configuration: CheckConfiguration, gridSize: GridSize)?
    private var previous: Set<Finding>?

    /// A session with an empty cache: the first refresh decodes everything.
    public init() {}

    /// Checks `pack` with `configuration`, reusing cached subjects whose files are unchanged.
    public mutating func refresh(pack: StickerPack, configuration: CheckConfiguration, toolVersion: String) async -> WatchUpdate {
        let checker = PackChecker(configuration: configuration, toolVersion: toolVersion)
        let loader = SubjectLoader(limits: configuration.decodeLimits)
        let root = pack.root
        var subjects: [StickerSubject?] = []
        var toLoad: [(Int, StickerSource, [FileStamp?])] = []
        for (index, source) in pack.stickers.enumerated() {
            let stamps = source.files.map { FileStamp.of(root + "/" + $0) }
            if let hit = cache[source.name], hit.files == source.files, hit.stamps == stamps, hit.source == source {
                subjects.append(hit.subject)
            } else {
                subjects.append(nil)
                toLoad.append((index, source, stamps))
            }
        }
        // The stamps cached are the ones taken before decoding: a file saved while it was being
        // decoded then differs from its stamp at the next poll and is decoded again, instead of
        // its half-written state being cached under the finished file's stamp.
        let loaded = await BoundedConcurrency.map(toLoad, limit: checker.concurrency) { item in
            (item.0, loader.load(item.1, root: root), item.2)
        }
        // Sticker rules are pure functions of the subject and the settings: unchanged stickers keep
        // their findings unless the settings changed; only pack rules always run again.
        let context = checker.context(for: pack)
        let settingsSame = checkedWith.map { $0.configuration == configuration && $0.gridSize == context.gridSize } ?? false
        checkedWith = (configuration, context.gridSize)
        let checks = checker.stickerChecks
        let recheck: [(Int, StickerSubject)] = pack.stickers.indices.compactMap { index in
            guard let subject = subjects[index] ?? loaded.first(where: { $0.0 == index })?.1 else { return nil }
            let reloadedNow = loaded.contains { $0.0 == index }
            return reloadedNow || !settingsSame ? (index, subject) : nil
        }
        let rechecked = await BoundedConcurrency.map(recheck, limit: checker.concurrency) { item in
            (item.0, PackChecker.findings(for: item.1, checks: checks, context: context))
        }
        var fresh: [String: Cached] = [:]
        for (index, subject, stamps) in loaded {
            subjects[index] = subject
            let source = pack.stickers[index]
            fresh[source.name] = Cached(files: source.files, stamps: stamps, source: source, subject: subject, findings: [])
        }
        for (index, source) in pack.stickers.enumerated() where fresh[source.name] == nil {
            if let subject = subjects[index], let hit = cache[source.name], hit.subject.name == subject.name {
                fresh[source.name] = hit
            }
        }
        for (index, findings) in rechecked { fresh[pack.stickers[index].name]?.findings = findings }
        cache = fresh
        var all: [StickerSubject] = [], findings: [[Finding]] = []
        for (index, source) in pack.stickers.enumerated() {
            guard let subject = subjects[index] else { continue }
            all.append(subject)
            findings.append(fresh[source.name]?.findings ?? [])
        }
        let report = checker.report(subjects: all, stickerFindings: findings,
                                    icons: loader.loadIcons(pack.iconSet, root: root), pack: pack)
        let now = Set(report.findings)
        let before = previous ?? now
        previous = now
        let order = FindingOrder.precedes
        return WatchUpdate(report: report, subjects: all,
                           added: now.subtracting(before).sorted(by: order),
                           fixed: before.subtracting(now).sorted(by: order),
                           reloaded: loaded.map { pack.stickers[$0.0].name })
    }
}
