import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// `check` over the paths it was given (catalogs, sticker files, Contents.json, stickerforge.yml):
/// resolves them to packs (`CheckTargetResolver`), checks each with its own settings and, when
/// there are several, merges the reports into one rooted at the deepest folder they share.
public struct CheckPlan: Sendable {
    /// Overrides for every pack's settings.
    public var overrides: PackOverrides
    /// Stickers in flight at once; nil for one per core.
    public var jobs: Int?
    /// The absolute working directory.
    public var workingDirectory: String
    /// The store every pack is judged for.
    public var platform: PlatformRules = .imessage
    /// Version written into the report.
    public var toolVersion: String

    /// What the check found, ready for the reporters and the baseline.
    public struct Outcome: Sendable {
        /// The report (merged when several packs were checked); nil when no path was part of a pack.
        public var checked: Checked?
        /// Paths given that are not part of any sticker catalog, so were not checked.
        public var ignored: [String]
        /// Store folders given that a build split in two (`OUT/whatsapp`), each half checked as its own pack.
        public var splitFolders: [SplitFolder] = []
    }

    /// A store folder given that a build split in two, and the halves checked in its place.
    public struct SplitFolder: Equatable, Sendable {
        /// The folder as given (`out/whatsapp`).
        public var folder: String
        /// Its halves as checked (`out/whatsapp/static`, `out/whatsapp/animated`).
        public var halves: [String]
    }

    /// The check of the packs found.
    public struct Checked: Sendable {
        /// The report.
        public var report: CheckReport
        /// The checked stickers, for the HTML report.
        public var subjects: CheckedStickers
        /// The first pack's byte limit.
        public var maxBytes: Int
        /// The report's root as shown relative to the working directory.
        public var root: String
        /// Paths (relative to the working directory) whose baseline entries this run can judge.
        public var covered: [String]
    }

    /// A plan checking with `overrides` from `workingDirectory`.
    public init(overrides: PackOverrides, jobs: Int? = nil, workingDirectory: String, toolVersion: String) {
        self.overrides = overrides; self.jobs = jobs; self.workingDirectory = workingDirectory; self.toolVersion = toolVersion
    }

    /// Checks `paths`; `progress` hears (done, total, sticker name) for each pack in turn and
    /// `finished` when a pack's check is over.
    /// - Throws: the resolver's and readers' errors, when a path or catalog cannot be read at all.
    public func run(_ paths: [String], progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in },
                    finished: () -> Void = {}) async throws -> Outcome {
        let given = paths
        let split = given.compactMap { path in splitStoreHalves(of: path).map { SplitFolder(folder: path, halves: $0) } }
        let paths = given.flatMap { path in split.first { $0.folder == path }?.halves ?? [path] }
        let plan = try CheckTargetResolver(workingDirectory: workingDirectory).resolve(paths)
        var parts: [Part] = []
        for target in plan.targets {
            // One catalog given alone is read and shown exactly as typed.
            let alone = paths.count == 1 && plan.targets.count == 1 && target.scope == .wholePack
                && FileIO.kind(of: paths[0]).isDirectory
            parts.append(try await check(target, catalog: alone ? paths[0] : target.catalog, progress: progress))
            finished()
        }
        return Outcome(checked: merged(parts), ignored: plan.ignored, splitFolders: split)
    }
}
