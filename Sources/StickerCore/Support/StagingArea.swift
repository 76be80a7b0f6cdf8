import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an output is made before it is published: a hidden folder beside the target,
/// `.NAME.stickerforge-staging-UUID/`, holding a marker file and the new output under the target's own
/// name. Publishing exchanges the new output with the old one in one step (or renames it into
/// place), so the target is always the old output or the new one, whole; the old one is then
/// deleted with the staging folder. A staging folder whose process died is recognised by its
/// marker (never by its name alone) and swept by the next run on the same target.
public struct StagingArea: Sendable {
    /// The output as the user named it.
    public let target: String
    /// The staging folder; the new output is `staged`.
    public let folder: String
    /// Where the new output is made: `folder/NAME`.
    public let staged: String

    /// The marker file's name inside a staging folder.
    static let markerName = ".stickerforge-staging"
    /// The first line of a marker.
    static let markerTag = "stickerforge staging"
    /// The build record's file name, which marks a build folder as this tool's (`BuildRecord`).
    public static let buildRecordName = ".stickerforge-build.json"

    /// A new staging folder for `target` (not yet created: call `create()`).
    public init(target: String) {
        self.target = target
        let url = URL(fileURLWithPath: target).standardizedFileURL
        let name = url.lastPathComponent
        folder = url.deletingLastPathComponent().appendingPathComponent(
            ".\(name).stickerforge-staging-\(getpid())-\(UUID().uuidString)").path
        staged = FileIO.join(folder, name)
    }

    /// Creates the staging folder and its marker (this process's id and start time).
    /// - Throws: `FileIOError.writeFailed` naming the target's folder.
    public func create() throws {
        let parent = CatalogReader.parent(of: folder)
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
            throw FileIOError.writeFailed(path: target, reason: "cannot create a staging folder in \(parent) (\(FileIO.reasonText(error)))")
        }
        let marker = "\(Self.markerTag)\npid \(getpid())\nstarted \(ProcessIdentity.startTime(of: getpid()) ?? ProcessIdentity.unknownStart)\n"
        // Not flushed: a marker lost to a power cut only means that leftover is not swept.
        do { try FileSwap.writeNewFile(Array(marker.utf8), to: FileIO.join(folder, Self.markerName), shownPath: target, flush: false) } catch {
            try? FileManager.default.removeItem(atPath: folder)   // the write error is what the user needs to see
            throw error
        }
    }

    /// Makes the staged output the target: flushed to the disk, then exchanged with the old one
    /// (or renamed into place when there is none), then the old one deleted.
    /// - Returns: a note when the old output could not be deleted (the new one is in place).
    /// - Throws: `FileIOError` naming the target; the target is then left as it was.
    @discardableResult
    public func publish() throws -> String? {
        try FileSwap.syncTree(folder)
        let parent = CatalogReader.parent(of: folder)
        let existing = FileIO.kind(of: target)
        if !existing.exists {
            try FileIO.rename(staged, to: target)
        } else if existing.isDirectory {
            if try !FileSwap.exchange(staged, target) {
                // No exchange on this file system: the old output is moved into the staging folder, then
                // the new one in; a kill between the two leaves the old one there (docs/security.md).
                let aside = FileIO.join(folder, "previous")
                try FileIO.rename(target, to: aside)
                do { try FileIO.rename(staged, to: target) } catch {
                    try? FileIO.rename(aside, to: target)   // put the old one back; the first error is reported
                    throw error
                }
            }
        } else {
            try FileIO.rename(staged, to: target)
        }
        try FileSwap.sync(parent)
        return discard()
    }

    /// Deletes the staging folder (after publishing, a failure or a dry run).
    /// - Returns: a note naming it when it could not be deleted.
    @discardableResult
    public func discard() -> String? {
        guard FileIO.kind(of: folder).exists else { return nil }
        FaultPoint.reached("remove \(folder)")
        do { try FileManager.default.removeItem(atPath: folder) } catch {
            return "could not delete the staging folder \(folder) (\(FileIO.reasonText(error))); the next run removes it"
        }
        return nil
    }
}

extension StagingArea {
    /// Removes what killed runs of this tool left beside `target`: staging folders whose marker names a
    /// process that is gone, and (from earlier versions) hidden `-old-`/`-new-` build folders that hold a
    /// build record. Nothing without one of these marks is touched, whatever its name.
    /// - Returns: the paths removed.
    @discardableResult
    public static func sweep(besides target: String) -> [String] {
        let url = URL(fileURLWithPath: target).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).stickerforge-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }  // no folder yet: nothing to sweep
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let path = FileIO.join(parent, name)
            let rest = name.dropFirst(prefix.count)
            let ours: Bool
            if rest.hasPrefix("staging-") {
                if isEmptyAndOrphaned(path, name: String(rest)) {
                    // Killed between making the folder and writing its marker: nothing in it to lose.
                    if rmdir(path) == 0 { removed.append(path) }
                    continue
                }
                ours = isAbandoned(path)
                // Killed between the two renames of a file system that cannot exchange: the old output
                // goes back in place before anything is removed.
                let previous = FileIO.join(path, "previous")
                if ours, !FileIO.kind(of: url.path).exists, FileIO.kind(of: previous).exists {
                    do { try FileIO.rename(previous, to: url.path) } catch { continue }   // left for a later run
                }
            } else if rest.hasPrefix("old-") || rest.hasPrefix("new-") {
                ours = FileIO.kind(of: FileIO.join(path, buildRecordName)).exists
            } else {
                ours = false
            }
            guard ours else { continue }
            do { try FileManager.default.removeItem(atPath: path); removed.append(path) } catch { continue }  // left for a later run
        }
        return removed
    }

    /// Whether `folder` is empty and its name (`staging-PID-UUID`) names a process that no longer runs.
    static func isEmptyAndOrphaned(_ folder: String, name: String) -> Bool {
        let parts = name.split(separator: "-")
        guard parts.count >= 2, let pid = Int32(parts[1]),
              let entries = try? FileManager.default.contentsOfDirectory(atPath: folder), entries.isEmpty else { return false }
        return !ProcessIdentity.isRunning(pid, startedAt: ProcessIdentity.unknownStart)
    }

    /// Whether `folder` is a staging folder whose marker names a process that no longer runs.
    static func isAbandoned(_ folder: String) -> Bool {
        guard let bytes = try? FileIO.read(FileIO.join(folder, markerName), maxBytes: 4096) else {
            return false   // no marker (yet, or not ours): never removed
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.first == markerTag, lines.count >= 3, lines[1].hasPrefix("pid "),
              let pid = Int32(lines[1].dropFirst(4)), lines[2].hasPrefix("started ") else { return false }
        let started = String(lines[2].dropFirst("started ".count))
        return !ProcessIdentity.isRunning(pid, startedAt: started)
    }
}

/// Which process a marker names: its id and its start time, so a reused id is not taken for the
/// process that wrote the marker.
enum ProcessIdentity {
    /// What a marker says when the start time cannot be read (a reused id then goes unnoticed).
    static let unknownStart = "unknown"

    /// The start time of `pid` as the kernel gives it (Linux: field 22 of /proc/PID/stat), nil elsewhere.
    static func startTime(of pid: Int32) -> String? { procStat(of: pid)?.startTime }

    /// Of /proc/PID/stat (Linux): the state letter (field 3; "Z" for a zombie) and the start time
    /// (field 22); nil elsewhere or when the process is gone.
    private static func procStat(of pid: Int32) -> (state: String, startTime: String)? {
        #if os(Linux)
        guard let bytes = try? FileIO.read("/proc/\(pid)/stat", maxBytes: 4096) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // The command name (field 2) may hold spaces and parentheses; the fields after it follow the last ')'.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? (String(fields[0]), String(fields[19])) : nil
        #else
        return nil
        #endif
    }

    /// Whether `pid` runs and is the process that started at `startedAt`. A zombie (killed, not yet
    /// reaped by its parent) runs no more code: its staging folder is abandoned. A process that is
    /// gone between the two looks is not running.
    static func isRunning(_ pid: Int32, startedAt: String) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard startedAt != unknownStart else { return true }
        #if os(Linux)
        guard let stat = procStat(of: pid) else { return false }
        return stat.state != "Z" && stat.startTime == startedAt
        #else
        return true
        #endif
    }
}
