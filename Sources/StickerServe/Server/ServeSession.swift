import Foundation
import StickerCore
import StickerFixes
import StickerKit

/// What `serve` is asked to do, as the library takes it.
public struct ServeSettings: Sendable {
    /// The catalog served.
    public var catalog: String
    /// The flags over the pack's own settings (`--grid-size`, `--config`, `--rule`...).
    public var overrides: PackOverrides
    /// The store the page imitates and the pack is checked for (`--platform`).
    public var platform: PlatformRules = .imessage
    /// The address to listen on (`--host`).
    public var host = "127.0.0.1"
    /// The port (`--port`); 0 takes any free one.
    public var port: UInt16 = 0
    /// How often to look for changes, in milliseconds (as `watch --interval`).
    public var intervalMilliseconds = 200
    /// How long a change must be still before it is checked (as `watch --quiet-period`).
    public var quietMilliseconds = 300
    /// Where the page's apply button writes the fixed copy; nil: the page writes nothing.
    public var fixOutput: String?
    /// Version written into reports.
    public var toolVersion: String

    /// Settings for `catalog`.
    public init(catalog: String, overrides: PackOverrides, toolVersion: String) {
        self.catalog = catalog; self.overrides = overrides; self.toolVersion = toolVersion
    }

    /// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost): anything else lets other
    /// machines see the pack.
    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased()
        return h == "localhost" || h == "::1" || h == "[::1]" || h.hasPrefix("127.")
    }
}

/// `stickerforge serve`: checks the pack as `watch` does on every save and serves it as a page that
/// follows each check without a reload. Runs until its task is cancelled (the command cancels it on
/// Ctrl-C), then ends the pages' streams and closes the server.
public struct ServeSession: Sendable {
    /// What the session reports while it runs.
    public enum Event: Sendable {
        /// The server listens at `url`.
        case listening(url: String)
        /// A check is shown: its version, the stickers decoded again, and how long the check took.
        case checked(version: Int, reloaded: [String], summary: String, milliseconds: Double)
        /// The pack cannot be read.
        case problem(String)
        /// The server has stopped.
        case stopped
    }

    /// Why the session could not start.
    public enum Failure: Error, CustomStringConvertible {
        /// The address could not be listened on.
        case cannotListen(host: String, port: UInt16, reason: String)

        public var description: String {
            switch self {
            case let .cannotListen(host, port, reason): return "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// The settings.
    public var settings: ServeSettings

    /// A session.
    public init(settings: ServeSettings) { self.settings = settings }

    /// Serves until cancelled.
    public func run(events: @escaping @Sendable (Event) -> Void) async throws {
        let overrides = settings.overrides
        // The drawer's grid is the pack's at the start; an unreadable pack is reported by the watcher.
        let grid = overrides.gridSize ?? (try? overrides.load(catalog: settings.catalog))?.0.gridSize ?? .regular
        let layout = ChatLayout(gridSize: grid, platform: settings.platform)
        let hub = ServeHub(renderer: ServePageRenderer(layout: layout, offersApply: settings.fixOutput != nil))
        let transport = try await ServeTransport.start(host: settings.host, port: settings.port)
        let port = await transport.port
        var hosts: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        let shownHost = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        hosts.insert("\(shownHost.lowercased()):\(port)")
        let router = ServeRouter(hub: hub, allowedHosts: hosts, token: UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased(),
                                 apply: settings.fixOutput.map { Self.applier(output: $0, settings: settings) })
        await transport.serve(router)
        let shownURL = Self.isWildcard(settings.host) ? "127.0.0.1" : shownHost
        events(.listening(url: "http://\(shownURL):\(port)/"))

        var watcher = ServeWatcher(catalog: settings.catalog, overrides: overrides, platform: settings.platform,
                                   quietMilliseconds: settings.quietMilliseconds, toolVersion: settings.toolVersion)
        var lastBeat = DispatchTime.now().uptimeNanoseconds
        while !Task.isCancelled {
            let started = DispatchTime.now().uptimeNanoseconds
            switch await watcher.poll(at: Int(started / 1_000_000)) {
            case .unchanged: break
            case let .checked(snapshot, reloaded):
                await hub.publish(snapshot)
                events(.checked(version: snapshot.version, reloaded: reloaded, summary: snapshot.report.summary.sentence,
                                milliseconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6))
            case .problem(let problem):
                await hub.publishProblem(problem)
                events(.problem(problem))
            }
            if DispatchTime.now().uptimeNanoseconds - lastBeat > 15_000_000_000 {
                await hub.heartbeat()
                lastBeat = DispatchTime.now().uptimeNanoseconds
            }
            do { try await Task.sleep(nanoseconds: UInt64(settings.intervalMilliseconds) * 1_000_000) } catch { break }
        }
        await hub.finish()
        await transport.stop()
        events(.stopped)
    }

    private static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" }

    /// The page's apply: `fix` into `output` exactly as the command runs it (its default settings).
    static func applier(output: String, settings: ServeSettings) -> @Sendable (ServeSnapshot) async -> (ok: Bool, message: String) {
        { snapshot in
            let sources = settings.overrides.config.map { [OutputGuard.Source($0, role: "the configuration")] } ?? []
            let session = FixSession(pack: snapshot.pack, configuration: snapshot.configuration, explicitConfig: settings.overrides.config,
                                     output: output, dryRun: false, sources: sources, settings: FixSettings(), wantsHTML: false,
                                     toolVersion: settings.toolVersion)
            do {
                let outcome = try await session.run { _ in }
                let fixes = outcome.fix.allFixes.count
                return (true, "Wrote the fixed copy to \(output): \(fixes) fix\(fixes == 1 ? "" : "es") in \(outcome.fix.changedStickers) sticker\(outcome.fix.changedStickers == 1 ? "" : "s"); the pack itself is unchanged.")
            } catch {
                return (false, "Nothing written: \(error)")
            }
        }
    }
}
