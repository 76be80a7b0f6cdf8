import Foundation

/// The `stickerforge-lottie` helpers of one batch: a helper that rendered a file cleanly waits here
/// for the next one, so a batch of many files starts a few helpers rather than one per file (and
/// per pass). A helper that failed in any way (crash, hang, refusal, bad output) is killed and
/// never comes back; the next file gets a fresh one. Each helper takes `jobsPerHelper` files, and
/// more (up to `maxJobsPerHelper`) only while the JSON it has been sent stays under
/// `jsonBytesPerHelper`: rlottie 0.1 caches every model it parses, so this bounds what its model
/// cache and heap can accumulate (as much as 32 files of any size, plus at most 8 MiB of JSON), and
/// a batch of small files does not start a helper every 32 of them. Decodes running at
/// the same time each get a helper of their own. The last reference going away kills and reaps the
/// idle helpers, so none outlives its batch.
public final class LottieRendererPool: @unchecked Sendable {
    /// Files a helper renders before it is replaced, unless they were small (below).
    static let jobsPerHelper = 32
    /// Files a helper renders at most, however small.
    static let maxJobsPerHelper = 256
    /// JSON bytes past which a helper that rendered `jobsPerHelper` files is replaced.
    static let jsonBytesPerHelper = 8 << 20

    private let lock = NSLock()
    private var idle: [(executable: String, child: LottieChild)] = []
    /// The helper's path, once found: looked up once a batch, not once a file.
    private var located: String?

    /// An empty pool; helpers start on the first Lottie decode.
    public init() {}

    deinit { idle.forEach { $0.child.killAndReap() } }

    /// `LottieRendererLocator.locate()`, looked up on the first call of the batch and kept (a
    /// failed lookup is not kept: it throws again, each file reporting it).
    func rendererPath() throws -> String {
        if let path = lock.withLock({ located }) { return path }
        let path = try LottieRendererLocator.locate()
        lock.withLock { located = path }
        return path
    }

    /// An idle helper of `executable` started with at least these limits; else a new one, which
    /// replaces an idle helper whose limits were too small (taking the larger of both limits as its
    /// ceiling: every job still sets its own), so a batch of mixed sizes keeps one helper.
    func take(executable: String, memoryMiB: Int, seconds: Int) throws -> LottieChild {
        let (reused, replaced): (LottieChild?, LottieChild?) = lock.withLock {
            if let index = idle.firstIndex(where: {
                $0.executable == executable && $0.child.memoryMiB >= memoryMiB && $0.child.seconds >= seconds
            }) { return (idle.remove(at: index).child, nil) }
            return (nil, idle.firstIndex { $0.executable == executable }.map { idle.remove(at: $0).child })
        }
        if let reused { return reused }
        replaced?.killAndReap()
        return try LottieChild(executable: executable, maxJobs: Self.maxJobsPerHelper,
                               memoryMiB: max(memoryMiB, replaced?.memoryMiB ?? 0), seconds: max(seconds, replaced?.seconds ?? 0))
    }

    /// Keeps a helper that completed its job cleanly for the next one; one that has done its share
    /// (`jobsPerHelper` files and `jsonBytesPerHelper` of JSON, or `maxJobsPerHelper` files) ends.
    func giveBack(_ child: LottieChild, executable: String) {
        let usedUp = child.jobs >= Self.maxJobsPerHelper || (child.jobs >= Self.jobsPerHelper && child.jsonBytes >= Self.jsonBytesPerHelper)
        guard !usedUp else { child.killAndReap(); return }
        lock.withLock { idle.append((executable, child)) }
    }

    /// Helpers waiting for a job (tests).
    var idleCount: Int { lock.withLock { idle.count } }
    /// The process ids of the helpers waiting for a job (tests).
    var idleProcessIDs: [Int32] { lock.withLock { idle.map { $0.child.processID } } }
}
