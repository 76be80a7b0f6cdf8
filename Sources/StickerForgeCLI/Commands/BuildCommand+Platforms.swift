import ArgumentParser
import Foundation
import StickerKit

/// `build --platform P`: one folder per store under `--output` (docs/platforms.md, "build --platform").
extension BuildCommand {
    /// Builds the pack for every store asked for, each into `OUT/<store>/`, then checks each written
    /// folder exactly as `check --platform <store> OUT/<store>` does and reports that: the build's
    /// findings are the check's findings on what ships. Exit 1 when any store's check finds errors.
    func runPlatforms() async throws {
        let console = Console.standard()
        var stores: [PlatformRules] = []
        for store in platforms where !stores.contains(store) { stores.append(store) }
        var failed = false
        var built: [PlatformComparison.BuiltStore] = []
        var title = "", sourceRoot = ""
        let (source, _) = try pack.load(console: console)
        try pack.outputCheck(for: source, console: console).folder(output, option: "--output")
        // A comparison page of an earlier build would describe stores that are about to change: it goes
        // first, and the new one is written once every store folder is in place.
        try removeStaleComparison(console: console)
        for rules in stores {
            let folder = FileIO.join(output, rules.id)
            if rules.isIMessage {
                do { try await buildCatalog(output: folder) } catch let exit as ExitCode where exit == ExitStatus.findings { failed = true }
                continue
            }
            (title, sourceRoot) = (source.name, source.root)
            let progress = ProgressDisplay(label: "building for \(rules.name)", console: console, quiet: outputOptions.quiet)
            let store: StorePack
            let publication: FolderPublication
            do {
                store = try PlatformPackBuilder(rules: rules, retime: retime).build(source) {
                    progress.update(completed: $0, total: $1, current: $2)
                }
                progress.finish()
                publication = try StorePack.publication(for: folder) { console.err($0) }
                try store.writeFiles(into: publication.staged, shown: folder)
            } catch {
                progress.finish()
                throw console.fail(error)
            }
            // The store folder appears only with its manifest and reports in it: they are written into
            // the staged folder, which is then put in place in one step.
            let (fails, findings) = try await checkWritten(store, folder: publication.staged, shown: folder, console: console)
            do {
                let outcome = try publication.publish()
                if !outputOptions.quiet { for line in outcome.messages { console.err(line) } }
            } catch {
                throw console.fail(error)
            }
            if fails { failed = true }
            built.append(.init(pack: store, folder: URL(fileURLWithPath: folder), findings: findings))
        }
        if !built.isEmpty { try writeComparison(title: title, sourceRoot: sourceRoot, stores: built, console: console) }
        if failed { throw ExitStatus.findings }
    }

    /// `OUT/comparison.html`: every sticker's source beside each store's file, on the stores' chat
    /// colours, with the findings of each store's check.
    private func writeComparison(title: String, sourceRoot: String, stores: [PlatformComparison.BuiltStore],
                                 console: Console) throws {
        let page = URL(fileURLWithPath: output)
        let (comparison, previews) = PlatformComparison(title: title, sourceRoot: URL(fileURLWithPath: sourceRoot), stores: stores,
                                                        pageDirectory: page).withVectorPreviews()
        let path = FileIO.join(output, Self.comparisonFile)
        do {
            for (url, bytes) in previews {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileIO.writeAtomically(bytes, to: url.path)
            }
            try FileIO.writeAtomically(Array(PlatformComparisonPage().render(comparison).utf8), to: path)
        } catch {
            throw console.fail(error)
        }
        if !outputOptions.quiet { console.err("wrote \(path): the sources and every store's stickers side by side") }
    }

    /// Deletes `OUT/comparison.html` of an earlier build (only an HTML page: anything else there is refused).
    private func removeStaleComparison(console: Console) throws {
        let path = FileIO.join(output, Self.comparisonFile)
        guard FileIO.kind(of: path).exists else { return }
        do {
            try OutputGuard(sources: []).checkFile(path, option: "--output", kind: .html)
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw console.fail(error is OutputRefusal ? error : CommandFailure.cannotRemove(path: path, reason: error))
        }
    }

    /// The comparison page's name in the output folder.
    static let comparisonFile = "comparison.html"

    /// Checks the written folder as `check --platform` does and writes its manifest and reports
    /// (`StoreFolderCheck`), then prints the summary; whether the check fails the gate, and its findings.
    /// `folder` is the staged copy that is read and written; `shown` is the folder the reports name,
    /// where it will be once published.
    private func checkWritten(_ built: StorePack, folder: String, shown: String, console: Console) async throws -> (Bool, [Finding]) {
        var renderer: ReportRenderer
        do {
            renderer = try await StoreFolderCheck(store: built, staged: folder, shown: shown,
                                                  workingDirectory: FileManager.default.currentDirectoryPath,
                                                  toolVersion: StickerForgeCommand.version).run()
        } catch {
            throw console.fail(error)
        }
        renderer.useColor = outputOptions.color ?? console.stdoutIsTerminal
        console.out(renderer.render(format, fullReportHint: FileIO.join(shown, "report.json")))
        if !outputOptions.quiet {
            for note in built.notes { console.err("note (\(built.rules.name)): \(note)") }
            for sticker in built.stickers {
                var done = [sticker.scaled.map { "scaled \($0)" }].compactMap { $0 } + sticker.notes + sticker.retimed
                if let fitted = sticker.fitted { done.append("fitted \(fitted)") }
                console.err("\(built.rules.id)/\(sticker.file) from \(ProgressDisplay.printable(sticker.name)): \(done.joined(separator: "; "))")
            }
            console.err("built \(built.stickers.count) sticker\(built.stickers.count == 1 ? "" : "s") for \(built.rules.name) "
                        + "into \(shown); manifest.json, report.json and report.html beside them")
        }
        return (renderer.report.failsGate(strict: pack.strict), renderer.report.findings)
    }
}
