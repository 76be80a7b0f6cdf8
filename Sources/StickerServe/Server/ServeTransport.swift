import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP server under the router: FlyingFox, on the system's sockets. The only file that sees
/// the server library; everything it answers comes from `ServeRouter`.
actor ServeTransport {
    private let server: HTTPServer
    private let slot: RouterSlot
    private var task: Task<Void, Error>?
    /// The port listened on (the one the system chose for port 0).
    private(set) var port: UInt16 = 0

    private init(server: HTTPServer, slot: RouterSlot) { self.server = server; self.slot = slot }

    /// Listens on `host`:`port`; requests wait for `serve(_:)`'s router.
    static func start(host: String, port: UInt16) async throws -> ServeTransport {
        let slot = RouterSlot()
        let socketAddress: any SocketAddress
        do {
            let ip = host == "localhost" ? "127.0.0.1" : host
            socketAddress = ip.contains(":") ? try sockaddr_in6.inet6(ip6: ip, port: port) : try sockaddr_in.inet(ip4: ip, port: port)
        } catch {
            throw ServeSession.Failure.cannotListen(host: host, port: port, reason: "not an IP address (\(error))")
        }
        let server = HTTPServer(address: socketAddress, timeout: 60, logger: .disabled, handler: FlyingFoxHandler(slot: slot))
        let transport = ServeTransport(server: server, slot: slot)
        await transport.run()
        do {
            try await server.waitUntilListening(timeout: 5)
        } catch {
            let reason = await transport.failure() ?? "\(error)"
            throw ServeSession.Failure.cannotListen(host: host, port: port, reason: reason)
        }
        let address = await server.listeningAddress
        switch address {
        case let .ip4(_, bound)?, let .ip6(_, bound)?: await transport.setPort(bound)
        default: break
        }
        return transport
    }

    private func run() { task = Task { [server] in try await server.run() } }
    private func setPort(_ p: UInt16) { port = p }

    private func failure() async -> String? {
        guard let task else { return nil }
        task.cancel()
        do { try await task.value; return nil } catch { return "\(error)" }
    }

    /// Answers requests with `router` from now on.
    func serve(_ router: ServeRouter) async { await slot.set(router) }

    /// Closes the listening socket and the connections.
    func stop() async {
        await server.stop(timeout: 1)
        task?.cancel()
    }
}

/// Holds the router once the port is known (the allowed Host values name it).
actor RouterSlot {
    private(set) var router: ServeRouter?
    func set(_ r: ServeRouter) { router = r }
}

/// FlyingFox's request in, the router's reply out.
struct FlyingFoxHandler: HTTPHandler {
    let slot: RouterSlot

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let router = await slot.router else { return HTTPResponse(statusCode: .serviceUnavailable) }
        var headers: [String: String] = [:]
        for (key, value) in request.headers { headers[key.rawValue.lowercased()] = value }
        let reply = await router.respond(ServeRequest(method: request.method.rawValue, target: request.target.rawValue, headers: headers))
        var out = HTTPHeaders()
        for (name, value) in reply.headers { out[HTTPHeader(name)] = value }
        let status = HTTPStatusCode(reply.status, phrase: Self.phrase(reply.status))
        switch reply.body {
        case .bytes(let bytes):
            return HTTPResponse(statusCode: status, headers: out, body: Data(bytes))
        case .events(let stream):
            return HTTPResponse(statusCode: status, headers: out, body: HTTPBodySequence(from: EventBytes(stream: stream)))
        }
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

/// An event stream as the bytes FlyingFox sends chunk by chunk: each event goes out as it comes.
struct EventBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let stream: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var base: AsyncStream<[UInt8]>.Iterator
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            guard let chunk = try await nextBuffer(suggested: 1) else { return nil }
            return chunk.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            while pending.isEmpty {
                guard let chunk = await base.next() else { return nil }
                pending = chunk
            }
            let n = Swift.min(Swift.max(count, 1), pending.count)
            let out = Array(pending[..<n])
            pending.removeFirst(n)
            return out
        }
    }
}
