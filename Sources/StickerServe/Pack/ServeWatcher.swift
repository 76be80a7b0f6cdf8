import Foundation
import StickerCore
import StickerKit
import StickerReports
import StickerRules

/// `serve`'s side of `watch`: one poll of the catalog through the same `WatchLoop` (the same quiet
/// period, the same check dropped when the files changed while they were decoded, the same
/// `WatchSession` cache that decodes only the changed stickers again), turned into a snapshot for
/// the page. Time is passed in, so a test steps it poll by poll.
public struct ServeWatcher: Sendable {
    /// What one poll produced.
    public enum Step: Sendable {
        /// Nothing to show: unchanged, still settling, or dropped as half-written.
        case unchanged
        /// A check to show.
        case checked(ServeSnapshot, reloaded: [String])
        /// The pack cannot be read (why); the last check stays shown.
        case problem(String)
    }

    /// The catalog watched.
    public let catalog: String
    /// The flags over the pack's own settings.
    public let overrides: PackOverrides
    /// The store the pack is checked for.
    public let platform: PlatformRules
    /// Version written into the report.
    public let toolVersion: String
    private var loop: WatchLoop
    private var mediaCache: [String: StickerMedia] = [:]
    /// How many checks have been shown.
    public private(set) var version = 0

    /// A watcher of `catalog` whose changes wait `quietMilliseconds` of stillness (as `watch --quiet-period`).
    public init(catalog: String, overrides: PackOverrides, platform: PlatformRules, quietMilliseconds: Int, toolVersion: String) {
        self.catalog = catalog; self.overrides = overrides; self.platform = platform; self.toolVersion = toolVersion
        loop = WatchLoop(quietMilliseconds: quietMilliseconds)
    }

    /// Polls once at `now` (milliseconds on a monotonic clock).
    public mutating func poll(at now: Int) async -> Step {
        let snapshot = CatalogSnapshot.take(root: catalog)
        var loaded: (StickerPack, CheckConfiguration)?
        var problem = ""
        let (catalog, overrides, platform, toolVersion) = (self.catalog, self.overrides, self.platform, self.toolVersion)
        let outcome = await loop.poll(snapshot, at: now, check: { trial in
            do {
                var (pack, configuration) = try overrides.load(catalog: catalog)
                configuration.platform = platform
                // load() hands back the pack as read; the grid size the checks use is the override's.
                pack.gridSize = configuration.gridSizeOverride ?? pack.gridSize
                loaded = (pack, configuration)
                return await trial.refresh(pack: pack, configuration: configuration, toolVersion: toolVersion)
            } catch {
                problem = "The pack cannot be read: \(error)"
                return nil
            }
        }, snapshotAfter: { CatalogSnapshot.take(root: catalog) })
        switch outcome {
        case .unchanged, .waiting, .dropped: return .unchanged
        case .unreadable: return .problem(problem)
        case .checked(let update):
            guard let (pack, configuration) = loaded else { return .unchanged }
            let renderer = ReportRenderer(report: update.report, subjects: update.subjects, maxBytes: configuration.maxBytes,
                                          useColor: false, platform: platform)
            let unchanged = Set(update.report.stickers.map(\.name)).subtracting(update.reloaded)
            mediaCache = renderer.media(reusing: mediaCache, unchanged: unchanged)
            version += 1
            let snapshot = ServeSnapshot(version: version, report: update.report, pack: pack, configuration: configuration,
                                         media: mediaCache, changes: version == 1 ? [:] : ServeSnapshot.changes(of: update))
            return .checked(snapshot, reloaded: update.reloaded)
        }
    }
}
