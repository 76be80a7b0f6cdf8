import StickerCore

/// Decides when a changed catalog may be checked: only once every file has been quiet (the same
/// size and modification time in every poll) for `quietMilliseconds`. Editors save in several
/// steps (truncate, write, rename); decoding in between reports findings of a half-written file.
///
/// Time is passed in, never read here, so the decision is tested deterministically.
public struct QuietPeriodGate: Sendable {
    /// How long the catalog must stay unchanged, in milliseconds.
    public var quietMilliseconds: Int
    private var pending: CatalogSnapshot?
    private var since = 0

    /// A gate; 0 ms checks every change at once.
    public init(quietMilliseconds: Int) { self.quietMilliseconds = quietMilliseconds }

    /// Records `snapshot` taken at `now` (milliseconds on any monotonic clock) and says whether it
    /// has been unchanged for the quiet period, so it may be decoded.
    public mutating func isQuiet(_ snapshot: CatalogSnapshot, at now: Int) -> Bool {
        if snapshot != pending {
            pending = snapshot
            since = now
            return quietMilliseconds == 0
        }
        return now - since >= quietMilliseconds
    }
}
