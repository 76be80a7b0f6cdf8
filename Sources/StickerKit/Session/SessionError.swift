import Foundation

/// Why a session (`CatalogBuildSession`, `StoreBuildSession`, `CheckPlan`) could not run to its end.
/// Errors of the steps it calls (reading, building, writing) pass through as they are.
public enum SessionError: Error, CustomStringConvertible, Equatable {
    /// Fitting flags were given while fitting is off (no `--fit`, no `fit: true`).
    case fitFlagsWithoutFit
    /// `build --fix` could not make or repair its copy; `reason` names the user's paths, not the copy's.
    case fixFailed(reason: String)
    /// A store build's written folder held no stickers to check.
    case nothingToCheck(folder: String)
    /// A file of an earlier build in the output (`comparison.html`) could not be removed.
    case cannotRemove(path: String, reason: String)

    /// The message, as the CLI prints it after `error: `.
    public var description: String {
        switch self {
        case .fitFlagsWithoutFit:
            return "--lossy, --min-quality, --dither, --time-budget and --fill-cell go with --fit (or fit: true in stickerforge.yml)"
        case let .fixFailed(reason):
            return reason
        case let .nothingToCheck(folder):
            return "\(folder) holds no stickers to check"
        case let .cannotRemove(path, reason):
            return "cannot remove the earlier \(path): \(reason)"
        }
    }
}
