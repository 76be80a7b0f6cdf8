import Foundation
import ImageCodec
import StickerCore

/// One request as the router sees it, apart from any server library: the method, the target as it
/// came (still percent-encoded) and the headers by lower-case name.
public struct ServeRequest: Sendable {
    /// `GET`, `HEAD`, `POST`...
    public var method: String
    /// The request target: path and query, percent-encoded as sent.
    public var target: String
    /// Headers, names in lower case.
    public var headers: [String: String]

    /// A request.
    public init(method: String, target: String, headers: [String: String] = [:]) {
        self.method = method; self.target = target
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}

/// The router's answer.
public struct ServeReply: Sendable {
    /// What the body is.
    public enum Body: Sendable {
        /// Bytes, sent with their length.
        case bytes([UInt8])
        /// A server-sent event stream, sent as it comes until it ends.
        case events(AsyncStream<[UInt8]>)
    }

    /// The HTTP status.
    public var status: Int
    /// Headers, in order.
    public var headers: [(String, String)]
    /// The body.
    public var body: Body

    /// The body's bytes (empty for a stream).
    public var bytes: [UInt8] { if case .bytes(let b) = body { return b }; return [] }

    static func text(_ status: Int, _ text: String) -> ServeReply {
        ServeReply(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                   body: .bytes(Array((text + "\n").utf8)))
    }
}

/// Answers every request of the page: `/` (the page), `/events` (the update stream), `/media/HASH`
/// (an image the page shows), `/files/PATH` (one of the pack's own sticker files), `/fix/ID` (a
/// sticker's fix preview, made in memory) and `POST /apply` (the fix into a copy). Anything else is
/// 404; a request naming another host (DNS rebinding) is 403; nothing lists a folder.
public struct ServeRouter: Sendable {
    /// The state the checks keep.
    public let hub: ServeHub
    /// `host:port` values the Host header may name.
    public var allowedHosts: Set<String>
    /// The secret a page must send to write (apply).
    public let token: String
    /// Runs the fix into the copy and says what it did; nil: the page offers no apply.
    public var apply: (@Sendable (ServeSnapshot) async -> (ok: Bool, message: String))?
    /// Makes a sticker's fix preview.
    let previews: FixPreviewer

    /// A router over `hub`.
    public init(hub: ServeHub, allowedHosts: Set<String>, token: String,
                apply: (@Sendable (ServeSnapshot) async -> (ok: Bool, message: String))? = nil) {
        self.hub = hub; self.allowedHosts = allowedHosts; self.token = token; self.apply = apply
        previews = FixPreviewer()
    }

    /// The answer to `request`.
    public func respond(_ request: ServeRequest) async -> ServeReply {
        guard let host = request.headers["host"], allowedHosts.contains(host.lowercased()) else {
            return .text(403, "Forbidden: this server answers only for \(allowedHosts.sorted().joined(separator: ", "))")
        }
        let (path, query) = Self.split(request.target)
        let head = request.method == "HEAD"
        var reply: ServeReply
        switch (request.method, path) {
        case ("GET", "/"), ("HEAD", "/"): reply = await page()
        case ("GET", "/events"): reply = await events()
        case ("GET", "/update.json"), ("HEAD", "/update.json"): reply = await updateJSON()
        case ("POST", "/apply"): reply = await applyFix(request)
        case ("GET", _), ("HEAD", _):
            if path.hasPrefix("/media/") {
                reply = await media(path)
            } else if path.hasPrefix("/files/") {
                reply = await file(String(path.dropFirst("/files/".count)))
            } else if path.hasPrefix("/fix/") {
                reply = await fix(String(path.dropFirst("/fix/".count)), version: query)
            } else {
                reply = .text(404, "Not found")
            }
        default:
            reply = .text(405, "Method not allowed")
        }
        reply.headers += [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                          ("Cross-Origin-Resource-Policy", "same-origin"), ("X-Frame-Options", "DENY")]
        if head { reply.body = .bytes([]) }
        return reply
    }

    /// The path (still encoded) and the query of a target.
    static func split(_ target: String) -> (String, String) {
        guard let q = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<q]), String(target[target.index(after: q)...]))
    }

    private func page() async -> ServeReply {
        let nonce = ServeID.hash(Array(UUID().uuidString.utf8))
        let html = hub.renderer.page(await hub.snapshot, token: token, nonce: nonce)
        let csp = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'nonce-\(nonce)'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        return ServeReply(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
                                                 ("Content-Security-Policy", csp)], body: .bytes(Array(html.utf8)))
    }

    private func events() async -> ServeReply {
        ServeReply(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")],
                   body: .events(await hub.subscribe()))
    }

    private func updateJSON() async -> ServeReply {
        guard let update = await hub.update else { return .text(503, "The first check is still running") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(update)) ?? Data()
        return ServeReply(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
                          body: .bytes(Array(data)))
    }

    private func media(_ path: String) async -> ServeReply {
        guard let m = await hub.media(at: path) else { return .text(404, "Not found") }
        return ServeReply(status: 200, headers: [("Content-Type", m.mimeType), ("Cache-Control", "max-age=31536000, immutable")],
                          body: .bytes(m.data))
    }

    /// One of the sticker files of the pack as checked; refused by `PackFilePath`, or 404 when it
    /// is not a sticker's file.
    private func file(_ encoded: String) async -> ServeReply {
        guard let snapshot = await hub.snapshot else { return .text(404, "Not found") }
        switch PackFilePath(root: snapshot.pack.root).resolve(encoded) {
        case .failure(let refusal): return .text(refusal.status, refusal.status == 403 ? "Forbidden" : "Not found")
        case .success(let real):
            guard case .success(let relative) = PackFilePath.relative(encoded),
                  snapshot.pack.stickers.contains(where: { $0.files.contains(relative) }) else { return .text(404, "Not found") }
            guard let bytes = try? FileIO.read(real, maxBytes: snapshot.configuration.decodeLimits.maxFileBytes) else {
                return .text(404, "Not found")   // vanished or too large since the check
            }
            let mime: String
            switch FormatSniffer.sniff(bytes) {
            case .png, .apng: mime = "image/png"
            case .gif: mime = "image/gif"
            case .jpeg: mime = "image/jpeg"
            case .webp: mime = "image/webp"
            default: mime = "application/octet-stream"
            }
            return ServeReply(status: 200, headers: [("Content-Type", mime), ("Cache-Control", "no-store"),
                                                     ("Content-Disposition", mime.hasPrefix("image/") ? "inline" : "attachment")],
                              body: .bytes(bytes))
        }
    }

    private func fix(_ id: String, version: String) async -> ServeReply {
        guard let snapshot = await hub.snapshot,
              let source = snapshot.pack.stickers.first(where: { ServeID.sticker($0.name) == id }) else { return .text(404, "Not found") }
        let key = id + "?" + version
        if let cached = await hub.fixPreview(key) { return Self.fragment(cached) }
        let preview = await previews.previewOffPool(source, snapshot: snapshot)
        let html = previews.render(preview, before: snapshot.media[source.name], after: preview.after.map(ServeID.mediaPath),
                                   layout: hub.renderer.layout, offersApply: apply != nil)
        await hub.keepFixPreview(html, after: preview.after, for: key)
        return Self.fragment(html)
    }

    private static func fragment(_ html: String) -> ServeReply {
        ServeReply(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                   body: .bytes(Array(html.utf8)))
    }

    /// The page's one write: only with the page's token (another site cannot send it: it cannot
    /// read the page) and only when `serve` was given where to write.
    private func applyFix(_ request: ServeRequest) async -> ServeReply {
        guard request.headers["x-stickerforge-token"] == token else { return .text(403, "Forbidden: missing or wrong token") }
        guard let apply else { return .text(404, "This server writes nothing: start it with --fix-output PATH to apply fixes") }
        guard let snapshot = await hub.snapshot else { return .text(503, "The first check is still running") }
        let (ok, message) = await apply(snapshot)
        return .text(ok ? 200 : 409, message)
    }
}
