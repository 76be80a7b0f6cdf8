import Foundation
import ImageCodec
import StickerCore

/// `stickerforge check` as a library call: loads and decodes every sticker, runs every rule and
/// assembles a deterministic `CheckReport`. Pack rules and the report see stickers' summaries,
/// not their frames (`StickerSummary`).
public struct PackChecker: Sendable {
    /// Limits, thresholds and severities.
    public var configuration: CheckConfiguration
    /// Version written into the report.
    public var toolVersion: String
    /// Sticker rules to run (all registered ones by default).
    public var stickerChecks: [any StickerCheck] = RuleRegistry.stickerChecks
    /// Pack rules to run (all registered ones by default).
    public var packChecks: [any PackCheck] = RuleRegistry.packChecks
    /// Stickers loaded and checked at once; one per core by default.
    public var concurrency = ProcessInfo.processInfo.activeProcessorCount

    /// A checker.
    public init(configuration: CheckConfiguration, toolVersion: String) {
        self.configuration = configuration; self.toolVersion = toolVersion
    }

    /// The context for `pack`: the configuration and the grid size in force.
    public func context(for pack: StickerPack) -> CheckContext {
        CheckContext(configuration: configuration, gridSize: configuration.gridSizeOverride ?? pack.gridSize)
    }

    /// The box Lottie and TGS are rendered into: the store's sticker size, or iMessage's grid cell.
    func vectorBox(_ context: CheckContext) -> Int { configuration.platform.vectorBox ?? context.gridSize.maxPixels }

    /// Loads, decodes and checks `pack`.
    public func check(_ pack: StickerPack) async -> CheckReport {
        await check(pack, progress: { _, _, _ in })
    }

    /// Loads, decodes and checks `pack`, calling `progress(completed, total, stickerName)` as each
    /// sticker finishes (in completion order).
    public func check(_ pack: StickerPack,
                      progress: @escaping @Sendable (Int, Int, String) -> Void) async -> CheckReport {
        await checkSummarising(pack, progress: progress).report
    }

    /// Checks `pack` as `check(_:progress:)` does and also returns every sticker's summary, in pack
    /// order, for reports that show more than the findings (the HTML report decodes a sticker again
    /// from its summary's source when it needs the pixels).
    ///
    /// Each worker loads a sticker a frame at a time, measuring each frame for the rules as it is
    /// decoded (`SubjectLoader.loadMeasured`), then runs its rules and summarises it: no sticker's
    /// frames are kept, so memory holds about one frame a worker, however big the pack.
    public func checkSummarising(_ pack: StickerPack,
                                 progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async
        -> (report: CheckReport, summaries: [StickerSummary]) {
        let context = context(for: pack)
        let loader = SubjectLoader(limits: configuration.decodeLimits, vectorBox: vectorBox(context))
        let checks = stickerChecks
        let root = pack.root
        let stickers = pack.stickers
        // The icon set is measured beside the stickers rather than after them.
        async let loadedIcons = loader.loadIcons(pack.iconSet, root: root)
        let halo = Self.measuresHalo(checks, context: context)
        let checked = await BoundedConcurrency.map(stickers, limit: concurrency, order: Self.largestFirst(stickers, root: root),
                                                   { source -> CheckedSubject in
            Self.checked(loader.loadMeasured(source, root: root, measuresHalo: halo), checks: checks, context: context)
        }, completed: { done, index in progress(done, stickers.count, stickers[index].name) })
        let icons = await loadedIcons
        return (assemble(pack: pack, checked: checked, icons: icons, context: context), checked.map(\.summary))
    }

    /// Sticker indices from the most bytes on disk (all of its files) to the fewest, ties in pack
    /// order: the longest jobs start first, so the last one to finish is a small one and no core
    /// waits long at the end for a big animation that happened to come last (longest processing
    /// time first). Files that cannot be read count as empty; the loader reports them.
    static func largestFirst(_ stickers: [StickerSource], root: String) -> [Int] {
        let bytes = stickers.map { source in
            source.files.reduce(0) { total, path in
                let size = (try? FileManager.default.attributesOfItem(atPath: SubjectLoader.join(root, path))[.size]) as? NSNumber
                return total + (size?.intValue ?? 0)
            }
        }
        return stickers.indices.sorted { bytes[$0] != bytes[$1] ? bytes[$0] > bytes[$1] : $0 < $1 }
    }

    /// Loads and decodes every sticker of `pack` across cores without checking it, calling
    /// `progress(completed, total, stickerName)` as each finishes; subjects come back in pack order.
    /// This holds the whole pack's frames at once: prefer `checkSummarising(_:progress:)`, or
    /// `mapSubjects(of:_:progress:)` to keep only what is needed of each sticker.
    public func loadSubjects(of pack: StickerPack,
                             progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async
        -> (subjects: [StickerSubject], icons: [IconFile]) {
        let loader = SubjectLoader(limits: configuration.decodeLimits, vectorBox: vectorBox(context(for: pack)))
        let subjects = await mapSubjects(of: pack, { $0 }, progress: progress)
        return (subjects, loader.loadIcons(pack.iconSet, root: pack.root))
    }

    /// `transform` applied to every sticker of `pack` as it is loaded and decoded, with at most
    /// `concurrency` stickers in memory at once; results in pack order. `progress` as in
    /// `loadSubjects(of:progress:)`.
    public func mapSubjects<Result: Sendable>(
        of pack: StickerPack, _ transform: @escaping @Sendable (StickerSubject) -> Result,
        progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async -> [Result] {
        let loader = SubjectLoader(limits: configuration.decodeLimits, vectorBox: vectorBox(context(for: pack)))
        let root = pack.root
        let stickers = pack.stickers
        return await BoundedConcurrency.map(stickers, limit: concurrency, { source in
            transform(loader.load(source, root: root))
        }, completed: { done, index in progress(done, stickers.count, stickers[index].name) })
    }

    /// Checks subjects that are already loaded. `subjects` must be the pack's stickers in pack order.
    public func run(subjects: [StickerSubject], icons: [IconFile] = [], pack: StickerPack) async -> CheckReport {
        let context = context(for: pack)
        let checks = stickerChecks
        let checked = await BoundedConcurrency.map(subjects, limit: concurrency) { subject in
            Self.checked(subject, checks: checks, context: context)
        }
        return assemble(pack: pack, checked: checked, icons: icons, context: context)
    }

    /// The report for stickers whose sticker rules already ran (`stickerFindings[i]` belongs to
    /// `summaries[i]`): only the pack rules run here. `watch` keeps unchanged stickers' summaries
    /// and findings.
    public func report(summaries: [StickerSummary], stickerFindings: [[Finding]], icons: [IconFile] = [],
                       pack: StickerPack) -> CheckReport {
        let checked = zip(summaries, stickerFindings).map { CheckedSubject(summary: $0, findings: $1) }
        return assemble(pack: pack, checked: checked, icons: icons, context: context(for: pack))
    }

    /// `report(summaries:stickerFindings:icons:pack:)` for loaded subjects, summarised here.
    public func report(subjects: [StickerSubject], stickerFindings: [[Finding]], icons: [IconFile] = [],
                       pack: StickerPack) -> CheckReport {
        report(summaries: subjects.map(StickerSummary.init), stickerFindings: stickerFindings, icons: icons, pack: pack)
    }

    /// Every sticker rule's findings for one subject, unsorted.
    public static func findings(for subject: StickerSubject, checks: [any StickerCheck] = RuleRegistry.stickerChecks,
                                context: CheckContext) -> [Finding] {
        checks.flatMap { check -> [Finding] in
            context.isOff(check.ruleDescription) ? [] : check.check(subject, context: context)
        }
    }

    /// Whether the subjects `checks` judge need `edge_halo`'s measure (the rule is among them and on).
    static func measuresHalo(_ checks: [any StickerCheck], context: CheckContext) -> Bool {
        checks.contains { $0 is EdgeHaloCheck } && !context.isOff(EdgeHaloCheck.description)
    }

    /// The subject's rules run and the subject summarised; the decoded frames end with `subject`.
    static func checked(_ subject: StickerSubject, checks: [any StickerCheck], context: CheckContext) -> CheckedSubject {
        CheckedSubject(summary: StickerSummary(subject), findings: findings(for: subject, checks: checks, context: context))
    }

    private func assemble(pack: StickerPack, checked: [CheckedSubject], icons: [IconFile],
                          context: CheckContext) -> CheckReport {
        let tray = SubjectLoader(limits: configuration.decodeLimits).loadTray(pack.config.tray, root: pack.root)
        let packSubject = PackSubject(pack: pack, summaries: checked.map(\.summary), icons: icons, tray: tray)
        let packFindings = packChecks.flatMap { check -> [Finding] in
            context.isOff(check.ruleDescription) ? [] : check.check(packSubject, context: context)
        }
        return ReportBuilder.report(tool: ToolInfo(version: toolVersion),
                                    pack: PackInfo(name: pack.name, gridSize: context.gridSize, path: pack.root),
                                    checked: checked, packFindings: packFindings)
    }
}

/// A checked sticker: its summary with its sticker rules' findings.
struct CheckedSubject: Sendable {
    var summary: StickerSummary
    var findings: [Finding]

    init(summary: StickerSummary, findings: [Finding]) {
        self.summary = summary; self.findings = findings
    }

    /// A loaded subject's summary with `findings`.
    init(subject: StickerSubject, findings: [Finding]) {
        self.init(summary: StickerSummary(subject), findings: findings)
    }
}
