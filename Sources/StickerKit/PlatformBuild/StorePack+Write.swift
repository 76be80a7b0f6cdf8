import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

extension StorePack {
    /// Starts writing the store's folder `folder` whole (`FolderPublication`): an existing folder is
    /// replaced only when this tool wrote it or it is empty. Write the files with `writeFiles(into:)`,
    /// add the manifest and reports, then publish, so the folder appears complete or not at all.
    /// - Throws: `BuildError` or `FileIOError` with the path.
    public static func publication(for folder: String, waiting: (String) -> Void) throws -> FolderPublication {
        try FolderPublication(target: folder, waiting: waiting, replaceable: PackBuilder.requireReplaceable)
    }

    /// Writes the store's files and its build record (the mark of a folder this tool wrote) into
    /// `staged`, a new folder; errors name `shown`, the folder the user will see.
    /// - Throws: `BuildError.io` with the path.
    public func writeFiles(into staged: String, shown: String) throws {
        let all = files.merging([BuildRecord.fileName: try record.encoded()]) { own, _ in own }
        for path in all.keys.sorted() { try PackBuilder.writeStaged(all[path] ?? [], at: path, staged: staged, shown: shown) }
    }

    /// Writes the build record alone into `staged`: the mark that lets a later build replace
    /// `OUT/<store>` when it holds a split pack's `static/` and `animated/` folders.
    /// - Throws: `BuildError.io` with the path.
    public static func writeRecord(into staged: String, shown: String) throws {
        try PackBuilder.writeStaged(try BuildRecord(units: [:]).encoded(), at: BuildRecord.fileName, staged: staged, shown: shown)
    }
}
