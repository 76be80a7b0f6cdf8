#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCodecShims
import Foundation

/// Renders validated Lottie JSON in a `stickerforge-lottie` helper process and reads its frames.
///
/// The helper applies address-space, CPU-time and alarm limits to itself, for itself and again for
/// each job; this side spawns it with `posix_spawn` (no fork of a threaded process), sends it the job
/// over one socket (writes use `MSG_NOSIGNAL`, so a helper that dies never raises SIGPIPE here),
/// reads each frame from the shared frame memory as the helper announces it, converting it to
/// straight RGBA in the same pass that copies it out, never waits longer than `timeout`, and kills
/// and reaps the helper on every path out but a clean job (which returns it to `pool` for the next
/// file). A crash, a hang, a refusal or a stream of the wrong shape becomes
/// `CodecError.library(name: "rlottie", ...)`.
struct LottieRenderProcess: Sendable {
    /// Faults the helper can be told to simulate (tests only; chosen by the job, never by a file).
    enum TestFault: String, Sendable {
        case abort, hang, garbage, short
        /// The code the helper's job header carries.
        var code: UInt32 { switch self { case .abort: 1; case .hang: 2; case .garbage: 3; case .short: 4 } }
    }

    /// The helper's path.
    var executable: String
    /// Wall-clock seconds before the helper is killed.
    var timeout: Double
    /// Largest input the helper accepts, in bytes.
    var maxInputBytes: Int
    /// A fault to simulate, for tests.
    var testFault: TestFault?
    /// Where helpers wait between files; a pool of its own (one helper for this render) by default.
    var pool = LottieRendererPool()

    /// Frame slots in the shared memory: the helper renders ahead while this side copies.
    static let slots = 3

    /// What the helper's header says rlottie read.
    struct Header: Equatable { var width: Int, height: Int, totalFrames: Int, frameRate: Double }

    /// The helper's address-space limit for rendering at `width` x `height`: room for rlottie, its
    /// threads' arenas and a few frame-sized buffers (the frame slots among them).
    static func memoryMiB(width: Int, height: Int) -> Int { 1024 + (width * height * 4 * 8) >> 20 }

    /// Renders `frames` frames at `width` x `height`: rlottie's header and the frames as straight RGBA.
    func render(_ json: [UInt8], width: Int, height: Int, frames: Int) throws -> (header: Header, images: [PixelBuffer]) {
        try render(json, width: width, height: height, frames: frames, visit: nil)
    }

    /// Renders as `render`, but with `visit` each frame is converted into one reused buffer and lent
    /// to it instead of kept (the returned images are then empty).
    func render(_ json: [UInt8], width: Int, height: Int, frames: Int,
                visit: ((FrameVisit) throws -> Void)?) throws -> (header: Header, images: [PixelBuffer]) {
        guard json.count <= maxInputBytes, json.count <= Int(UInt32.max) else {
            throw Self.failure(Self.exitReason(3))
        }
        let memory = Self.memoryMiB(width: width, height: height), seconds = Int(timeout.rounded(.up))
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        let child = try pool.take(executable: executable, memoryMiB: memory, seconds: seconds)
        var clean = false
        defer { if clean { pool.giveBack(child, executable: executable) } else { child.killAndReap() } }
        var stream = LottieFrameStream(width: width, height: height, frames: frames, slots: Self.slots, keep: visit == nil)
        try child.reserveFrameMemory(width * height * 4 * Self.slots)
        let words: [UInt32] = [0x4A4C_4653, 2, UInt32(width), UInt32(height), UInt32(frames), UInt32(Self.slots),
                               UInt32(json.count), UInt32(memory), UInt32(seconds), testFault?.code ?? 0]
        var output = words.withUnsafeBytes { Array($0) } + json
        child.startJob()
        let answered = try child.exchange(output: &output, deadline: deadline, finished: { stream.complete }) {
            try stream.receive(from: $0, memory: child.frames!, credits: &$1, visit: visit)
        }
        guard answered else { throw Self.failure("rendering took longer than \(Self.seconds(timeout)) and was stopped (the renderer may loop forever on this file)") }
        if !stream.complete {
            // The helper ended its side before the last frame: its exit says why.
            switch child.waitForExit(deadline: deadline) {
            case .timedOut: throw Self.failure("the renderer did not exit within \(Self.seconds(timeout)) and was stopped")
            case .signalled(let signal): throw Self.failure("the renderer crashed (\(Self.signalName(signal))) on this file")
            case .exited(let code) where code != 0: throw Self.failure(Self.exitReason(code))
            case .exited: break
            }
            guard stream.header != nil else { throw Self.failure("the renderer produced no output") }
            throw Self.failure("the renderer sent \(stream.received) of \(frames) frames")
        }
        clean = true
        return (stream.header!, stream.images)
    }

    static func failure(_ message: String) -> CodecError { .library(name: "rlottie", message: message) }

    static func seconds(_ t: Double) -> String { t == t.rounded() ? "\(Int(t)) s" : "\(t) s" }

    static func exitReason(_ code: Int32) -> String {
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

/// Receives the helper's answer to one job: its 32-byte header, then one note a frame; each frame
/// is copied out of its slot in the frame memory into the array that becomes its `PixelBuffer`,
/// un-premultiplied on the way (one pass over the pixels), and its slot handed back.
struct LottieFrameStream {
    let width: Int, height: Int, frames: Int, slots: Int
    /// false: frames go through one reused buffer to a visitor, none is kept.
    let keep: Bool
    private(set) var header: LottieRenderProcess.Header?
    private(set) var images: [PixelBuffer] = []
    /// Frames received so far.
    private(set) var received = 0
    private var bytes = [UInt8](repeating: 0, count: 32)
    private var filled = 0
    private var scratch: [UInt8] = []
    /// Every frame has arrived.
    var complete: Bool { received == frames }

    init(width: Int, height: Int, frames: Int, slots: Int, keep: Bool = true) {
        self.width = width; self.height = height; self.frames = frames; self.slots = slots; self.keep = keep
    }

    /// One `recv` of the header or of a frame's note: the number read, 0 at the end of the stream,
    /// or -1 when nothing is ready yet. A complete note copies its frame out of `memory` and adds
    /// the slot's credit to `credits` when the helper still needs it.
    /// - Throws: when the helper sends a bad header or a note out of order.
    mutating func receive(from socket: Int32, memory: UnsafeRawPointer, credits: inout [UInt8],
                          visit: ((FrameVisit) throws -> Void)? = nil) throws -> Int {
        let wanted = header == nil ? 32 : 4
        let n = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + filled, wanted - filled, 0) }
        guard n > 0 else { return Self.outcome(n) }
        filled += n
        guard filled == wanted else { return n }
        filled = 0
        guard header != nil else { try readHeader(); return n }
        let index = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        guard index == received else {
            throw LottieRenderProcess.failure("the renderer's output is not a frame stream (frame \(index) announced, \(received) expected)")
        }
        let pixels = width * height
        let slot = (memory + (received % slots) * pixels * 4).assumingMemoryBound(to: UInt32.self)
        if keep {
            let image = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, count in
                // Fresh memory: its pages faulted in by one call cost about two thirds of faulting
                // one by one as the copy writes them (docs/benchmarks.md as of commit 52c9d14, 25 November).
                sf_prefault_for_writing(buffer.baseAddress!, pixels * 4)
                sf_premultiplied_argb_to_straight_rgba(slot, buffer.baseAddress!, pixels)
                count = pixels * 4
            }
            images.append(PixelBuffer(width: width, height: height, pixels: image))
        } else if let visit {
            if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: pixels * 4) }
            let index = received
            try scratch.withUnsafeMutableBufferPointer { out in
                sf_premultiplied_argb_to_straight_rgba(slot, out.baseAddress!, pixels)
                try visit(FrameVisit(index: index, width: width, height: height, expectedFrames: frames,
                                     pixels: UnsafeBufferPointer(out)))
            }
        }
        received += 1
        if received - 1 + slots < frames { credits.append(1) }
        return n
    }

    /// recv's result as `receive` reports it: a retryable error (nothing ready, a signal) is -1.
    private static func outcome(_ n: Int) -> Int { n < 0 && (errno == EAGAIN || errno == EINTR) ? -1 : max(n, 0) }

    private mutating func readHeader() throws {
        let words = (0..<5).map { i in bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) } }
        guard words[0] == 0x544C_4653, words[1] == 2 else { throw LottieRenderProcess.failure("the renderer's output is not a frame stream") }
        header = .init(width: Int(words[2]), height: Int(words[3]), totalFrames: Int(words[4]),
                       frameRate: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 20, as: Double.self) })
        bytes.removeLast(28)
    }
}
