import ArgumentParser
import Foundation
import StickerKit

/// `stickerforge watch CATALOG`: re-checks on every change, prints what changed in the findings
/// and rewrites the HTML report; only changed stickers are decoded again.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Re-check a pack on every change and keep an HTML report up to date.",
        discussion: "Stop with Ctrl-C. Refresh the report in the browser after each change.")

    @OptionGroup var pack: PackOptions

    @Option(help: "Where to keep the HTML report.")
    var html = "stickerforge-report.html"

    @Option(help: "How often to look for changes, in milliseconds.")
    var interval = 200

    @Option(name: .customLong("quiet-period"), help: "Check a change only once the files have been unchanged this long, in milliseconds (editors save in steps).")
    var quietPeriod = 300

    @Option(help: ArgumentHelp("Stop after this many checks (for scripts and tests).", visibility: .hidden))
    var exitAfter: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(20...10_000).contains(interval) { throw ValidationError("--interval must be 20 to 10000 ms") }
        if !(0...60_000).contains(quietPeriod) { throw ValidationError("--quiet-period must be 0 to 60000 ms") }
    }

    func run() async throws {
        let console = Console.standard()
        let useColor = output.color ?? console.stdoutIsTerminal
        var loop = WatchLoop(quietMilliseconds: quietPeriod)
        var mediaCache: [String: StickerMedia] = [:]
        var checks = 0
        if let (stickerPack, _) = try? pack.load(console: console) {   // load() said why it could not; the loop reports it again
            try pack.outputCheck(for: stickerPack, console: console).file(html, option: "--html", kind: .html)
        } else {
            try OutputCheck(rules: OutputGuard(sources: [.init(pack.catalog, role: "the catalog")]), console: console)
                .file(html, option: "--html", kind: .html)
        }
        console.err("watching \(pack.catalog) (Ctrl-C to stop); report: \(html)")
        while exitAfter.map({ checks < $0 }) ?? true {
            let snapshot = CatalogSnapshot.take(root: pack.catalog)
            let now = Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
            let started = DispatchTime.now().uptimeNanoseconds
            var maxBytes = CheckConfiguration().maxBytes
            let outcome = await loop.poll(snapshot, at: now, check: { trial in
                guard let (stickerPack, configuration) = try? pack.load(console: console) else { return nil }   // load() said why
                maxBytes = configuration.maxBytes
                return await trial.refresh(pack: stickerPack, configuration: configuration, toolVersion: StickerForgeCommand.version)
            }, snapshotAfter: { CatalogSnapshot.take(root: pack.catalog) })
            switch outcome {
            case .unchanged, .waiting: break
            case .dropped: continue   // a file changed while it was decoded: check again once it is quiet
            case .unreadable: checks += 1
            case .checked(let update):
                checks += 1
                let writer = ReportRenderer(report: update.report, subjects: update.subjects, maxBytes: maxBytes, useColor: useColor)
                let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                console.out(checks == 1 ? writer.render(.text) : Self.changes(update, milliseconds: ms))
                let unchanged = Set(update.report.stickers.map(\.name)).subtracting(update.reloaded)
                mediaCache = writer.media(reusing: mediaCache, unchanged: unchanged)
                do {
                    try FileIO.writeAtomically(Array(writer.renderHTML(media: mediaCache).utf8), to: html)
                } catch {
                    console.say(CommandFailure.reportUnwritable(format: "HTML", reason: error))
                }
            }
            if exitAfter.map({ checks >= $0 }) ?? false { break }
            try await Task.sleep(nanoseconds: UInt64(interval) * 1_000_000)
        }
    }

    /// "+ new" and "- fixed" lines, then the summary.
    static func changes(_ u: WatchUpdate, milliseconds: Double) -> String {
        var lines = ["[\(String(format: "%.0f", milliseconds)) ms] re-checked; decoded again: "
                     + (u.reloaded.isEmpty ? "none" : u.reloaded.map(ProgressDisplay.printable).joined(separator: ", "))]
        for f in u.added { lines.append("  + \(f.severity.rawValue) \(f.rule) \(ProgressDisplay.printable(f.sticker ?? "(pack)")): \(ProgressDisplay.printable(f.message))") }
        for f in u.fixed { lines.append("  - fixed \(f.rule) \(ProgressDisplay.printable(f.sticker ?? "(pack)")): \(ProgressDisplay.printable(f.message))") }
        if u.added.isEmpty && u.fixed.isEmpty { lines.append("  no change in findings") }
        lines.append("  " + u.report.summary.sentence)
        return lines.joined(separator: "\n") + "\n"
    }
}
