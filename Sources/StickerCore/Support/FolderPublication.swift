import Foundation

/// Writing a whole output folder: the lock taken (one writer per output), leftovers of killed runs
/// swept, the existing folder checked to be replaceable, a staging folder made; the caller writes
/// into `staged`, then `publish()` puts it in place in one step. Released (lock dropped, staging
/// deleted if not published) when the value goes.
public final class FolderPublication: @unchecked Sendable {  // one owner publishes or drops it; `state` is locked
    /// The output folder as the user named it (standardised).
    public let target: String
    /// Where the new folder is written.
    public var staged: String { area.staged }
    /// Leftovers removed beside the output.
    public let swept: [String]
    /// Whether an output existed before.
    public let replacing: Bool

    private let area: StagingArea
    private let lock: OutputLock
    private let state = NSLock()
    private var finished = false

    /// Starts writing `target`. `replaceable` throws when an existing folder may not be replaced.
    /// `makeFolder` false leaves `staged` for the caller to create (a copy made with `copyItem`).
    /// - Throws: whatever `replaceable` throws (e.g. `BuildError.notOurFolder`); `FileIOError` naming the path.
    public init(target: String, waiting: (String) -> Void, makeFolder: Bool = true,
                replaceable: (String) throws -> Void) throws {
        self.target = URL(fileURLWithPath: target).standardizedFileURL.path
        lock = try OutputLock(for: self.target, waiting: waiting)
        swept = StagingArea.sweep(besides: self.target)
        let existing = FileIO.kind(of: self.target)
        replacing = existing.exists
        if existing.exists { try replaceable(self.target) }
        area = StagingArea(target: self.target)
        try area.create()
        guard makeFolder else { return }
        do { try FileManager.default.createDirectory(atPath: area.staged, withIntermediateDirectories: false) } catch {
            area.discard()
            throw FileIOError.writeFailed(path: self.target, reason: "cannot create the folder (\(FileIO.reasonText(error)))")
        }
    }

    /// Flushes the staged folder and puts it in place of the old one in one step; the old one is deleted.
    public func publish() throws -> PublishOutcome {
        state.lock()
        defer { state.unlock() }
        let note = try area.publish()
        finished = true
        return PublishOutcome(swept: swept, note: note)
    }

    /// Deletes the staged folder without publishing it (a failure, a dry run).
    public func discard() {
        state.lock()
        defer { state.unlock() }
        if !finished { area.discard() }
        finished = true
    }

    deinit {
        if !finished { area.discard() }
        withExtendedLifetime(lock) {}
    }
}

/// What publishing an output did besides writing it.
public struct PublishOutcome: Equatable, Sendable {
    /// Leftovers of killed runs removed beside the output.
    public var swept: [String]
    /// A note when the previous output could not be deleted (the new one is in place).
    public var note: String?

    public init(swept: [String] = [], note: String? = nil) { self.swept = swept; self.note = note }

    /// Lines for standard error: what was swept, and the note.
    public var messages: [String] {
        swept.map { "removed \($0), left by an interrupted stickerforge run" } + (note.map { ["note: \($0)"] } ?? [])
    }
}
