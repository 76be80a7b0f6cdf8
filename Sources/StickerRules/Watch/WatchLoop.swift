import StickerCore

/// One `watch` poll's decision, apart from the clock, the file system and the printing, so that it
/// is tested poll by poll: check the first state at once; check a later change only once the gate
/// finds it quiet; and drop a check, unseen, when the files changed while they were being decoded
/// (a half-written save must never produce a finding). A dropped check leaves the session as it
/// was, so the next check decodes the changed files again.
public struct WatchLoop: Sendable {
    /// What one poll did.
    public enum Outcome: Sendable {
        /// Nothing changed since the last check.
        case unchanged
        /// Something changed, and the files have not been quiet for the quiet period yet.
        case waiting
        /// The pack could not be read (the reader said why); checked again after the next change.
        case unreadable
        /// The files changed while they were decoded: the result was dropped unseen.
        case dropped
        /// A check whose result may be shown.
        case checked(WatchUpdate)
    }

    /// The session the shown checks built.
    public private(set) var session = WatchSession()
    private var gate: QuietPeriodGate
    private var lastChecked: CatalogSnapshot?

    /// A loop whose changes wait `quietMilliseconds` (0: checked at once).
    public init(quietMilliseconds: Int) { gate = QuietPeriodGate(quietMilliseconds: quietMilliseconds) }

    /// Polls once: `snapshot` is the catalog taken at `now` (milliseconds on a monotonic clock).
    /// When a check is due, `check` refreshes a trial copy of the session (nil when the pack cannot
    /// be read), then `snapshotAfter` takes the catalog again; only when it still equals `snapshot`
    /// does the trial become the session and its update the outcome.
    public mutating func poll(_ snapshot: CatalogSnapshot, at now: Int,
                              check: (inout WatchSession) async -> WatchUpdate?,
                              snapshotAfter: () -> CatalogSnapshot) async -> Outcome {
        guard snapshot != lastChecked else { return .unchanged }
        // The first check runs at once; later changes wait until the files are quiet.
        guard lastChecked == nil || gate.isQuiet(snapshot, at: now) else { return .waiting }
        var trial = session
        guard let update = await check(&trial) else {
            lastChecked = snapshot
            return .unreadable
        }
        guard snapshotAfter() == snapshot else { return .dropped }
        session = trial
        lastChecked = snapshot
        return .checked(update)
    }
}
