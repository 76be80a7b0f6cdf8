import Foundation

/// Where a command writes: standard output for results, standard error for progress and problems.
/// Passed to commands rather than reached through globals, so tests can capture it.
struct Console: Sendable {
    /// Whether standard output is a terminal (colour and progress bars only then).
    let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    let stderrIsTerminal: Bool

    /// The real process streams.
    static func standard() -> Console {
        Console(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Writes `text` to standard output as is.
    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error.
    func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
