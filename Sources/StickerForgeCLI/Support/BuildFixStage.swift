import Foundation
import ImageCodec
import StickerKit

/// `build --fix`: the pack repaired into a temporary copy first (the same fixes as `fix`), which
/// the build then reads instead of the sources. What was fixed goes to standard error.
struct BuildFixStage {
    let pack: PackOptions
    let options: FixOptions
    let minQuality: Double?
    /// `--time-budget` (or the pack's `time_budget`): the fix's lossy fits honour it as `--fit` does.
    let timeBudget: Double?
    /// The build's deflate effort, also for the files the fixes encode again.
    let effort: DeflateEffort

    func run(_ stickerPack: StickerPack, configuration: CheckConfiguration, console: Console,
             quiet: Bool) async throws -> (outcome: FixOutcome, target: FixTarget) {
        var staged: FixTarget?
        do {
            let target = try FixTarget(source: stickerPack.root, output: nil, dryRun: true)
            staged = target
            let explicit = try pack.config.map { try PackConfig.load(from: $0) }
            let fixer = PackFixer(configuration: configuration, settings: options.settings(minQuality: minQuality, effort: effort,
                                                                                timeBudget: timeBudget),
                                  toolVersion: StickerForgeCommand.version)
            let outcome = try await fixer.fix(stickerPack, explicitConfig: explicit, into: target.staging)
            if !quiet {
                for record in outcome.report.fixes ?? [] { console.err("fixed the catalog: \(record.rule) \(record.action): \(record.details)") }
                for sticker in outcome.report.stickers {
                    for record in sticker.fixes ?? [] {
                        console.err("fixed \(ProgressDisplay.printable(sticker.name)): \(record.rule) \(record.action): \(record.details)")
                    }
                }
                for problem in outcome.problems { console.err("could not fix: \(target.userText(problem, shown: stickerPack.root))") }
            }
            return (outcome, target)
        } catch {
            console.err("error: \(staged?.userText("\(error)", shown: stickerPack.root) ?? "\(error)")")
            staged?.discard()
            throw ExitStatus.unusable
        }
    }
}

extension CheckReport {
    /// The report with the `fixes` of a fix report's stickers (by name) and catalog.
    func withFixes(of fixed: CheckReport) -> CheckReport {
        var copy = self
        let byName = Dictionary(fixed.stickers.map { ($0.name, $0.fixes ?? []) }, uniquingKeysWith: { a, _ in a })
        for i in copy.stickers.indices { copy.stickers[i].fixes = byName[copy.stickers[i].name] ?? [] }
        copy.fixes = fixed.fixes ?? []
        return copy
    }
}
