#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Renders validated Lottie JSON in the `stickerforge-lottie` helper process and reads its frames.
///
/// The helper applies an address-space, CPU-time and alarm limit to itself before it reads a byte;
/// this side spawns it with `posix_spawn` (no fork of a threaded process), talks to it over one
/// socket pair (writes use `MSG_NOSIGNAL`, so a helper that dies never raises SIGPIPE here), never
/// waits longer than `timeout`, and kills and reaps the helper on every path out. A crash, a hang,
/// a refusal or a stream of the wrong shape becomes `CodecError.library(name: "rlottie", ...)`.
struct LottieRenderProcess: Sendable {
    /// Faults the helper can be told to simulate (tests only; chosen by argument, never by a file).
    enum TestFault: String, Sendable { case abort, hang, garbage, short }

    /// The helper's path.
    var executable: String
    /// Wall-clock seconds before the helper is killed.
    var timeout: Double
    /// Largest input the helper accepts, in bytes.
    var maxInputBytes: Int
    /// A fault to simulate, for tests.
    var testFault: TestFault?

    /// What the helper's header says rlottie read.
    struct Header: Equatable { var width: Int, height: Int, totalFrames: Int, frameRate: Double }

    /// The helper's address-space limit for rendering at `width` x `height`: room for rlottie, its
    /// threads' arenas and a few frame-sized buffers.
    static func memoryMiB(width: Int, height: Int) -> Int { 1024 + (width * height * 4 * 8) >> 20 }

    /// Renders `frames` frames at `width` x `height`: rlottie's header and the frames as straight RGBA.
    func render(_ json: [UInt8], width: Int, height: Int, frames: Int) throws -> (header: Header, images: [PixelBuffer]) {
        var arguments = [executable, "\(width)", "\(height)", "\(frames)", "\(maxInputBytes)",
                         "\(Self.memoryMiB(width: width, height: height))", "\(Int(timeout.rounded(.up)))"]
        if let testFault { arguments.append("--test-fault=\(testFault.rawValue)") }
        let child = try LottieChild(spawning: arguments)
        defer { child.killAndReap() }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var stream = LottieFrameStream(width: width, height: height, frames: frames)
        let eof = try child.exchange(input: json, deadline: deadline) { try stream.receive(from: $0) }
        guard eof else { throw Self.failure("rendering took longer than \(Self.seconds(timeout)) and was stopped (the renderer may loop forever on this file)") }
        switch child.waitForExit(deadline: deadline) {
        case .timedOut: throw Self.failure("the renderer did not exit within \(Self.seconds(timeout)) and was stopped")
        case .signalled(let signal): throw Self.failure("the renderer crashed (\(Self.signalName(signal))) on this file")
        case .exited(let code) where code != 0: throw Self.failure(Self.exitReason(code))
        case .exited: break
        }
        guard let header = stream.header else { throw Self.failure("the renderer produced no output") }
        guard stream.images.count == frames, stream.pending == 0 else {
            throw Self.failure("the renderer sent \(stream.images.count) of \(frames) frames\(stream.pending > 0 ? " and a partial one" : "")")
        }
        return (header, stream.images)
    }

    static func failure(_ message: String) -> CodecError { .library(name: "rlottie", message: message) }

    static func seconds(_ t: Double) -> String { t == t.rounded() ? "\(Int(t)) s" : "\(t) s" }

    private static func exitReason(_ code: Int32) -> String {
        switch code {
        case 3: return "the renderer could not read the JSON (over its size limit)"
        case 4: return "rlottie could not parse the animation"
        case 5: return "the renderer ran out of memory"
        default: return "the renderer failed (exit status \(code))"
        }
    }

    private static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT, often out of memory", SIGBUS: "SIGBUS",
                                      SIGFPE: "SIGFPE", SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGXCPU: "SIGXCPU, CPU time limit",
                                      SIGALRM: "SIGALRM, time limit"]
        return "signal \(signal)" + (names[signal].map { ", \($0)" } ?? "")
    }
}

/// Receives the helper's output: its 32-byte header, then each frame straight into the array that
/// becomes its `PixelBuffer` (no intermediate copy, no second pass over the pixels).
struct LottieFrameStream {
    let width: Int, height: Int, frames: Int
    private(set) var header: LottieRenderProcess.Header?
    private(set) var images: [PixelBuffer] = []
    private var headerBytes = [UInt8](repeating: 0, count: 32)
    private var current: [UInt8] = []
    private var filled = 0
    /// Bytes of a frame received but not completed.
    var pending: Int { header == nil ? filled : (current.isEmpty ? 0 : filled) }

    init(width: Int, height: Int, frames: Int) { self.width = width; self.height = height; self.frames = frames }

    /// One `recv` into wherever the next bytes belong: the number read, 0 at the end of the stream,
    /// or -1 when nothing is ready yet.
    /// - Throws: when the helper sends more than the header and frames, or a bad header.
    mutating func receive(from socket: Int32) throws -> Int {
        if header == nil {
            let n = headerBytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + filled, 32 - filled, 0) }
            guard n > 0 else { return Self.outcome(n) }
            filled += n
            if filled == 32 { try readHeader(); filled = 0 }
            return n
        }
        let frameBytes = width * height * 4
        if current.isEmpty {
            guard images.count < frames else {
                var probe: UInt8 = 0
                let n = recv(socket, &probe, 1, 0)
                if n > 0 { throw LottieRenderProcess.failure("the renderer sent more than \(frames) frames") }
                return Self.outcome(n)
            }
            // Every byte is written by recv before the frame is used; zeroing first would be wasted.
            current = [UInt8](unsafeUninitializedCapacity: frameBytes) { _, count in count = frameBytes }
            filled = 0
        }
        let n = current.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + filled, frameBytes - filled, 0) }
        guard n > 0 else { return Self.outcome(n) }
        filled += n
        if filled == frameBytes {
            images.append(PixelBuffer(width: width, height: height, pixels: current))
            current = []
            filled = 0
        }
        return n
    }

    /// recv's result as `receive` reports it: a retryable error (nothing ready, a signal) is -1.
    private static func outcome(_ n: Int) -> Int { n < 0 && (errno == EAGAIN || errno == EINTR) ? -1 : max(n, 0) }

    private mutating func readHeader() throws {
        let words = (0..<5).map { i in headerBytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) } }
        guard words[0] == 0x544C_4653, words[1] == 1 else { throw LottieRenderProcess.failure("the renderer's output is not a frame stream") }
        header = .init(width: Int(words[2]), height: Int(words[3]), totalFrames: Int(words[4]),
                       frameRate: headerBytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 20, as: Double.self) })
    }
}
