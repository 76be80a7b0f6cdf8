import ArgumentParser
import Foundation
import StickerKit

/// The failures the CLI meets itself (the library's errors say their own messages).
enum CommandFailure: Error, CustomStringConvertible {
    /// A combination of arguments that only the pack can show wrong (validate() cannot judge it).
    case usage(String)
    /// `--baseline` cannot be read or decoded.
    case baselineUnreadable(reason: Error)
    /// `--write-baseline` cannot be written.
    case baselineUnwritable(reason: Error)
    /// A `--report FORMAT:PATH` cannot be written.
    case reportUnwritable(format: String, reason: Error)
    /// An output folder cannot be made.
    case cannotCreate(path: String, reason: Error)
    /// An output folder option names a file.
    case notAFolder(option: String, path: String)
    /// A batch manifest (`--manifest`) cannot be written.
    case manifestUnwritable(reason: Error)
    /// A file or folder of a batch or a write failed: the path, then why.
    case at(path: String, reason: Error)
    /// One input of a batch failed; `message` is already in words.
    case item(message: String)

    var description: String {
        switch self {
        case let .usage(problem): return problem
        case let .baselineUnreadable(reason): return "cannot use the baseline: \(reason)"
        case let .baselineUnwritable(reason): return "cannot write the baseline: \(reason)"
        case let .reportUnwritable(format, reason): return "cannot write the \(format) report: \(reason)"
        case let .cannotCreate(path, reason): return "cannot create \(path): \(FileIO.reasonText(reason))"
        case let .notAFolder(option, path): return "\(option) \(path) is a file, not a folder; choose another path"
        case let .manifestUnwritable(reason): return "cannot write the manifest: \(reason)"
        case let .at(path, reason): return "\(path): \(reason)"
        case let .item(message): return message
        }
    }
}

extension Console {
    /// The one mapping from an error to what the user reads: `error: MESSAGE` on standard error,
    /// one line per problem when the error holds several (`XcodeProjectError`).
    func say(_ error: Error) {
        let messages = (error as? XcodeProjectError).map { $0.all.map { "\($0)" } } ?? ["\(error)"]
        for message in messages { err("error: \(message)") }
    }

    /// Says `error` (`say(_:)`) and returns the exit code that ends the command: 2 unless `exit` says otherwise.
    func fail(_ error: Error, exit: ExitCode = ExitStatus.unusable) -> ExitCode {
        say(error)
        return exit
    }
}
