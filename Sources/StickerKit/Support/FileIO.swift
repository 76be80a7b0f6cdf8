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

    /// Writes `bytes` to a temporary file beside `path`, then renames it into place.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let temp = dir + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: temp, contents: Data(bytes)) else {
            throw FileIOError.writeFailed(path: path, reason: "cannot create a temporary file in \(dir)")
        }
        if rename(temp, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw FileIOError.writeFailed(path: path, reason: reason)
        }
    }
}
