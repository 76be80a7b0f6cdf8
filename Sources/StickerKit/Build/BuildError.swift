import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Why a build could not be prepared or written.
public enum BuildError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output path holds something this tool did not create; it is never replaced.
    case notOurFolder(path: String)
    /// `.stickerforge-build.json` exists but cannot be read as ours.
    case unreadableBuildRecord(path: String, reason: String)
    /// An extra file would replace a built file, or its path leaves the build folder.
    case invalidExtraFile(path: String, reason: String)
    /// The icon source could not be used.
    case iconSource(path: String, reason: String)
    /// A file-system step failed.
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .notOurFolder(let path):
            return "\(path) exists and was not created by stickerforge (no \(BuildRecord.fileName) marker); "
                + "refusing to replace it: choose another output folder or remove it yourself"
        case let .unreadableBuildRecord(path, reason):
            return "\(path) is not a stickerforge build record (\(reason)); refusing to treat its folder as ours"
        case let .invalidExtraFile(path, reason):
            return "extra file \(path): \(reason)"
        case let .iconSource(path, reason):
            return "icon source \(path): \(reason)"
        case let .io(path, reason):
            return "\(path): \(reason)"
        }
    }
}
