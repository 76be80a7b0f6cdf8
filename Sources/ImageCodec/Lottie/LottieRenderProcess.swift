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

    /// Renders `frames` frames at `width` x `height`; `frame(index, premultipliedARGB)` receives each
    /// as it arrives (4 bytes a pixel, uint32 in host order).
    func render(_ json: [UInt8], width: Int, height: Int, frames: Int,
                frame: (Int, UnsafeRawBufferPointer) throws -> Void) throws -> Header {
        var arguments = [executable, "\(width)", "\(height)", "\(frames)", "\(maxInputBytes)",
                         "\(Self.memoryMiB(width: width, height: height))", "\(Int(timeout.rounded(.up)))"]
        if let testFault { arguments.append("--test-fault=\(testFault.rawValue)") }
        let child = try LottieChild(spawning: arguments)
        defer { child.killAndReap() }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        let frameBytes = width * height * 4
        var stream = LottieFrameStream(frameBytes: frameBytes, frames: frames)
        let eof = try child.exchange(input: json, deadline: deadline) { chunk in
            try stream.consume(chunk, frame: frame)
        }
        guard eof else { throw Self.failure("rendering took longer than \(Self.seconds(timeout)) and was stopped (the renderer may loop forever on this file)") }
        switch child.waitForExit(deadline: deadline) {
        case .timedOut: throw Self.failure("the renderer did not exit within \(Self.seconds(timeout)) and was stopped")
        case .signalled(let signal): throw Self.failure("the renderer crashed (\(Self.signalName(signal))) on this file")
        case .exited(let code) where code != 0: throw Self.failure(Self.exitReason(code))
        case .exited: break
        }
        guard let header = stream.header else { throw Self.failure("the renderer produced no output") }
        guard stream.framesDone == frames, stream.pending == 0 else {
            throw Self.failure("the renderer sent \(stream.framesDone) of \(frames) frames\(stream.pending > 0 ? " and a partial one" : "")")
        }
        return header
    }

    static func failure(_ message: String) -> CodecError { .library(name: "rlottie", message: message) }

    private static func seconds(_ t: Double) -> String { t == t.rounded() ? "\(Int(t)) s" : "\(t) s" }

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

/// Splits the helper's output into its 32-byte header and frames.
struct LottieFrameStream {
    let frameBytes: Int, frames: Int
    private(set) var header: LottieRenderProcess.Header?
    private(set) var framesDone = 0
    private var buffer: [UInt8] = []
    var pending: Int { buffer.count }

    init(frameBytes: Int, frames: Int) { self.frameBytes = frameBytes; self.frames = frames }

    mutating func consume(_ chunk: UnsafeRawBufferPointer, frame: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        var rest = chunk[...]
        while !rest.isEmpty {
            let need = header == nil ? 32 : frameBytes
            if header != nil && framesDone == frames {
                throw LottieRenderProcess.failure("the renderer sent more than \(frames) frames")
            }
            let take = min(need - buffer.count, rest.count)
            if buffer.isEmpty && take == need {   // a whole unit in the chunk: no copy
                try handle(UnsafeRawBufferPointer(rebasing: rest.prefix(take)), frame: frame)
            } else {
                buffer += rest.prefix(take)
                if buffer.count == need { try buffer.withUnsafeBytes { try handle($0, frame: frame) }; buffer.removeAll(keepingCapacity: true) }
            }
            rest = rest.dropFirst(take)
        }
    }

    private mutating func handle(_ unit: UnsafeRawBufferPointer, frame: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        guard header != nil else {
            let words = (0..<5).map { unit.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
            guard words[0] == 0x544C_4653, words[1] == 1 else { throw LottieRenderProcess.failure("the renderer's output is not a frame stream") }
            header = .init(width: Int(words[2]), height: Int(words[3]), totalFrames: Int(words[4]),
                           frameRate: unit.loadUnaligned(fromByteOffset: 20, as: Double.self))
            return
        }
        try frame(framesDone, unit)
        framesDone += 1
    }
}
