#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// One spawned helper process and its socket: the only owner of both. `killAndReap` ends it on
/// every path (it is idempotent), so no helper outlives the decode that started it.
final class LottieChild {
    enum Exit { case exited(Int32), signalled(Int32), timedOut }

    private let pid: pid_t
    private let socket: Int32
    private var reaped = false

    /// Spawns `arguments[0]` with its standard input and output on one end of a socket pair and
    /// its standard error on /dev/null, default signal handlers and an empty signal mask.
    init(spawning arguments: [String]) throws {
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
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
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, environment)
        guard status == 0 else { close(pair[0]); throw Self.spawnError("posix_spawn \(arguments[0])", status) }
        pid = child
        socket = pair[0]
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }

    deinit { killAndReap() }

    /// Writes `input` (then half-closes) while `receive(socket)` reads whatever is ready (it returns
    /// the bytes read, 0 at the end, -1 when nothing was ready), until the helper closes its end
    /// (returns true) or the deadline passes (returns false).
    func exchange(input: [UInt8], deadline: UInt64, receive: (Int32) throws -> Int) throws -> Bool {
        var sent = 0
        var sending = true
        if input.isEmpty { shutdown(socket, Int32(SHUT_WR)); sending = false }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var fd = pollfd(fd: socket, events: Int16(POLLIN) | (sending ? Int16(POLLOUT) : 0), revents: 0)
            let wait = Int32(min((deadline - now) / 1_000_000 + 1, 1000))
            let ready = poll(&fd, 1, wait)
            if ready < 0 && errno != EINTR { throw Self.spawnError("poll", errno) }
            guard ready > 0 else { continue }
            if sending && fd.revents & Int16(POLLOUT) != 0 {
                let n = input.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if n > 0 { sent += n }
                // A helper that stopped reading (it died) is judged by its exit, not by this write.
                if n < 0 && errno != EAGAIN && errno != EINTR { sending = false }
                if sent == input.count { shutdown(socket, Int32(SHUT_WR)); sending = false }
            }
            if fd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                // Drain what is ready; ECONNRESET (the helper is gone) ends like EOF: its exit says why.
                while true {
                    let n = try receive(socket)
                    if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { return true }
                    if n < 0 { break }
                }
            }
        }
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

    /// Kills the helper if it still runs, reaps it and closes the socket; safe to call twice.
    func killAndReap() {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
        if socketOpen { close(socket); socketOpen = false }
    }

    private var socketOpen = true

    private static func spawnError(_ what: String, _ code: Int32) -> CodecError {
        .library(name: "rlottie", message: "\(what) failed: \(String(cString: strerror(code)))")
    }
}
