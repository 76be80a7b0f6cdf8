import Foundation
import StickerKit

/// Shows a build session's events on standard error as they come: a progress display per stage,
/// what `--fix` repaired (not with `--quiet`) and waits for another run's output lock.
final class SessionEventDisplay: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let lock = NSLock()
    private var displays: [CatalogBuildEvent.Stage: ProgressDisplay] = [:]

    /// A display on `console`; `quiet` silences progress and fix lines.
    init(console: Console, quiet: Bool) {
        self.console = console
        self.quiet = quiet
    }

    /// Shows one event.
    func show(_ event: CatalogBuildEvent) {
        switch event {
        case let .progress(stage, completed, total, item):
            display(stage).update(completed: completed, total: total, current: item)
        case let .finished(stage):
            display(stage).finish()
        case let .fixed(outcome):
            if !quiet { for line in Self.lines(outcome) { console.err(line) } }
        case let .waiting(message):
            console.err(message)
        }
    }

    /// What a fix did, a line per record and per repair it could not make.
    static func lines(_ outcome: FixOutcome) -> [String] {
        (outcome.report.fixes ?? []).map { "fixed the catalog: \($0.rule) \($0.action): \($0.details)" }
            + outcome.report.stickers.flatMap { sticker in
                (sticker.fixes ?? []).map { "fixed \(ProgressDisplay.printable(sticker.name)): \($0.rule) \($0.action): \($0.details)" }
            }
            + outcome.problems.map { "could not fix: \($0)" }
    }

    private func display(_ stage: CatalogBuildEvent.Stage) -> ProgressDisplay {
        lock.lock(); defer { lock.unlock() }
        if let shown = displays[stage] { return shown }
        let shown = ProgressDisplay(label: stage == .checking ? "checking" : "building", console: console, quiet: quiet)
        displays[stage] = shown
        return shown
    }
}
