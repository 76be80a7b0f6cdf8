import ArgumentParser
import Foundation
import StickerKit

/// `build --platform P`: one folder per store under `--output` (`StoreBuildSession`; docs/platforms.md,
/// "build --platform").
extension BuildCommand {
    /// Builds the pack for every store asked for and shows each store's check as its folder is put in
    /// place. Exit 1 when any store's check finds errors.
    func runPlatforms() async throws {
        let console = Console.standard()
        let (source, _) = try pack.load(console: console)
        try pack.outputCheck(for: source, console: console).folder(output, option: "--output")
        var session = StoreBuildSession(source: source, stores: platforms, output: output, retime: retime, loops: loops,
                                        strict: pack.strict,
                                        workingDirectory: FileManager.default.currentDirectoryPath,
                                        toolVersion: StickerForgeCommand.version)
        session.stillsAsAnimations = stillsAsAnimations
        let display = StoreEventDisplay(console: console, quiet: outputOptions.quiet, format: format,
                                        color: outputOptions.color ?? console.stdoutIsTerminal)
        let failed: Bool
        do {
            failed = try await session.run(catalog: { folder in
                do { try await buildCatalog(output: folder, asStore: true) } catch let exit as ExitCode where exit == ExitStatus.findings { return true }
                return false
            }, events: { display.show($0) })
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw console.fail(error)
        }
        if failed { throw ExitStatus.findings }
    }
}
