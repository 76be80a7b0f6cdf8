import Foundation

/// Where a repaired catalog is staged and where it goes: a hidden folder beside the output, moved
/// into place whole when the repair is done (so an interrupted run leaves no half catalog), or a
/// temporary folder that is deleted again for `--dry-run`.
public struct FixTarget: Sendable {
    /// Where the copy is repaired.
    public let staging: String
    /// Where it goes; nil for a dry run.
    public let output: String?

    /// Why a target cannot be used.
    public enum Problem: Error, CustomStringConvertible {
        case overlapsSource(output: String, source: String)
        case exists(output: String)

        public var description: String {
            switch self {
            case let .overlapsSource(output, source):
                return "--output \(output) is the catalog \(source) or inside it (or holds it); the source is never modified: choose another path"
            case let .exists(output):
                return "--output \(output) already exists; remove it or choose another path (fix never overwrites)"
            }
        }
    }

    /// A target for repairing the catalog at `source` into `output` (nil with `dryRun`).
    /// - Throws: `Problem` when the output overlaps the source or already exists (an empty folder is fine).
    public init(source: String, output: String?, dryRun: Bool) throws {
        let name = CatalogReader.lastComponent(URL(fileURLWithPath: source).standardizedFileURL.path)
        guard !dryRun, let output else {
            staging = FileIO.join(NSTemporaryDirectory(), "stickerforge-fix-\(UUID().uuidString)/\(name)")
            self.output = nil
            try FileManager.default.createDirectory(atPath: CatalogReader.parent(of: staging), withIntermediateDirectories: true)
            return
        }
        let out = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        let src = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path
        if out == src || out.hasPrefix(src + "/") || src.hasPrefix(out + "/") {
            throw Problem.overlapsSource(output: output, source: source)
        }
        let kind = FileIO.kind(of: out)
        if kind.exists {
            let empty = kind.isDirectory && ((try? FileManager.default.contentsOfDirectory(atPath: out).isEmpty) ?? false)
            guard empty else { throw Problem.exists(output: output) }
        }
        let parent = CatalogReader.parent(of: out)
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        staging = FileIO.join(parent, ".\(CatalogReader.lastComponent(out)).stickerforge-fix-\(UUID().uuidString)")
        self.output = out
    }

    /// Moves the repaired copy into place, or deletes it for a dry run.
    public func commit() throws {
        guard let output else { discard(); return }
        if FileIO.kind(of: output).exists { try FileManager.default.removeItem(atPath: output) }
        try FileIO.rename(staging, to: output)
    }

    /// Deletes the staging folder (after a failure or a dry run); a leftover is hidden and harmless.
    public func discard() {
        let folder = output == nil ? CatalogReader.parent(of: staging) : staging
        try? FileManager.default.removeItem(atPath: folder)   // cleanup after the real outcome is reported
    }
}
