import ArgumentParser
import Foundation
import StickerKit

/// The CLI's side of `OutputGuard`: a refused output is said on standard error and ends the command
/// with exit 2, before anything is written.
struct OutputCheck {
    let rules: OutputGuard
    let console: Console

    /// Refuses a folder output that overlaps a source.
    func folder(_ path: String, option: String) throws {
        do { try rules.checkOverlap(path, option: option) } catch { try fail(error) }
    }

    /// Refuses a file output that overlaps a source or would overwrite a file that is not of `kind`.
    func file(_ path: String, option: String, kind: OutputGuard.FileKind) throws {
        do { try rules.checkFile(path, option: option, kind: kind) } catch { try fail(error) }
    }

    /// Refuses every `--report FORMAT:PATH` that overlaps a source.
    func reports(_ targets: [ReportTarget]) throws {
        for target in targets { try file(target.path, option: "--report \(target.format.rawValue):", kind: .any) }
    }

    private func fail(_ error: Error) throws -> Never {
        throw console.fail(error)
    }
}

extension PackOptions {
    /// The output rules for a command reading `pack` (the catalog, `--config`, the icon and tray images,
    /// and `icon`, a `--icon` image).
    func outputCheck(for pack: StickerPack, icon: String? = nil, console: Console) -> OutputCheck {
        var extra: [OutputGuard.Source] = []
        if let config = settings.config { extra.append(.init(config, role: "the --config file")) }
        if let icon { extra.append(.init(icon, role: "the --icon image")) }
        return OutputCheck(rules: OutputGuard(pack: pack, catalog: catalog, extra: extra), console: console)
    }
}
