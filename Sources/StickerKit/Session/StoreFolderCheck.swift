import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// `build --platform`'s last step before a store folder is published: the staged folder checked
/// exactly as `check --platform <store> OUT/<store>` checks it, and its `manifest.json`,
/// `report.json` and `report.html` written into it, so the build's findings are the check's
/// findings on what ships. A sticker whose file the store's layout renames (LINE's `01.png`) names
/// its source in the reports (`StickerReport.builtFrom`).
public struct StoreFolderCheck: Sendable {
    /// The store pack written.
    public var store: StorePack
    /// The staged folder that is read and written.
    public var staged: String
    /// The folder the reports name, where the staged one will be once published.
    public var shown: String
    /// The absolute working directory.
    public var workingDirectory: String
    /// Version written into the report.
    public var toolVersion: String

    /// A check of `staged`, shown as `shown`.
    public init(store: StorePack, staged: String, shown: String, workingDirectory: String, toolVersion: String) {
        self.store = store; self.staged = staged; self.shown = shown
        self.workingDirectory = workingDirectory; self.toolVersion = toolVersion
    }

    /// Checks the folder and writes the manifest and reports into it.
    /// - Returns: the renderer of the check's report (path `shown`, files read from `staged`), uncoloured.
    /// - Throws: `SessionError.nothingToCheck` when the folder holds no stickers; the check's and
    ///   the writes' errors.
    public func run() async throws -> ReportRenderer {
        var plan = CheckPlan(overrides: PackOverrides(), workingDirectory: workingDirectory, toolVersion: toolVersion)
        plan.platform = store.rules
        guard var checked = try await plan.run([staged]).checked else { throw SessionError.nothingToCheck(folder: shown) }
        checked.report.pack.path = shown
        // A file the store's layout renames (LINE's 01.png) names its source in the report.
        let renamed = Dictionary(store.stickers.filter { $0.fileStem != $0.name }.map { ($0.fileStem, $0.sources) }) { first, _ in first }
        for index in checked.report.stickers.indices {
            checked.report.stickers[index].builtFrom = renamed[checked.report.stickers[index].name]
        }
        var renderer = ReportRenderer(report: checked.report, subjects: checked.subjects, maxBytes: checked.maxBytes, useColor: false,
                                      catalogRoot: RelativePath.display(RelativePath.absolute(shown, workingDirectory: workingDirectory),
                                                                        workingDirectory: workingDirectory),
                                      platform: store.rules, filesRoot: staged, workingDirectory: workingDirectory)
        // report.html sits beside the sticker files it shows: it links them rather than embedding each.
        renderer.linksFiles = true
        for (name, bytes) in [("manifest.json", try PlatformManifest(store, findings: checked.report.findings).encoded()),
                              ("report.json", renderer.fileBytes(.json)), ("report.html", renderer.fileBytes(.html))] {
            try FileSwap.writeNewFile(bytes, to: FileIO.join(staged, name), shownPath: FileIO.join(shown, name), flush: false)
        }
        return renderer
    }
}
