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
        for rules in stores {
            let folder = FileIO.join(output, rules.id)
            if rules.isIMessage {
                do { try await buildCatalog(output: folder) } catch let exit as ExitCode where exit == ExitStatus.findings { failed = true }
                continue
            }
            let (source, _) = try pack.load(console: console)
            let progress = ProgressDisplay(label: "building for \(rules.name)", console: console, quiet: outputOptions.quiet)
            let built: StorePack
            do {
                built = try PlatformPackBuilder(rules: rules, retime: retime).build(source) {
                    progress.update(completed: $0, total: $1, current: $2)
                }
                progress.finish()
                try built.write(to: folder)
            } catch {
                progress.finish()
                console.err("error: \(error)")
                throw ExitStatus.unusable
            }
            if try await checkWritten(built, folder: folder, console: console) { failed = true }
        }
        if failed { throw ExitStatus.findings }
    }

    /// Checks the written folder as `check --platform` does, writes its manifest and reports, and
    /// prints the summary; true when the check fails the gate.
    private func checkWritten(_ built: StorePack, folder: String, console: Console) async throws -> Bool {
        var runner = CheckPlanRunner(settings: try PackSettings.parse([]), jobs: nil,
                                     workingDirectory: FileManager.default.currentDirectoryPath)
        runner.platform = built.rules
        guard let checked = try await runner.run([folder], console: console, quiet: true) else {
            console.err("error: \(folder) holds no stickers to check")
            throw ExitStatus.unusable
        }
        let writer = ReportWriter(report: checked.report, subjects: checked.subjects, maxBytes: checked.maxBytes,
                                  console: console, useColor: outputOptions.color ?? console.stdoutIsTerminal,
                                  catalogRoot: checked.root)
        do {
            try FileIO.writeAtomically(try PlatformManifest(built, findings: checked.report.findings).encoded(),
                                       to: FileIO.join(folder, "manifest.json"))
            try FileIO.writeAtomically(writer.fileBytes(.json), to: FileIO.join(folder, "report.json"))
            try FileIO.writeAtomically(writer.fileBytes(.html), to: FileIO.join(folder, "report.html"))
        } catch {
            console.err("error: \(error)")
            throw ExitStatus.unusable
        }
        console.out(writer.render(format, fullReportHint: FileIO.join(folder, "report.json")))
        if !outputOptions.quiet {
            for note in built.notes { console.err("note (\(built.rules.name)): \(note)") }
            for sticker in built.stickers {
                var done = [sticker.scaled.map { "scaled \($0)" }].compactMap { $0 } + sticker.retimed
                if let fitted = sticker.fitted { done.append("fitted \(fitted)") }
                console.err("\(built.rules.id)/\(sticker.file) from \(ProgressDisplay.printable(sticker.name)): \(done.joined(separator: "; "))")
            }
            console.err("built \(built.stickers.count) sticker\(built.stickers.count == 1 ? "" : "s") for \(built.rules.name) "
                        + "into \(folder); manifest.json, report.json and report.html beside them")
        }
        return checked.report.failsGate(strict: pack.strict)
    }
}
