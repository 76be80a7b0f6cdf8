import ArgumentParser

/// The exit codes CI pipelines rely on.
enum ExitStatus {
    /// No error findings (and no warnings with `--strict`), or the operation succeeded.
    static let success = ExitCode(0)
    /// Error findings, or some inputs failed while the others were processed.
    static let findings = ExitCode(1)
    /// A usage error, or an input that cannot be read at all.
    static let unusable = ExitCode(2)
}
