import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system primitives that replacing an output safely rests on: exchanging two paths in one
/// step, flushing files and folders to the disk, and naming the errors a user can act on.
public enum FileSwap {
    /// Exchanges `a` and `b` in one atomic step (Linux `renameat2(RENAME_EXCHANGE)`, macOS
    /// `renamex_np(RENAME_SWAP)`), so there is never a moment with neither at `b`.
    /// - Returns: false when this file system or kernel cannot exchange (the caller falls back).
    /// - Throws: `FileIOError.writeFailed` naming `b` for any other failure.
    public static func exchange(_ a: String, _ b: String) throws -> Bool {
        FaultPoint.reached("exchange \(b)")
        #if canImport(Glibc)
        // glibc declares renameat2 only for _GNU_SOURCE, which Swift's Glibc module does not set,
        // so it is looked up by name (glibc 2.28 and later export it).
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        if renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 { return true }
        #elseif canImport(Darwin)
        if renamex_np(a, b, UInt32(RENAME_SWAP)) == 0 { return true }
        #endif
        let code = errno
        if code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP { return false }
        throw FileIOError.writeFailed(path: b, reason: reason(code))
    }

    /// Flushes `path` (a file or a folder's entries) to the disk with `fsync(2)`.
    public static func sync(_ path: String) throws {
        FaultPoint.reached("fsync \(path)")
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileIOError.writeFailed(path: path, reason: "cannot open to flush (\(reason(errno)))") }
        defer { close(fd) }
        if fsync(fd) != 0 { throw FileIOError.writeFailed(path: path, reason: "cannot flush to the disk (\(reason(errno)))") }
    }

    /// Flushes every file and folder under `root`, deepest first, and `root` itself, so that what a
    /// rename then makes visible is on the disk (a power cut shows the old output or the new one).
    public static func syncTree(_ root: String) throws {
        var folders = [root]
        var index = 0
        while index < folders.count {
            let folder = folders[index]
            index += 1
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
                throw FileIOError.writeFailed(path: folder, reason: "cannot list (\(FileIO.reasonText(error)))")
            }
            for name in names.sorted() {
                let path = FileIO.join(folder, name)
                var st = stat()
                guard lstat(path, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG: try sync(path)
                default: continue
                }
            }
        }
        for folder in folders.reversed() { try sync(folder) }
    }

    /// Writes `bytes` to a new file at `path` (which must not exist) and flushes it to the disk.
    /// - Throws: `FileIOError.writeFailed` naming `shownPath` (the user's path, not a staging one),
    ///   with "the disk is full" when it is.
    public static func writeNewFile(_ bytes: [UInt8], to path: String, shownPath: String? = nil, flush: Bool = true) throws {
        let shown = shownPath ?? path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw FileIOError.writeFailed(path: shown, reason: reason(errno)) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        FaultPoint.reached("write \(shown)")
        if failure == 0, flush, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw FileIOError.writeFailed(path: shown, reason: reason(failure)) }
    }

    /// What an errno means to the user; a full disk is said as such, with what to do.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "the disk is full (no space left on device); free some space and run again"
        case EDQUOT: return "the disk quota is exceeded; free some space and run again"
        case EROFS: return "the file system is read-only"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }
}
