import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Test-only fault injection at the steps that make an output durable and visible (a file written,
/// flushed, renamed, exchanged, a staging folder removed). With `STICKERFORGE_FAULT_KILL_AT=N` in the
/// environment the process kills itself with SIGKILL on reaching the Nth step, as a crash or a power
/// cut would stop it there; with `STICKERFORGE_FAULT_LOG=FILE` each step is appended to FILE. Neither
/// variable is documented for users; without them a step costs one check of an immutable value.
/// The suite `FaultInjectionEndToEndTests` kills each command at every step in turn.
public enum FaultPoint {
    private static let settings = Settings(ProcessInfo.processInfo.environment)

    /// Marks one step; `what` names it in the log.
    public static func reached(_ what: @autoclosure () -> String) {
        guard settings.active else { return }
        settings.step(what())
    }

    /// The parsed variables and the step counter (shared by every thread of the process).
    private final class Settings: @unchecked Sendable {  // `count` is only touched under `lock`
        let killAt: Int?
        let log: String?
        let active: Bool
        private let lock = NSLock()
        private var count = 0

        init(_ environment: [String: String]) {
            killAt = environment["STICKERFORGE_FAULT_KILL_AT"].flatMap { Int($0) }
            log = environment["STICKERFORGE_FAULT_LOG"]
            active = killAt != nil || log != nil
        }

        func step(_ what: String) {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            if let log, let handle = FileHandle(forWritingAtPath: log) ?? create(log) {
                handle.seekToEndOfFile()
                handle.write(Data("\(count) \(what)\n".utf8))
                handle.closeFile()
            }
            if count == killAt { kill(getpid(), SIGKILL) }
        }

        private func create(_ path: String) -> FileHandle? {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
            return FileHandle(forWritingAtPath: path)
        }
    }
}
