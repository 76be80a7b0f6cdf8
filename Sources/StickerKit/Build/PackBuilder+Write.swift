import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension PackBuilder {
    /// Writes the plan (plus `extraFiles`, e.g. `report.json`) as the build folder `outputDir`.
    ///
    /// A file whose bytes equal the previous build's is hard-linked from it instead of written, so
    /// it keeps its inode and modification time: Xcode and other tools see only what changed.
    /// One run at a time writes an output (`OutputLock`; a second one waits, calling `waiting`).
    /// Leftovers of killed runs beside the output are swept first. Everything is written into a
    /// marked staging folder beside the output and flushed to the disk; only then is it exchanged
    /// with the old folder in one step (`StagingArea.publish`), and the old one deleted. A failure at
    /// any point leaves the previous build untouched. An existing folder is replaced only when this
    /// tool created it (it holds `.stickerforge-build.json`) or it is empty.
    /// - Returns: what the write swept and any note about the old folder's removal.
    /// - Throws: `BuildError.notOurFolder` for any other existing path; `BuildError.invalidExtraFile`
    ///   when an extra file would replace a built one or leave the folder; I/O errors with the path.
    @discardableResult
    public func write(_ plan: BuildPlan, extraFiles: [String: [UInt8]] = [:], to outputDir: String,
                      waiting: (String) -> Void = { _ in }) throws -> PublishOutcome {
        for path in extraFiles.keys {
            if plan.files[path] != nil { throw BuildError.invalidExtraFile(path: path, reason: "the build already writes this file") }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || path.isEmpty || parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
                throw BuildError.invalidExtraFile(path: path, reason: "the path must be relative and stay inside the build folder")
            }
        }
        let publication = try FolderPublication(target: outputDir, waiting: waiting, replaceable: Self.requireReplaceable)
        let output = publication.target
        let all = plan.files.merging(extraFiles) { built, _ in built }
        for path in all.keys.sorted() {
            let bytes = all[path] ?? []
            try Self.writeStaged(bytes, at: path, staged: publication.staged, shown: output) { target, shown in
                publication.replacing && Self.linkIfUnchanged(shown, bytes: bytes, to: target)
            }
            try afterFileWritten?(path)
        }
        return try publication.publish()
    }

    /// Refuses to replace an existing path unless it is a folder this tool built (a readable build
    /// record) or an empty folder.
    /// - Throws: `BuildError.notOurFolder`, or `BuildError.io` when the folder cannot be listed.
    static func requireReplaceable(_ folder: String) throws {
        guard FileIO.kind(of: folder).isDirectory else { throw BuildError.notOurFolder(path: folder) }
        if try BuildRecord.load(fromFolder: folder) != nil { return }
        let empty: Bool
        do { empty = try FileManagerListing.contents(of: folder).isEmpty } catch {
            throw BuildError.io(path: folder, reason: "cannot list (\(FileIO.reasonText(error)))")
        }
        if !empty { throw BuildError.notOurFolder(path: folder) }
    }

    /// Writes `bytes` as the new file `relative` of the staged folder `staged` (its folders made), unless
    /// `linked` put it there already (a hard link to the previous build's identical file). Errors name
    /// the path under `shown`, the folder the user will see once it is published.
    /// - Throws: `BuildError.io` with that path.
    static func writeStaged(_ bytes: [UInt8], at relative: String, staged: String, shown: String,
                            linked: (_ target: String, _ shown: String) -> Bool = { _, _ in false }) throws {
        let target = FileIO.join(staged, relative), shownPath = FileIO.join(shown, relative)
        do { try FileManager.default.createDirectory(atPath: CatalogReader.parent(of: target), withIntermediateDirectories: true) } catch {
            throw BuildError.io(path: CatalogReader.parent(of: shownPath), reason: "cannot create the folder (\(FileIO.reasonText(error)))")
        }
        if linked(target, shownPath) { return }
        do { try FileSwap.writeNewFile(bytes, to: target, shownPath: shownPath, flush: false) } catch let error as FileIOError {
            throw BuildError.io(path: shownPath, reason: error.reason)
        }
    }
}
