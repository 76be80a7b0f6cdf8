import Foundation
import StickerCore
import StickerFixes
import StickerRules

extension CheckPlan {
    /// One checked pack.
    struct Part {
        var report: CheckReport
        var summaries: [StickerSummary]
        var root: String
        var configuration: CheckConfiguration
        var covered: [String]
    }

    func check(_ target: CheckTarget, catalog: String,
               progress: @escaping @Sendable (Int, Int, String) -> Void) async throws -> Part {
        var pack: StickerPack
        var configuration: CheckConfiguration
        var scoped = true
        switch target.scope {
        case .wholePack:
            (pack, configuration) = try overrides.load(catalog: catalog)
            scoped = false
        case .stickers(let files):
            let (whole, wholeConfiguration) = try overrides.load(catalog: catalog)
            configuration = wholeConfiguration
            let root = RelativePath.absolute(whole.root, workingDirectory: workingDirectory)
            if let cut = whole.selecting(files, root: root) { pack = cut } else { pack = whole; scoped = false }
        case .looseFiles(let files):
            let folder = RelativePath.absolute(catalog, workingDirectory: workingDirectory)
            pack = StickerPack.looseFiles(files, folder: folder, shownRoot: catalog)
            if let explicit = try overrides.explicitConfig() {
                pack.config = explicit
                pack.gridSize = explicit.gridSize ?? pack.gridSize
            }
            configuration = overrides.configuration(for: &pack)
        }
        configuration.platform = platform
        let result = await CheckSession(pack: pack, configuration: configuration, toolVersion: toolVersion, jobs: jobs)
            .run(progress: progress)
        let root = RelativePath.absolute(pack.root, workingDirectory: workingDirectory)
        let report = scoped ? result.report.keepingStickerFindings() : result.report
        let covered = scoped
            ? report.stickers.flatMap(\.files).map { RelativePath.join(display(root), $0) }
            : [display(root)]
        return Part(report: report, summaries: result.subjects.summaries, root: root, configuration: configuration,
                    covered: covered)
    }

    /// The parts as one report: the single pack's as it is, several merged at their common root.
    func merged(_ parts: [Part]) -> Checked? {
        guard let first = parts.first else { return nil }
        let limits = first.configuration.decodeLimits
        let covered = parts.flatMap(\.covered)
        if parts.count == 1 {
            return Checked(report: first.report, subjects: CheckedStickers(summaries: first.summaries, root: first.report.pack.path,
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
        return Checked(report: report, subjects: CheckedStickers(summaries: summaries, root: report.pack.path, limits: limits,
                                                                 vectorBox: report.pack.gridSize.maxPixels),
                       maxBytes: first.configuration.maxBytes, root: report.pack.path, covered: covered)
    }

    /// An absolute path as shown: relative to the working directory when inside it.
    func display(_ absolute: String) -> String {
        RelativePath.display(absolute, workingDirectory: workingDirectory)
    }
}
