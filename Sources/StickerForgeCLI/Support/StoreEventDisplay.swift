import Foundation
import StickerKit

/// Shows a store build session's events: a progress display per store on standard error, then each
/// store's check summary on standard output and what was built (not with `--quiet`) on standard error.
final class StoreEventDisplay: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let format: ReportFormat
    private let color: Bool
    private let lock = NSLock()
    private var displays: [String: ProgressDisplay] = [:]

    /// A display on `console` of summaries in `format`.
    init(console: Console, quiet: Bool, format: ReportFormat, color: Bool) {
        self.console = console; self.quiet = quiet; self.format = format; self.color = color
    }

    /// Shows one event.
    func show(_ event: StoreBuildSession.Event) {
        switch event {
        case let .progress(store, completed, total, item):
            display(store).update(completed: completed, total: total, current: item)
        case let .finished(store):
            display(store).finish()
        case let .waiting(message):
            console.err(message)
        case let .built(result):
            show(result)
        case let .wroteComparison(path):
            if !quiet { console.err("wrote \(path): the sources and every store's stickers side by side") }
        }
    }

    private func show(_ result: StoreBuildSession.StoreResult) {
        var renderer = result.renderer
        renderer.useColor = color
        console.out(renderer.render(format, fullReportHint: FileIO.join(result.folder, "report.json")))
        guard !quiet else { return }
        let built = result.store
        for note in built.notes { console.err("note (\(built.rules.name)): \(note)") }
        for sticker in built.stickers {
            var done = [sticker.scaled.map { "scaled \($0)" }].compactMap { $0 } + sticker.notes + sticker.retimed
            if let fitted = sticker.fitted { done.append("fitted \(fitted)") }
            console.err("\(built.rules.id)\(built.part.map { "/\($0.folder)" } ?? "")/\(sticker.file) from \(ProgressDisplay.printable(sticker.name)): \(done.joined(separator: "; "))")
        }
        let kind = built.part.map { $0 == .stills ? " (its stills)" : " (its animations)" } ?? ""
        console.err("built \(built.stickers.count) sticker\(built.stickers.count == 1 ? "" : "s") for \(built.rules.name)\(kind) "
                    + "into \(result.folder); manifest.json, report.json and report.html beside them"
                    + (built.reusedCount > 0 ? "; reused \(built.reusedCount) unchanged" : ""))
        for line in result.publishMessages { console.err(line) }
    }

    private func display(_ store: PlatformRules) -> ProgressDisplay {
        lock.lock(); defer { lock.unlock() }
        if let shown = displays[store.id] { return shown }
        let shown = ProgressDisplay(label: "building for \(store.name)", console: console, quiet: quiet)
        displays[store.id] = shown
        return shown
    }
}
