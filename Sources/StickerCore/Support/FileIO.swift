import Foundation

/// Why a file could not be read or written; every case names the path.
public enum FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case notRegularFile(path: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case readFailed(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let p): return "\(p): no such file"
        case .notRegularFile(let p): return "\(p): not a regular file"
        case .tooLarge(let p, let bytes, let limit):
            return "\(p): \(bytes) bytes, over the limit of \(limit) bytes read into memory; not read"
        case .readFailed(let p, let r): return "\(p): cannot read: \(r)"
        case .writeFailed(let p, let r): return "\(p): cannot write: \(r)"
        }
    }

    /// What went wrong, without the path.
    public var reason: String {
        switch self {
        case .notFound: return "no such file"
        case .notRegularFile: return "not a regular file"
        case .tooLarge(_, let bytes, let limit): return "\(bytes) bytes, over the limit of \(limit) bytes read into memory; not read"
        case .readFailed(_, let r): return "cannot read: \(r)"
        case .writeFailed(_, let r): return "cannot write: \(r)"
        }
    }
}

/// Reading inputs with a size cap and writing outputs atomically (temporary file, then rename),
/// so an interrupted run never leaves a half-written file and sources are never touched.
public enum FileIO {
    /// The file's bytes; refuses non-regular files and files over `maxBytes` before reading them.
    public static func read(_ path: String, maxBytes: Int = .max) throws -> [UInt8] {
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT { throw FileIOError.notFound(path: path) }
            throw FileIOError.readFailed(path: path, reason: String(cString: strerror(errno)))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw FileIOError.notRegularFile(path: path) }
        if Int(st.st_size) > maxBytes { throw FileIOError.tooLarge(path: path, bytes: Int(st.st_size), limit: maxBytes) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileIOError.readFailed(path: path, reason: "open failed")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return [UInt8](data)
        } catch {
            throw FileIOError.readFailed(path: path, reason: "\(error)")
        }
    }

    /// Writes `bytes` to `path` whole: into a marked staging folder beside it, flushed to the disk,
    /// then renamed into place (`StagingArea`); leftovers of killed runs beside `path` are swept first.
    /// - Throws: `FileIOError.writeFailed` naming `path` (a full disk is said as such).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        StagingArea.sweep(besides: path)
        let area = StagingArea(target: path)
        try area.create()
        do {
            try FileSwap.writeNewFile(bytes, to: area.staged, shownPath: path)
            try rename(area.staged, to: path)
            try FileSwap.sync(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } catch {
            area.discard()
            throw error
        }
        area.discard()
    }

    /// Renames with `rename(2)` (atomic within a file system); removes `cleanup` on failure. The error
    /// names `to`, the user's path, not the staging path.
    public static func rename(_ from: String, to: String, cleanup: String? = nil) throws {
        FaultPoint.reached("rename \(to)")
        #if canImport(Glibc)
        let status = Glibc.rename(from, to)
        #else
        let status = Darwin.rename(from, to)
        #endif
        if status != 0 {
            let reason = FileSwap.reason(errno)
            if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }  // best effort: the error below is what matters
            throw FileIOError.writeFailed(path: to, reason: "cannot move the new output into place (\(reason))")
        }
    }

    /// Whether `path` exists, and whether it is a folder.
    public static func kind(of path: String) -> (exists: Bool, isDirectory: Bool) {
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        return (exists, isDir.boolValue)
    }

    /// A short reason from a Foundation error.
    public static func reasonText(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return FileSwap.reason(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileWriteOutOfSpaceError: return FileSwap.reason(ENOSPC)
            case NSFileWriteVolumeReadOnlyError: return FileSwap.reason(EROFS)
            case NSFileWriteNoPermissionError: return FileSwap.reason(EACCES)
            default: break
            }
        }
        return ns.localizedDescription
    }

    /// `relative` joined to `root` (a relative path stays relative to the working directory).
    public static func join(_ root: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || root.isEmpty { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}
