import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer at a time per output: an exclusive `flock(2)` on the folder that holds the output, held
/// from the sweep of leftovers to the publishing of the new output. A second run waits for the
/// first to finish (saying so), then writes its own output whole. The kernel drops the lock when its
/// process ends, however it ends, so a killed run never blocks the next one. Locking the folder
/// rather than a lock file leaves nothing beside the output (no stray file for version control to
/// see); two runs writing different outputs in one folder take turns only for their write phase.
public final class OutputLock {
    private let fd: Int32
    /// The folder locked.
    public let folder: String

    /// Takes the lock for `target`, calling `waiting` once with a message when another process holds it.
    /// - Throws: `FileIOError.writeFailed` naming the folder when it cannot be created, opened or locked.
    public init(for target: String, waiting: (String) -> Void) throws {
        folder = URL(fileURLWithPath: target).standardizedFileURL.deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw FileIOError.writeFailed(path: folder, reason: "cannot create the folder (\(FileIO.reasonText(error)))")
        }
        let fd = open(folder, O_RDONLY)
        guard fd >= 0 else { throw FileIOError.writeFailed(path: folder, reason: "cannot open to lock (\(FileSwap.reason(errno)))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                let code = errno
                close(fd)
                throw FileIOError.writeFailed(path: folder, reason: "cannot lock (\(FileSwap.reason(code)))")
            }
            waiting("another stickerforge run is writing into \(folder); waiting for it to finish before writing \(target)")
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let code = errno
                    close(fd)
                    throw FileIOError.writeFailed(path: folder, reason: "cannot lock (\(FileSwap.reason(code)))")
                }
            }
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
