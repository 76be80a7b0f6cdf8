import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// What `stickerforge fix` did and what remains: the check report of the repaired catalog with
/// every sticker's `fixes`, the catalog-level fixes, and the repairs that could not be made.
public struct FixOutcome: Sendable {
    /// The repaired catalog checked again, with `fixes` per sticker and for the catalog.
    public var report: CheckReport
    /// The repaired catalog's stickers, for the HTML report.
    public var subjects: CheckedStickers
    /// Repairs that could not be made and why (their findings remain in the report).
    public var problems: [String]
    /// Stickers whose files changed.
    public var changedStickers: Int
    /// The repaired copy as it was read and checked: the source's name, and read with `--config`'s
    /// settings plus the labels made (or the copy's own `stickerforge.yml`); `build --fix` builds it.
    public var pack: StickerPack

    /// Every record, the catalog's first.
    public var allFixes: [FixRecord] { (report.fixes ?? []) + report.stickers.flatMap { $0.fixes ?? [] } }
}

/// `stickerforge fix` as a library call: copies the catalog into a staging folder, repairs it
/// there (catalog slips, then every sticker's files, then labels) and checks the copy again.
/// The source is only read; the caller moves the staging folder into place (or deletes it).
public struct PackFixer: Sendable {
    /// Limits, thresholds, severities.
    public var configuration: CheckConfiguration
    /// Switches of the fixes.
    public var settings: FixSettings
    /// Version written into the report.
    public var toolVersion: String
    /// Stickers repaired at once.
    public var concurrency = ProcessInfo.processInfo.activeProcessorCount
    /// Fixes of the pixels and of the encoded file, in order (tests inject their own).
    public var fixes = (pixel: FixRegistry.pixelFixes, file: FixRegistry.fileFixes)

    /// A fixer.
    public init(configuration: CheckConfiguration, settings: FixSettings, toolVersion: String) {
        self.configuration = configuration; self.settings = settings; self.toolVersion = toolVersion
    }

    /// Repairs `pack` into `staging` (which must not exist), reading the copy again with `config`
    /// when the pack's configuration was given on the command line.
    /// - Throws: `FixError` when the copy cannot be made or read.
    public func fix(_ pack: StickerPack, explicitConfig: PackConfig?, into staging: String) async throws -> FixOutcome {
        do { try FileManager.default.copyItem(atPath: pack.root, toPath: staging) } catch {
            // The staging folder is gone with the failure: the message names only the source.
            throw FixError.codec(file: pack.root, reason: "cannot be copied for the repair (\(FileIO.reasonText(error)))")
        }
        var slips = CatalogSlipFixer(root: staging)
        // A rule switched off with --rule ID=off is neither reported nor fixed.
        slips.fix(pack.problems.filter { problem in
            let rule: String
            switch problem {
            case .unknownKey: rule = "catalog_unknown_key"
            case .unlistedSticker: rule = "catalog_unlisted_sticker"
            case .missingFile: rule = "catalog_missing_file"
            case .invalid: return false
            }
            return RuleRegistry.description(for: rule).map { configuration.severity(for: $0) != .off } ?? false
        })
        var copy = try read(staging, explicitConfig, as: pack)
        let context = FixContext(check: CheckContext(configuration: configuration,
                                                     gridSize: configuration.gridSizeOverride ?? copy.gridSize),
                                 settings: settings)
        var configured = StickerRepairer(context: context, limits: configuration.decodeLimits)
        (configured.pixelFixes, configured.fileFixes) = fixes
        let repairer = configured
        let root = staging
        let repairs = await BoundedConcurrency.map(copy.stickers, limit: concurrency) { repairer.repair($0, root: root) }
        var records = slips.records
        var refused: [String: [RefusedFix]] = [:]
        var problems = slips.problems
        var changed = 0
        for (sticker, repair) in zip(copy.stickers, repairs) {
            problems += repair.problems.map { "\(sticker.name): \($0)" }
            do {
                try write(repair, of: sticker, root: root)
                records[sticker.name, default: []] += repair.records
                refused[sticker.name] = repair.refused
                if !repair.records.isEmpty { changed += 1 }
            } catch {
                problems.append("\(sticker.name): \(error)")
            }
        }
        let icons = FixRegistry.iconFix.repair(copy, root: root, context: context, limits: configuration.decodeLimits,
                                               background: copy.config.iconBackground)
        records[nil, default: []] += icons.records
        problems += icons.problems
        // The copy is read again with --config's settings plus the labels made, so they count.
        var rereadConfig = explicitConfig
        if settings.labelsFromNames {
            let writer = LabelWriter(root: staging, kind: copy.kind, sourceRoot: pack.root, config: explicitConfig)
            for sticker in copy.stickers where sticker.accessibilityLabel == nil {
                do {
                    if let record = try writer.label(sticker) {
                        records[sticker.name, default: []].append(record)
                        rereadConfig?.labels[sticker.name] = LabelWriter.label(from: sticker.name)
                    }
                } catch {
                    problems.append("\(sticker.name): \(error)")
                }
            }
        }
        copy = try read(staging, rereadConfig, as: pack)
        var checker = PackChecker(configuration: configuration, toolVersion: toolVersion)
        checker.concurrency = concurrency
        let checked = await checker.checkSummarising(copy)
        var report = checked.report
        for i in report.stickers.indices {
            report.stickers[i].fixes = records[report.stickers[i].name] ?? []
            report.stickers[i].refusedFixes = refused[report.stickers[i].name] ?? []
        }
        let known = Set(report.stickers.map(\.name))
        report.fixes = (records[nil] ?? []) + records.filter { $0.key != nil && !known.contains($0.key ?? "") }
            .sorted { ($0.key ?? "") < ($1.key ?? "") }.flatMap(\.value)
        return FixOutcome(report: report, subjects: CheckedStickers(summaries: checked.summaries, root: staging,
                                                                     limits: configuration.decodeLimits),
                          problems: problems, changedStickers: changed, pack: copy)
    }

    /// The copy at `root` read as the source `pack`: its name (a name taken from the folder would
    /// be the hidden staging folder's) and, with --grid-size, its grid size.
    private func read(_ root: String, _ config: PackConfig?, as source: StickerPack) throws -> StickerPack {
        do {
            var pack = try CatalogReader().read(at: root, config: config)
            pack.name = source.name
            if configuration.gridSizeOverride != nil { pack.gridSize = source.gridSize }
            return pack
        } catch {
            throw FixError.codec(file: root, reason: "the repaired copy cannot be read (\(error))")
        }
    }

    /// Writes a sticker's repaired files into the copy at `root`; a rename also updates the
    /// sticker's Contents.json (a plain folder names stickers by their file's stem, so the name holds).
    private func write(_ repair: StickerRepair, of sticker: StickerSource, root: String) throws {
        for file in repair.files where file.path != file.original {
            if FileIO.kind(of: FileIO.join(root, file.path)).exists {
                throw FixError.codec(file: file.original, reason: "cannot be renamed to \(file.path): that file exists")
            }
        }
        for file in repair.files {
            guard file.bytes != nil || file.path != file.original else { continue }
            let bytes = try file.bytes ?? FileIO.read(FileIO.join(root, file.original))
            try FileIO.writeAtomically(bytes, to: FileIO.join(root, file.path))
            if file.path != file.original { try FileManager.default.removeItem(atPath: FileIO.join(root, file.original)) }
        }
        let renamed = repair.files.filter { $0.path != $0.original }
        guard !renamed.isEmpty, let folder = sticker.folder else { return }
        var contents = try ContentsEditor(path: FileIO.join(root, FileIO.join(folder, "Contents.json")))
        func newName(_ name: String) -> String {
            renamed.first { CatalogReader.lastComponent($0.original) == name }.map { CatalogReader.lastComponent($0.path) } ?? name
        }
        if case .string(let name)? = contents.properties["filename"] { contents.properties["filename"] = .string(newName(name)) }
        if contents.object["frames"] != nil {
            contents.setList("frames", contents.list("frames").map { frame in
                var frame = frame
                if case .string(let name)? = frame["filename"] { frame["filename"] = .string(newName(name)) }
                return frame
            })
        }
        try contents.save()
    }
}
