import Foundation
import StickerReports

/// What every request reads and every check writes: the latest snapshot, its rendered update,
/// the images it shows (by content hash, so a page still showing the last version's image gets it),
/// the fix previews made, and the open event streams. An actor: the checks and the requests meet here.
public actor ServeHub {
    /// The latest snapshot, nil before the first check.
    public private(set) var snapshot: ServeSnapshot?
    /// Its rendered parts.
    public private(set) var update: ServePageRenderer.Update?
    private var media: [String: StickerMedia] = [:]
    private var previousMedia: [String: StickerMedia] = [:]
    private var fixes: [String: String] = [:]
    /// The fix previews' after images: kept as long as the previews that show them.
    private var fixMedia: [String: StickerMedia] = [:]
    private var streams: [Int: AsyncStream<[UInt8]>.Continuation] = [:]
    private var nextStream = 0
    private var finished = false
    let renderer: ServePageRenderer

    /// A hub rendering with `renderer`.
    public init(renderer: ServePageRenderer) { self.renderer = renderer }

    /// Makes `snapshot` the page's and sends its update to every open page. The hub numbers what it
    /// publishes (checks and problems alike), so a page always sees a higher version than it has.
    public func publish(_ checked: ServeSnapshot) {
        var snapshot = checked
        snapshot.version = (self.snapshot?.version ?? 0) + 1
        self.snapshot = snapshot
        let update = renderer.update(snapshot)
        self.update = update
        previousMedia = media
        media = [:]
        for m in snapshot.media.values { media[ServeID.mediaPath(m)] = m }
        let event = Self.event(update)
        for continuation in streams.values { continuation.yield(event) }
    }

    /// Marks the pack unreadable (the last good check stays shown) and tells every open page.
    public func publishProblem(_ problem: String) {
        guard var snapshot, snapshot.problem != problem else { return }
        snapshot.problem = problem
        publish(snapshot)
    }

    /// An image by its URL path (`/media/HASH`), of this check or the one before.
    public func media(at path: String) -> StickerMedia? { media[path] ?? previousMedia[path] ?? fixMedia[path] }



    /// A fix preview made before for `key`.
    public func fixPreview(_ key: String) -> String? { fixes[key] }

    /// Keeps a fix preview and the after image it shows (under `ServeID.mediaPath`), together: at
    /// most a hundred, the old ones dropped all at once.
    public func keepFixPreview(_ html: String, after: StickerMedia?, for key: String) {
        if fixes.count >= 100 { fixes.removeAll(); fixMedia.removeAll() }
        fixes[key] = html
        if let after { fixMedia[ServeID.mediaPath(after)] = after }
    }

    /// A new event stream: the current update first (a page that reconnects catches up), then
    /// every later one; it ends when the hub finishes.
    public func subscribe() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(8))
        guard !finished else { continuation.finish(); return stream }
        let id = nextStream
        nextStream += 1
        streams[id] = continuation
        continuation.yield(Array("retry: 1000\n\n".utf8))
        if let update { continuation.yield(Self.event(update)) }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.drop(id) }
        }
        return stream
    }

    /// How many pages follow the stream now.
    public var subscriberCount: Int { streams.count }

    private func drop(_ id: Int) { streams[id] = nil }

    /// Ends every stream, for the server to stop.
    public func finish() {
        finished = true
        for continuation in streams.values { continuation.finish() }
        streams.removeAll()
    }

    /// A comment line that keeps idle connections open (and finds closed ones).
    public func heartbeat() {
        for continuation in streams.values { continuation.yield(Array(": keep-alive\n\n".utf8)) }
    }

    /// `update` as one server-sent event named `update`.
    static func event(_ update: ServePageRenderer.Update) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(update)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // JSON has no raw newline outside strings, and the encoder escapes those inside: one data line.
        return Array("event: update\nid: \(update.version)\ndata: \(json)\n\n".utf8)
    }
}
