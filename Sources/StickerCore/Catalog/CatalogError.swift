/// Why a catalog could not be read at all. Everything short of this is a `CatalogProblem` on the pack,
/// so one run reports every problem instead of stopping at the first.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path exists but is a file, not a folder.
    case notAFolder(path: String)
    /// The folder exists but cannot be listed (permissions, I/O error).
    case unreadable(path: String, reason: String)

    /// One line naming the path and what to do.
    public var description: String {
        switch self {
        case .notFound(let path):
            return "no catalog at '\(path)': nothing exists there"
        case .notAFolder(let path):
            return "'\(path)' is a file; give a .xcstickers catalog, a .stickerpack or a folder of images"
        case .unreadable(let path, let reason):
            return "cannot read the catalog folder '\(path)': \(reason)"
        }
    }
}
