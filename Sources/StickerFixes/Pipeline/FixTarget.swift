import Foundation
import StickerCore
import StickerEncoding
import StickerReports
import StickerRules

/// Where a repaired catalog is staged and where it goes: a marked staging folder beside the output,
/// put into place whole when the repair is done (`FolderPublication`: so an interrupted run leaves no
/// half catalog, and the next run sweeps what it left), or a temporary folder that is deleted again
/// for `--dry-run`.
public struct FixTarget: Sendable {
    /// Where the copy is repaired.
    public let staging: String
    /// Where it goes; nil for a dry run.
    public let output: String?
    private let publication: FolderPublication?

    /// Why a target cannot be used.
    public enum Problem: Error, CustomStringConvertible {
        case exists(output: String)

        public var description: String {
            switch self {
            case let .exists(output):
                return "--output \(output) already exists; remove it or choose another path (fix never overwrites)"
            }
        }
    }

    /// A target for repairing the catalog at `source` into `output` (nil with `dryRun`). `sources`
    /// are the command's other inputs (`--config`, icon images), which the output must not touch either.
    /// - Throws: `OutputRefusal` when the output overlaps a source; `Problem.exists` when it already
    ///   exists (an empty folder is fine); `FileIOError` when the staging folder cannot be made.
    public init(source: String, output: String?, dryRun: Bool, sources: [OutputGuard.Source] = [],
                waiting: (String) -> Void = { _ in }) throws {
        let name = CatalogReader.lastComponent(URL(fileURLWithPath: source).standardizedFileURL.path)
        guard !dryRun, let output else {
            staging = FileIO.join(NSTemporaryDirectory(), "stickerforge-fix-\(UUID().uuidString)/\(name)")
            self.output = nil
            publication = nil
            try FileManager.default.createDirectory(atPath: CatalogReader.parent(of: staging), withIntermediateDirectories: true)
            return
        }
        try OutputGuard(sources: [.init(source, role: "the catalog")] + sources).checkOverlap(output, option: "--output")
        let out = OutputGuard.resolved(output)
        let publication = try FolderPublication(target: out, waiting: waiting, makeFolder: false) { folder in
            let empty = FileIO.kind(of: folder).isDirectory && ((try? FileManager.default.contentsOfDirectory(atPath: folder).isEmpty) ?? false)
            guard empty else { throw Problem.exists(output: output) }
        }
        self.publication = publication
        staging = publication.staged
        self.output = out
    }

    /// Moves the repaired copy into place, or deletes it for a dry run.
    /// - Returns: what was swept beside the output, and any note.
    @discardableResult
    public func commit() throws -> PublishOutcome {
        guard let publication else { discard(); return PublishOutcome() }
        return try publication.publish()
    }

    /// `text` (an error or a problem met in the copy) with the staging folder's path replaced by
    /// `shown`, the path the user knows: the staging folder is gone once the command ends.
    public func userText(_ text: String, shown: String) -> String {
        text.replacingOccurrences(of: staging, with: shown)
    }

    /// Deletes the staging folder (after a failure or a dry run); a leftover is marked and swept later.
    public func discard() {
        if let publication { publication.discard(); return }
        try? FileManager.default.removeItem(atPath: CatalogReader.parent(of: staging))   // cleanup after the real outcome is reported
    }
}
