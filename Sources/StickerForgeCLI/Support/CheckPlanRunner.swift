import Foundation
import StickerKit

/// `check` over the paths it was given (catalogs, sticker files, Contents.json, stickerforge.yml):
/// resolves them to packs (`CheckTargetResolver`), checks each with its own settings and, when
/// there are several, merges the reports into one rooted at the deepest folder they share.
struct CheckPlanRunner {
    /// Overrides for every pack's settings.
    let settings: PackSettings
    /// Stickers in flight at once; nil for one per core.
    let jobs: Int?
    /// The absolute working directory.
    let workingDirectory: String
    /// The store every pack is judged for.
    var platform: PlatformRules = .imessage

    /// What the check found, ready for the reporters and the baseline.
    struct Outcome {
        var report: CheckReport
        var subjects: CheckedStickers
        var maxBytes: Int
        /// The report's root as shown relative to the working directory.
        var root: String
        /// Paths (relative to the working directory) whose baseline entries this run can judge.
        var covered: [String]
    }

    /// One checked pack.
    private struct Part {
        var report: CheckReport
        var summaries: [StickerSummary]
        var root: String
        var configuration: CheckConfiguration
        var covered: [String]
    }

    /// Checks `paths`; nil when none of them is part of a sticker pack (each is named on standard error).
    /// - Throws: `ExitStatus.unusable` after saying why, when a path or catalog cannot be read at all.
    func run(_ paths: [String], console: Console, quiet: Bool) async throws -> Outcome? {
        let plan: CheckTargetResolver.Plan
        do { plan = try CheckTargetResolver(workingDirectory: workingDirectory).resolve(paths) } catch {
            console.err("error: \(error)")
            throw ExitStatus.unusable
        }
        for path in plan.ignored {
            console.err("note: \(ProgressDisplay.printable(path)) is not part of a sticker catalog; not checked")
        }
        var parts: [Part] = []
        for target in plan.targets {
            // One catalog given alone is read and shown exactly as typed.
            let alone = paths.count == 1 && plan.targets.count == 1 && target.scope == .wholePack
                && FileIO.kind(of: paths[0]).isDirectory
            parts.append(try await check(target, catalog: alone ? paths[0] : target.catalog, console: console, quiet: quiet))
        }
        guard let first = parts.first else { return nil }
        let limits = first.configuration.decodeLimits
        let covered = parts.flatMap(\.covered)
        if parts.count == 1 {
            return Outcome(report: first.report, subjects: CheckedStickers(summaries: first.summaries, root: first.report.pack.path,
                                                                           limits: limits,
                                                                           vectorBox: first.report.pack.gridSize.maxPixels),
                           maxBytes: first.configuration.maxBytes, root: display(first.root), covered: covered)
        }
        let report = CheckReport.merging(parts.map { ($0.report, $0.root) }, workingDirectory: workingDirectory)
        let common = RelativePath.absolute(report.pack.path, workingDirectory: workingDirectory)
        let summaries = parts.flatMap { part -> [StickerSummary] in
            let prefix = RelativePath.relative(part.root, to: common) ?? part.root
            return part.summaries.map { summary in
                var moved = summary
                moved.source = summary.source.prefixed(prefix)
                return moved
            }
        }
        return Outcome(report: report, subjects: CheckedStickers(summaries: summaries, root: report.pack.path, limits: limits,
                                                                 vectorBox: report.pack.gridSize.maxPixels),
                       maxBytes: first.configuration.maxBytes, root: report.pack.path, covered: covered)
    }

    private func check(_ target: CheckTarget, catalog: String, console: Console, quiet: Bool) async throws -> Part {
        var pack: StickerPack
        var configuration: CheckConfiguration
        var scoped = true
        switch target.scope {
        case .wholePack:
            (pack, configuration) = try settings.load(catalog: catalog, console: console)
            scoped = false
        case .stickers(let files):
            let (whole, wholeConfiguration) = try settings.load(catalog: catalog, console: console)
            configuration = wholeConfiguration
            let root = RelativePath.absolute(whole.root, workingDirectory: workingDirectory)
            if let cut = whole.selecting(files, root: root) { pack = cut } else { pack = whole; scoped = false }
        case .looseFiles(let files):
            let folder = RelativePath.absolute(catalog, workingDirectory: workingDirectory)
            pack = StickerPack.looseFiles(files, folder: folder, shownRoot: catalog)
            do {
                if let explicit = try settings.explicitConfig() {
                    pack.config = explicit
                    pack.gridSize = explicit.gridSize ?? pack.gridSize
                }
            } catch {
                console.err("error: \(error)")
                throw ExitStatus.unusable
            }
            configuration = settings.configuration(for: &pack)
        }
        configuration.platform = platform
        let result = await CheckSession(pack: pack, configuration: configuration, jobs: jobs).run(console: console, quiet: quiet)
        let root = RelativePath.absolute(pack.root, workingDirectory: workingDirectory)
        let report = scoped ? result.report.keepingStickerFindings() : result.report
        let covered = scoped
            ? report.stickers.flatMap(\.files).map { RelativePath.join(display(root), $0) }
            : [display(root)]
        return Part(report: report, summaries: result.subjects.summaries, root: root, configuration: configuration,
                    covered: covered)
    }

    /// An absolute path as shown: relative to the working directory when inside it.
    private func display(_ absolute: String) -> String {
        RelativePath.display(absolute, workingDirectory: workingDirectory)
    }
}
