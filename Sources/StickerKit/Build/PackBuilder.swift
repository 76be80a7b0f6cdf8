import Foundation
import ImageCodec
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Builds an Xcode-ready `Stickers.xcstickers` plus `manifest.json` from a pack, in two phases:
/// `prepare` encodes everything in memory across the cores and reports findings, `write` puts the
/// result in place as a whole (the previous build stays intact if anything fails).
public struct PackBuilder: Sendable {
    /// Settings.
    public var options: PackBuildOptions
    /// Decoder and encoder.
    public var codec: any StickerCodec
    /// Called after each file is written into the temporary folder; tests use it to fail midway.
    var afterFileWritten: (@Sendable (String) throws -> Void)?

    /// A builder; the real codec by default.
    public init(options: PackBuildOptions, codec: any StickerCodec = DefaultStickerCodec()) {
        self.options = options; self.codec = codec
    }

    /// Encodes every sticker and the icon set in memory.
    ///
    /// A sticker that fails to build becomes a `build_failed` finding while the others still build;
    /// a built sticker over `maxBytes` becomes `file_too_large`. Unchanged stickers reuse the
    /// previous build's bytes (keys in `.stickerforge-build.json`).
    /// - Throws: `BuildError` for an unusable icon source, a foreign build record or an existing
    ///   output folder that is not a StickerForge build.
    public func prepare(_ pack: StickerPack, progress: (@Sendable (BatchProgress) -> Void)? = nil) async throws -> BuildPlan {
        let previous = try BuildRecord.load(fromFolder: options.outputDirectory)
        // Refuse a foreign output folder before encoding anything (write() checks again).
        if FileIO.kind(of: options.outputDirectory).exists {
            try Self.requireReplaceable(URL(fileURLWithPath: options.outputDirectory).standardizedFileURL.path)
        }
        let packFolder = PackLayout.pack(pack.name)
        var findings: [Finding] = []
        var jobs: [(sticker: StickerSource, folder: String)] = []
        var seen = Set<String>()
        for sticker in pack.stickers {
            let problem = PackLayout.problem(withStickerName: sticker.name)
                ?? (seen.insert(sticker.name.lowercased()).inserted ? nil
                    : "another sticker already has the name \"\(sticker.name)\" (names must differ, ignoring case)")
            if let problem {
                findings.append(Self.failure(sticker, reason: problem)); continue
            }
            jobs.append((sticker, packFolder + "/" + sticker.name + (isKeptSequence(sticker) ? ".stickersequence" : ".sticker")))
        }
        let builder = self, root = pack.root
        let results = await BatchRunner(maxConcurrency: options.maxConcurrency)
            .run(jobs.map { Job(sticker: $0.sticker, folder: $0.folder) }, label: { $0.sticker.name }, progress: progress) {
                try builder.buildSticker($0.sticker, root: root, folder: $0.folder, previous: previous)
            }
        var files: [String: [UInt8]] = [:], entries: [ManifestSticker] = [], folders: [String] = []
        var record = BuildRecord(units: [:])
        var reused = 0
        for (job, result) in zip(jobs, results) {
            switch result {
            case .failure(let error):
                findings.append(Self.failure(job.sticker, reason: "\(error)"))
            case .success(let unit):
                guard let entry = unit.sticker else { continue }
                files.merge(unit.files) { new, _ in new }
                entries.append(entry)
                folders.append(String(job.folder.dropFirst(packFolder.count + 1)))
                record.units["sticker:\(job.sticker.name)"] = BuildRecord.CachedUnit(
                    key: unit.key, files: unit.files.mapValues(Digest.hex), sticker: entry, fitProblem: unit.fitProblem)
                if unit.reused { reused += 1 }
                if entry.format != "stickersequence" && entry.bytes > options.maxBytes {
                    findings.append(tooLarge(job.sticker, bytes: entry.bytes, fitProblem: unit.fitProblem))
                }
                if let fit = entry.fit, fit.belowQualityFloor, let floor = options.fit?.options.minQuality {
                    findings.append(Self.belowFloor(job.sticker, fit: fit, floor: floor))
                }
            }
        }
        let icons = try await buildIcons(pack, previous: previous)
        files.merge(icons.unit.files) { new, _ in new }
        if !icons.unit.key.isEmpty {
            record.units["icons"] = BuildRecord.CachedUnit(key: icons.unit.key, files: icons.unit.files.mapValues(Digest.hex))
        }
        findings += icons.findings
        let manifest = BuildManifest(pack: ManifestPack(name: pack.name, gridSize: pack.gridSize, count: entries.count),
                                     stickers: entries)
        files[PackLayout.catalog + "/Contents.json"] = XcodeJSONWriter.bytes(XcodeContents.root())
        files[packFolder + "/Contents.json"] = XcodeJSONWriter.bytes(XcodeContents.pack(gridSize: pack.gridSize, stickerFolders: folders))
        files[PackLayout.manifest] = try Self.encodeManifest(manifest)
        files[BuildRecord.fileName] = try record.encoded()
        if let project = options.xcodeProject { files.merge(XcodeProjectFiles.files(for: project)) { built, _ in built } }
        return BuildPlan(files: files, manifest: manifest, findings: findings, reusedCount: reused,
                         builtCount: entries.count - reused, iconsReused: icons.unit.reused)
    }

    private struct Job: Sendable {
        var sticker: StickerSource
        var folder: String
    }

    private func isKeptSequence(_ sticker: StickerSource) -> Bool {
        if case .sequence = sticker.content { return options.keepSequences }
        return false
    }

    /// Sorted, pretty, slash-unescaped JSON with a trailing newline.
    static func encodeManifest(_ manifest: BuildManifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [0x0A]
    }

    static func failure(_ sticker: StickerSource, reason: String) -> Finding {
        Finding(rule: BuildRules.buildFailed.id, severity: .error, sticker: sticker.name, file: sticker.folder ?? sticker.files.first,
                message: "could not build: \(reason)", hint: "Fix the input named above; the other stickers were built.")
    }

    static func belowFloor(_ sticker: StickerSource, fit: FitReport, floor: Double) -> Finding {
        Finding(rule: BuildRules.fitBelowQualityFloor.id, severity: BuildRules.fitBelowQualityFloor.defaultSeverity,
                sticker: sticker.name, file: sticker.folder ?? sticker.files.first,
                message: "fitted at quality \(FitError.figure(fit.quality, below: floor)), below the floor of \(FitError.figure(floor)): "
                    + "\(NumberText.int(fit.finalBytes)) bytes, limit \(NumberText.int(fit.maxBytes)), "
                    + "\(fit.width)x\(fit.height) px, \(fit.framesIn - fit.framesDropped) of \(fit.framesIn) frames",
                hint: "The best candidate under the limit was written. Accept it (lower --min-quality), or give the fitter less "
                    + "to keep: fewer frames, less noise or grain, fewer translucent pixels.")
    }

    private func tooLarge(_ sticker: StickerSource, bytes: Int, fitProblem: String?) -> Finding {
        let limit = options.maxBytes
        // The fitter's own reason names what it reached and what to change (allow lossy, lower the floor).
        let hint = fitProblem.map { "--fit could not get it under the limit: \($0)." }
            ?? (options.fit == nil ? "Build with --fit (add --lossy to allow fewer colours, frames or pixels), or reduce "
                    + "the pixel size, the number of frames or the frame rate, or use fewer colours."
                : "Reduce the pixel size, the number of frames or the frame rate, or use fewer colours.")
        return Finding(rule: "file_too_large", severity: .error, sticker: sticker.name, file: sticker.folder ?? sticker.files.first,
                       message: "built file is \(NumberText.int(bytes)) bytes, limit \(NumberText.int(limit)) bytes "
                           + "(\(NumberText.int(bytes - limit)) over)", hint: hint)
    }

}
