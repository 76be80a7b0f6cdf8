import StickerCore
import StickerEncoding
import StickerReports
import StickerFixes
import StickerRules

/// Why `build --platform` could not build a sticker or write a store's layout; each names the
/// file and what to do.
public enum PlatformBuildError: Error, Equatable, CustomStringConvertible {
    /// The source cannot be read or decoded.
    case unreadable(file: String, reason: String)
    /// The store takes no format the build writes for this kind of sticker.
    case noFormat(file: String, store: String, animated: Bool)
    /// Nothing the fitter tried fits under the store's limit.
    case notFitted(file: String, store: String, reason: String)
    /// The store's layout cannot be written (a ZIP, the pack's metadata).
    case layout(store: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot be built: \(reason); fix or remove the file"
        case let .noFormat(file, store, animated):
            return "\(file): \(store) takes no \(animated ? "animated" : "still") format that build writes; "
                + "leave this sticker out of the \(store) build"
        case let .notFitted(file, store, reason):
            return "\(file): no file fits \(store)'s byte limit (\(reason)); simplify the artwork or shorten the animation"
        case let .layout(store, reason):
            return "cannot write the \(store) layout: \(reason)"
        }
    }
}
