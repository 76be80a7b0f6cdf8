import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File reads and atomic writes with errors that name the path and the reason.
enum FileIO {
    /// The whole file.
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw AssemblyError.io(path: path, reason: "cannot read (\(reasonText(error)))")
        }
    }

    /// Writes `bytes` to a temporary file in the destination's folder, then renames it over `path`,
    /// so a reader sees either the old file or the complete new one, never a partial file.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        do {
            try Data(bytes).write(to: temp)
        } catch {
            throw AssemblyError.io(path: path, reason: "cannot write (\(reasonText(error)))")
        }
        try rename(temp.path, to: path, cleanup: temp.path)
    }

    /// Renames with `rename(2)` (atomic within a file system); removes `cleanup` on failure.
    static func rename(_ from: String, to: String, cleanup: String? = nil) throws {
        #if canImport(Glibc)
        let status = Glibc.rename(from, to)
        #else
        let status = Darwin.rename(from, to)
        #endif
        if status != 0 {
            let reason = String(cString: strerror(errno))
            if let cleanup { try? FileManager.default.removeItem(atPath: cleanup) }  // best effort: the error below is what matters
            throw AssemblyError.io(path: to, reason: "cannot rename \(from) into place (\(reason))")
        }
    }

    /// Whether `path` exists, and whether it is a folder.
    static func kind(of path: String) -> (exists: Bool, isDirectory: Bool) {
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        return (exists, isDir.boolValue)
    }

    /// A short reason from a Foundation error.
    static func reasonText(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }

    /// `relative` joined to `root` (a relative path stays relative to the working directory).
    static func join(_ root: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || root.isEmpty { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}
