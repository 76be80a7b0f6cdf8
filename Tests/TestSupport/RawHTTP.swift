import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client that sends a request exactly as written (no normalising of `..`, as a browser or
/// URLSession would) over a plain socket to 127.0.0.1, and reads what comes back. No URLSession:
/// its libcurl keeps allocations that the sanitized run reports as leaks.
public struct RawHTTP {
    /// The port on 127.0.0.1.
    public let port: UInt16

    /// A client of 127.0.0.1:`port`.
    public init(port: UInt16) { self.port = port }

    /// An answer.
    public struct Response {
        /// The status code.
        public var status: Int
        /// Headers by lower-case name.
        public var headers: [String: String]
        /// The body, chunked framing taken out.
        public var body: [UInt8]
        /// The body as UTF-8.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `GET target` (or `method`) with `Connection: close` and reads the whole answer.
    public func request(_ target: String, method: String = "GET", host: String? = nil, headers: [String: String] = [:],
                 timeout: TimeInterval = 20) throws -> Response {
        let fd = try connect(timeout: timeout)
        defer { close(fd) }
        try send(fd, method: method, target: target, host: host, headers: headers.merging(["Connection": "close"]) { a, _ in a })
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            raw += buffer[0..<n]
        }
        return try Self.parse(raw)
    }

    /// Opens `target` as an event stream and reads until `until` returns true for the text so far.
    public func events(_ target: String = "/events", timeout: TimeInterval = 20, until: (String) -> Bool) throws -> String {
        let fd = try connect(timeout: timeout)
        defer { close(fd) }
        try send(fd, method: "GET", target: target, host: nil, headers: ["Accept": "text/event-stream"])
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            raw += buffer[0..<n]
            if until(Self.streamText(raw)) { break }
        }
        return Self.streamText(raw)
    }

    /// The head of a chunked answer as sent, then its body with the chunk framing taken out.
    public static func streamText(_ raw: [UInt8]) -> String {
        guard let split = raw.indices.first(where: { raw[$0...].starts(with: [13, 10, 13, 10]) }) else {
            return String(decoding: raw, as: UTF8.self)
        }
        return String(decoding: raw[..<(split + 4)], as: UTF8.self) + String(decoding: dechunk(Array(raw[(split + 4)...])), as: UTF8.self)
    }

    private func connect(timeout: TimeInterval) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket() failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else { close(fd); throw Failure("connect() failed: \(errno)") }
        return fd
    }

    private func send(_ fd: Int32, method: String, target: String, host: String?, headers: [String: String]) throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
        for (k, v) in headers { text += "\(k): \(v)\r\n" }
        if method == "POST" { text += "Content-Length: 0\r\n" }
        text += "\r\n"
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw Failure("write() failed") }
    }

    static func parse(_ raw: [UInt8]) throws -> Response {
        guard let split = raw.indices.first(where: { raw[$0...].starts(with: [13, 10, 13, 10]) }) else { throw Failure("no header end in \(raw.count) bytes") }
        let head = String(decoding: raw[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(raw[(split + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < b.count, let lineEnd = b[i...].indices.first(where: { b[$0...].starts(with: [13, 10]) }),
              let size = Int(String(decoding: b[i..<lineEnd], as: UTF8.self), radix: 16), size > 0 {
            out += b[(lineEnd + 2)..<min(lineEnd + 2 + size, b.count)]
            i = lineEnd + 2 + size + 2
        }
        return out
    }

    /// A request that could not be made or read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ d: String) { description = d }
    }
}
