import Foundation
import StickerCore

/// What `watch` compares to notice a change: a file's size and modification time.
public struct FileStamp: Equatable, Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64

    /// The stamp of `path`, or nil when it does not exist (symbolic links are not followed).
    public static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
        let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #else
        let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #endif
        return FileStamp(size: Int64(st.st_size), modified: ns)
    }
}

/// Every file below a catalog root with its stamp: compared between polls to see whether anything
/// changed. Hidden files are skipped and symbolic links are not followed, so a link loop cannot hang.
public struct CatalogSnapshot: Equatable, Sendable {
    /// Stamps by path relative to the root.
    public var stamps: [String: FileStamp]

    /// Walks `root` (at most `limit` entries, so a huge folder cannot stall a poll).
    public static func take(root: String, limit: Int = 100_000) -> CatalogSnapshot {
        var stamps: [String: FileStamp] = [:]
        var pending = [""]
        while let folder = pending.popLast(), stamps.count < limit {
            let path = folder.isEmpty ? root : root + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }  // vanished mid-walk: next poll sees it
            for name in names where !name.hasPrefix(".") {
                // The limit holds inside one folder too: a single huge folder is the likely case.
                guard stamps.count < limit else { break }
                let relative = folder.isEmpty ? name : folder + "/" + name
                var st = stat()
                guard lstat(root + "/" + relative, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    pending.append(relative)
                } else if let stamp = FileStamp.of(root + "/" + relative) {
                    stamps[relative] = stamp
                }
            }
        }
        return CatalogSnapshot(stamps: stamps)
    }
}
