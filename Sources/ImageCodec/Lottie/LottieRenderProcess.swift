#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCodecShims
import CStraightAlpha
import Foundation

/// Renders validated Lottie JSON in a `stickerforge-lottie` helper process and reads its frames.
///
/// The helper applies address-space, CPU-time and alarm limits to itself, for itself and again for
/// each job; this side spawns it with `posix_spawn` (no fork of a threaded process), sends it the job
/// over one socket (writes use `MSG_NOSIGNAL`, so a helper that dies never raises SIGPIPE here),
/// reads the frames from the shared frame memory as the helper announces them, in batches (frames
/// lent to a visitor converted to straight RGBA by the helper, in place; kept ones converted here,
/// as they are copied out), never waits longer than `timeout`, and kills
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

    /// Frame slots to use instead of `slots(width:height:frames:)` (tests: 1 hands frames over one
    /// at a time, announced and freed one by one).
    var slotsOverride: Int?

    /// Frame slots in the shared memory, the helper rendering ahead while this side reads: at least
    /// 3, as many as fit in `slotBytes` (so a small frame is handed over in batches of half the
    /// slots rounded up, one note and one credit a batch rather than a frame), at most 64 and at most `frames`.
    static func slots(width: Int, height: Int, frames: Int) -> Int {
        max(1, min(frames, 64, max(3, slotBytes / max(1, width * height * 4))))
    }

    /// The frame memory that small frames share out: 4 MiB, 100 frames of 100 x 100.
    static let slotBytes = 4 << 20

    /// What the helper's header says rlottie read.
    struct Header: Equatable { var width: Int, height: Int, totalFrames: Int, frameRate: Double }

    /// The helper's address-space limit for rendering at `width` x `height`: room for rlottie, its
    /// threads' arenas, a few frame-sized buffers and the frame slots (at most `slotBytes` or 3 frames).
    static func memoryMiB(width: Int, height: Int) -> Int { 1024 + (width * height * 4 * 8 + slotBytes) >> 20 }

    /// Renders `frames` frames at `width` x `height`: rlottie's header and the frames as straight RGBA.
    func render(_ json: [UInt8], width: Int, height: Int, frames: Int) throws -> (header: Header, images: [PixelBuffer]) {
        try render(json, width: width, height: height, frames: frames, visit: nil)
    }

    /// Renders as `render`, but with `visit` each frame is lent to it straight from its slot of the
    /// frame memory instead of kept (the returned images are then empty).
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
        let slots = slotsOverride ?? Self.slots(width: width, height: height, frames: frames)
        var stream = LottieFrameStream(width: width, height: height, frames: frames, slots: slots, keep: visit == nil)
        try child.reserveFrameMemory(width * height * 4 * slots)
        let words: [UInt32] = [0x4A4C_4653, 3, UInt32(width), UInt32(height), UInt32(frames), UInt32(slots),
                               UInt32(json.count), UInt32(memory), UInt32(seconds), testFault?.code ?? 0,
                               // Lent frames are converted by the helper, in place; kept ones here, in the copy.
                               visit == nil ? 0 : 1]
        var output = words.withUnsafeBytes { Array($0) } + json
        child.startJob(jsonBytes: json.count)
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

/// Receives the helper's answer to one job: its 32-byte header, then notes (frames 0 ..< N are
/// ready); each frame announced is copied out of its slot of the frame memory into the array that
/// becomes its `PixelBuffer` (un-premultiplied in that copy), or lent to the visitor from the slot
/// itself (the helper converted it there), and the slots read are
/// handed back with one credit a note (when the helper still needs them).
struct LottieFrameStream {
    let width: Int, height: Int, frames: Int, slots: Int
    /// false: frames are lent to a visitor, none is kept.
    let keep: Bool
    private(set) var header: LottieRenderProcess.Header?
    private(set) var images: [PixelBuffer] = []
    /// Frames received so far.
    private(set) var received = 0
    /// The last credit queued: frames 0 ..< credited may be overwritten by the helper.
    private var credited = 0
    private var bytes = [UInt8](repeating: 0, count: 256)
    private var filled = 0
    /// Every frame has arrived.
    var complete: Bool { received == frames }

    init(width: Int, height: Int, frames: Int, slots: Int, keep: Bool = true) {
        self.width = width; self.height = height; self.frames = frames; self.slots = slots; self.keep = keep
    }

    /// One `recv` of what the helper sent (the header, notes): the number read, 0 at the end of the
    /// stream, or -1 when nothing is ready yet. Every complete note has its frames read out of
    /// `memory` and, when the helper still needs it, a credit for them appended to `credits`.
    /// - Throws: when the helper sends a bad header or a note out of order.
    mutating func receive(from socket: Int32, memory: UnsafeRawPointer, credits: inout [UInt8],
                          visit: ((FrameVisit) throws -> Void)? = nil) throws -> Int {
        // The header alone first (it is 32 bytes, notes 4), then as many notes as are ready.
        let room = header == nil ? 32 - filled : bytes.count - filled
        let n = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + filled, room, 0) }
        guard n > 0 else { return Self.outcome(n) }
        filled += n
        if header == nil {
            guard filled == 32 else { return n }
            try readHeader()
            filled = 0
            return n
        }
        let notes = filled / 4
        for k in 0..<notes {
            let ready = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: k * 4, as: UInt32.self) })
            guard ready > received, ready <= frames, ready <= credited + slots else {
                throw LottieRenderProcess.failure("the renderer's output is not a frame stream (frames up to \(ready) announced, \(received) received)")
            }
            while received < ready { try take(memory: memory, visit: visit) }
            // A credit only while the helper still has frames to render into freed slots.
            if credited + slots < frames {
                credited = received
                withUnsafeBytes(of: UInt32(received)) { credits.append(contentsOf: $0) }
            }
        }
        let rest = filled - notes * 4
        if rest > 0 && notes > 0 { bytes.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[notes * 4..<filled])) } }
        filled = rest
        return n
    }

    /// Frame `received`, from its slot: copied into a new `PixelBuffer`, or lent to `visit`.
    private mutating func take(memory: UnsafeRawPointer, visit: ((FrameVisit) throws -> Void)?) throws {
        let count = width * height * 4
        let slot = (memory + (received % slots) * count).assumingMemoryBound(to: UInt8.self)
        if keep {
            let image = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                // Fresh memory: its pages faulted in by one call cost about two thirds of faulting
                // one by one as the copy writes them (docs/benchmarks.md as of commit 52c9d14, 25 November).
                sf_prefault_for_writing(buffer.baseAddress!, count)
                // Premultiplied in the slot (the helper leaves kept frames alone): un-premultiplied
                // in the same pass that copies it out, one pass over the frame either way.
                sf_premultiplied_argb_to_straight_rgba(UnsafeRawPointer(slot).assumingMemoryBound(to: UInt32.self), buffer.baseAddress!, count / 4)
                initialized = count
            }
            images.append(PixelBuffer(width: width, height: height, pixels: image))
        } else if let visit {
            try visit(FrameVisit(index: received, width: width, height: height, expectedFrames: frames,
                                 pixels: UnsafeBufferPointer(start: slot, count: count)))
        }
        received += 1
    }

    /// recv's result as `receive` reports it: a retryable error (nothing ready, a signal) is -1.
    private static func outcome(_ n: Int) -> Int { n < 0 && (errno == EAGAIN || errno == EINTR) ? -1 : max(n, 0) }

    private mutating func readHeader() throws {
        let words = (0..<5).map { i in bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) } }
        guard words[0] == 0x544C_4653, words[1] == 3 else { throw LottieRenderProcess.failure("the renderer's output is not a frame stream") }
        header = .init(width: Int(words[2]), height: Int(words[3]), totalFrames: Int(words[4]),
                       frameRate: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 20, as: Double.self) })
    }
}
