import ArgumentParser
import Foundation
import StickerKit

/// Writes the `--report FORMAT:PATH` files of a report its `ReportRenderer` renders.
struct ReportWriter {
    let renderer: ReportRenderer
    let console: Console

    /// Writes every `--report FORMAT:PATH`; returns false (after saying why) when one failed.
    /// `html`, when given, is written for HTML targets instead of the plain report (`build --fix`'s, with its before/after).
    func write(_ targets: [ReportTarget], html: String? = nil) -> Bool {
        var ok = true
        for target in targets {
            do {
                try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: target.path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                let bytes = target.format == .html ? html.map { Array($0.utf8) } ?? renderer.fileBytes(.html) : renderer.fileBytes(target.format)
                try FileIO.writeAtomically(bytes, to: target.path)
            } catch {
                console.say(CommandFailure.reportUnwritable(format: target.format.rawValue, reason: error))
                ok = false
            }
        }
        return ok
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension ReportFileFormat: ExpressibleByArgument {}
