#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCodecShims
import Dispatch

/// One spawned helper process, its socket and the frame memory it renders into: the only owner of
/// all three. `killAndReap` ends it on every path (it is idempotent), so no helper outlives the
/// pool (or the decode) that started it.
final class LottieChild {
    enum Exit { case exited(Int32), signalled(Int32), timedOut }

    /// The hard limits the helper was started with; a job may ask for less, never more.
    let memoryMiB: Int, seconds: Int
    /// Jobs the helper was started for (it exits after that many).
    let maxJobs: Int
    /// Jobs sent to the helper, and the JSON bytes they carried.
    private(set) var jobs = 0, jsonBytes = 0
    private let pid: pid_t
    /// The helper's process id (tests).
    var processID: Int32 { pid }
    private let socket: Int32
    private let memoryFile: Int32
    private var reaped = false
    private var open = true
    /// The tool's read-only view of the frame memory.
    private(set) var frames: UnsafeRawPointer?
    private var mappedBytes = 0

    /// Spawns `executable` with its standard input and output on one end of a socket pair, its
    /// standard error on /dev/null, a new frame memory file on descriptor 3, default signal
    /// handlers and an empty signal mask.
    init(executable: String, maxJobs: Int, memoryMiB: Int, seconds: Int) throws {
        self.memoryMiB = memoryMiB; self.seconds = seconds; self.maxJobs = maxJobs
        var pair: [Int32] = [-1, -1]
        #if os(Linux)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &pair) == 0 else { throw Self.spawnError("socketpair", errno) }
        #if !os(Linux)
        _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC); _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
        #endif
        defer { close(pair[1]) }
        let memory = sf_frame_memory_create(0)
        guard memory >= 0 else { let code = errno; close(pair[0]); throw Self.spawnError("memfd_create", code) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, memory, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The spawning thread may block or ignore signals; the helper's own limits need them.
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGALRM, SIGXCPU, SIGSEGV, SIGABRT, SIGTERM] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = [executable, "\(maxJobs)", "\(memoryMiB)", "\(seconds)"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The helper is linked by the Swift driver, so the Swift runtime's crash backtracer would
        // run (slowly, into /dev/null) when rlottie crashes; a crash should just end it.
        var inherited: [String] = []
        var cursor = environ
        while let entry = cursor.pointee { inherited.append(String(cString: entry)); cursor += 1 }
        let environment: [UnsafeMutablePointer<CChar>?] = (inherited.filter { !$0.hasPrefix("SWIFT_BACKTRACE=") }
            + ["SWIFT_BACKTRACE=enable=no"]).map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
        guard status == 0 else { close(pair[0]); close(memory); throw Self.spawnError("posix_spawn \(executable)", status) }
        pid = child
        socket = pair[0]
        memoryFile = memory
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }

    deinit { killAndReap() }

    /// Makes the frame memory at least `bytes` long and maps it (read-only) on this side.
    func reserveFrameMemory(_ bytes: Int) throws {
        guard bytes > mappedBytes else { return }
        guard sf_frame_memory_grow(memoryFile, bytes) == 0 else { throw Self.spawnError("growing the frame memory", errno) }
        unmap()
        guard let view = mmap(nil, bytes, PROT_READ, MAP_SHARED, memoryFile, 0), view != MAP_FAILED else {
            throw Self.spawnError("mmap", errno)
        }
        frames = UnsafeRawPointer(view)
        mappedBytes = bytes
    }

    /// Counts a job sent to the helper, carrying `jsonBytes` of JSON.
    func startJob(jsonBytes: Int) { jobs += 1; self.jsonBytes += jsonBytes }

    /// Sends `output` (more may be appended by `receive` as it goes) while `receive(socket)` reads
    /// whatever is ready (it returns the bytes read, 0 at the end, -1 when nothing was ready),
    /// until `finished()`, the helper closing its end (both return true) or the deadline (false).
    func exchange(output: inout [UInt8], deadline: UInt64, finished: () -> Bool,
                  receive: (Int32, inout [UInt8]) throws -> Int) throws -> Bool {
        var sent = 0
        var sending = true
        while !finished() {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            let wantsOut = sending && sent < output.count
            var fd = pollfd(fd: socket, events: Int16(POLLIN) | (wantsOut ? Int16(POLLOUT) : 0), revents: 0)
            let wait = Int32(min((deadline - now) / 1_000_000 + 1, 1000))
            let ready = poll(&fd, 1, wait)
            if ready < 0 && errno != EINTR { throw Self.spawnError("poll", errno) }
            guard ready > 0 else { continue }
            if wantsOut && fd.revents & Int16(POLLOUT) != 0 {
                let n = output.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if n > 0 { sent += n }
                // A helper that stopped reading (it died) is judged by its exit, not by this write.
                if n < 0 && errno != EAGAIN && errno != EINTR { sending = false }
            }
            if fd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                // Drain what is ready; ECONNRESET (the helper is gone) ends like EOF: its exit says why.
                while !finished() {
                    let n = try receive(socket, &output)
                    if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { return true }
                    if n < 0 { break }
                }
            }
            if sent == output.count && sent > 0 { output.removeAll(keepingCapacity: true); sent = 0 }
        }
        // Credits still unsent are for frames that will never come: the job is complete.
        return true
    }

    /// Waits for the helper to exit, polling until the deadline.
    func waitForExit(deadline: UInt64) -> Exit {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                reaped = true
                let signal = status & 0x7F
                return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
            }
            if r < 0 && errno != EINTR { reaped = true; return .exited(-1) }
            if DispatchTime.now().uptimeNanoseconds >= deadline { return .timedOut }
            usleep(1000)
        }
    }

    /// Kills the helper if it still runs, reaps it, closes the socket and frees the frame memory;
    /// safe to call twice.
    func killAndReap() {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
        if open { close(socket); close(memoryFile); unmap(); open = false }
    }

    private func unmap() {
        if let frames { munmap(UnsafeMutableRawPointer(mutating: frames), mappedBytes) }
        frames = nil
        mappedBytes = 0
    }

    private static func spawnError(_ what: String, _ code: Int32) -> CodecError {
        .library(name: "rlottie", message: "\(what) failed: \(String(cString: strerror(code)))")
    }
}
