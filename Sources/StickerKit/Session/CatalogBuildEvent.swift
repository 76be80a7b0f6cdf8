import Foundation
import StickerCore
import StickerFixes
import StickerRules

/// What a build session reports while it runs.
public enum CatalogBuildEvent: Sendable {
    /// A step of the session.
    public enum Stage: Sendable { case checking, building }
    /// `completed` of `total` items of `stage` are done, the last being `item`.
    case progress(Stage, completed: Int, total: Int, item: String)
    /// `stage` is over (it may have failed).
    case finished(Stage)
    /// `--fix` repaired the copy: its records and the repairs that could not be made.
    case fixed(FixOutcome)
    /// The write waits for another run holding the output (`OutputLock`).
    case waiting(String)
}
