import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path inside the catalog turned out to be. Paths that are not safe to open carry the reason,
/// so the reader reports them instead of opening them.
enum CatalogEntry: Equatable {
    case missing
    case file
    case directory
    /// A symbolic link out of the catalog, a FIFO, a device or a socket; never opened.
    case unsafe(reason: String)
    /// It exists but cannot be inspected (permissions).
    case unreadable(reason: String)
}

/// File access confined to one catalog root. Every path it takes is relative to the root, which is
/// also the form every problem and `StickerSource` uses.
struct CatalogFileSystem {
    /// The root as given (no trailing slash).
    let root: String
    /// The root with every symbolic link resolved; containment is judged against it.
    let realRoot: String

    /// Opens a root, throwing only when it cannot be read at all.
    init(root given: String) throws {
        var trimmed = given
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        var info = stat()
        guard stat(trimmed, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw CatalogError.notFound(path: given) }
            throw CatalogError.unreadable(path: given, reason: Self.errorText(code))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw CatalogError.notAFolder(path: given) }
        guard let real = Self.resolve(trimmed) else {
            throw CatalogError.unreadable(path: given, reason: Self.errorText(errno))
        }
        root = trimmed
        realRoot = real
    }

    /// Joins relative path parts, skipping empty ones.
    static func join(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// The path on disk for a relative path.
    func absolute(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Classifies a relative path, following symbolic links only to see where they lead.
    func entry(_ relative: String) -> CatalogEntry {
        let path = absolute(relative)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .unreadable(reason: Self.errorText(code))
        }
        // Resolve every component, not only the last: a linked parent folder escapes just as well.
        guard let real = Self.resolve(path) else {
            let code = errno
            return code == ENOENT ? .missing : .unreadable(reason: Self.errorText(code))
        }
        guard real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
            return .unsafe(reason: "resolves outside the catalog root through a symbolic link (to \(real))")
        }
        guard stat(real, &info) == 0 else { return .unreadable(reason: Self.errorText(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFIFO: return .unsafe(reason: "is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: return .unsafe(reason: "is a device, not a regular file")
        case S_IFSOCK: return .unsafe(reason: "is a socket, not a regular file")
        default: return .unsafe(reason: "is not a regular file")
        }
    }

    /// Names in a folder, in natural order. Throws the system's reason when it cannot be listed.
    func children(of relative: String) throws -> [String] {
        NaturalOrder.sorted(try FileManager().contentsOfDirectory(atPath: absolute(relative)))
    }

    /// The bytes of a file already classified as `.file`.
    func read(_ relative: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: absolute(relative)))
    }

    /// Why a name taken from a catalog file may not be used as a file name in its folder, or nil.
    /// Such names are reported and never opened.
    static func unsafeNameReason(_ name: String, allowSubfolders: Bool = false) -> String? {
        if name.isEmpty { return "the filename is empty" }
        if name.hasPrefix("/") { return "'\(name)' is an absolute path; name a file inside the catalog" }
        if name.unicodeScalars.contains("\0") { return "'\(name)' contains a NUL character" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "'\(name)' leaves its folder through '..'"
        }
        if !allowSubfolders && name.contains("/") {
            return "'\(name)' contains '/'; name a file in the same folder"
        }
        if name == "." { return "'.' is not a file name" }
        return nil
    }

    /// Why a path outside any catalog (a `--config` file) must not be opened, or nil: a FIFO would
    /// block the read forever, a device would never end.
    static func notRegularFileReason(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not a file"
        default: return "is not a regular file"
        }
    }

    private static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
