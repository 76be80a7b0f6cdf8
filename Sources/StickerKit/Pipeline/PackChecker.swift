import Foundation
import ImageCodec

/// `stickerforge check` as a library call: loads and decodes every sticker, runs every rule and
/// assembles a deterministic `CheckReport`.
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

    /// Loads, decodes and checks `pack`.
    public func check(_ pack: StickerPack) async -> CheckReport {
        await check(pack, progress: { _, _, _ in })
    }

    /// Loads, decodes and checks `pack`, calling `progress(completed, total, stickerName)` as each
    /// sticker finishes (in completion order).
    public func check(_ pack: StickerPack,
                      progress: @escaping @Sendable (Int, Int, String) -> Void) async -> CheckReport {
        let loader = SubjectLoader(limits: configuration.decodeLimits)
        let context = context(for: pack)
        let checks = stickerChecks
        let root = pack.root
        let stickers = pack.stickers
        let checked = await BoundedConcurrency.map(stickers, limit: concurrency, { source -> CheckedSubject in
            let subject = loader.load(source, root: root)
            return CheckedSubject(subject: subject, findings: Self.findings(for: subject, checks: checks, context: context))
        }, completed: { done, index in progress(done, stickers.count, stickers[index].name) })
        let icons = loader.loadIcons(pack.iconSet, root: root)
        return assemble(pack: pack, checked: checked, icons: icons, context: context)
    }

    /// Loads and decodes every sticker of `pack` across cores without checking it, calling
    /// `progress(completed, total, stickerName)` as each finishes; subjects come back in pack order.
    public func loadSubjects(of pack: StickerPack,
                             progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }) async
        -> (subjects: [StickerSubject], icons: [IconFile]) {
        let loader = SubjectLoader(limits: configuration.decodeLimits)
        let root = pack.root
        let stickers = pack.stickers
        let subjects = await BoundedConcurrency.map(stickers, limit: concurrency, { source in
            loader.load(source, root: root)
        }, completed: { done, index in progress(done, stickers.count, stickers[index].name) })
        return (subjects, loader.loadIcons(pack.iconSet, root: root))
    }

    /// Checks subjects that are already loaded (for `watch`, which keeps unchanged stickers'
    /// subjects). `subjects` must be the pack's stickers in pack order.
    public func run(subjects: [StickerSubject], icons: [IconFile] = [], pack: StickerPack) async -> CheckReport {
        let context = context(for: pack)
        let checks = stickerChecks
        let checked = await BoundedConcurrency.map(subjects, limit: concurrency) { subject in
            CheckedSubject(subject: subject, findings: Self.findings(for: subject, checks: checks, context: context))
        }
        return assemble(pack: pack, checked: checked, icons: icons, context: context)
    }

    /// The report for subjects whose sticker rules already ran (`stickerFindings[i]` belongs to
    /// `subjects[i]`): only the pack rules run here. `watch` keeps unchanged stickers' findings.
    public func report(subjects: [StickerSubject], stickerFindings: [[Finding]], icons: [IconFile] = [],
                       pack: StickerPack) -> CheckReport {
        let checked = zip(subjects, stickerFindings).map { CheckedSubject(subject: $0, findings: $1) }
        return assemble(pack: pack, checked: checked, icons: icons, context: context(for: pack))
    }

    /// Every sticker rule's findings for one subject, unsorted.
    public static func findings(for subject: StickerSubject, checks: [any StickerCheck] = RuleRegistry.stickerChecks,
                                context: CheckContext) -> [Finding] {
        checks.flatMap { check -> [Finding] in
            context.isOff(check.ruleDescription) ? [] : check.check(subject, context: context)
        }
    }

    private func assemble(pack: StickerPack, checked: [CheckedSubject], icons: [IconFile],
                          context: CheckContext) -> CheckReport {
        let packSubject = PackSubject(pack: pack, subjects: checked.map(\.subject), icons: icons)
        let packFindings = packChecks.flatMap { check -> [Finding] in
            context.isOff(check.ruleDescription) ? [] : check.check(packSubject, context: context)
        }
        return ReportBuilder.report(tool: ToolInfo(version: toolVersion),
                                    pack: PackInfo(name: pack.name, gridSize: context.gridSize, path: pack.root),
                                    checked: checked, packFindings: packFindings)
    }
}

/// A subject with its sticker rules' findings.
struct CheckedSubject: Sendable {
    var subject: StickerSubject
    var findings: [Finding]
}
