import Foundation
import XCTest

/// What one run of the built `stickerforge` binary did.
struct CLIResult {
    /// The exit status.
    let status: Int32
    /// Everything written to standard output.
    let stdout: String
    /// Everything written to standard error.
    let stderr: String
    /// Whether a signal ended it (then `status` is the signal's number).
    var killed = false
}

/// Runs the built `stickerforge` binary as a child process. Output goes to files rather than pipes,
/// so a chatty command can never block on a full pipe while the test waits for it.
struct CLIRunner {
    /// The binary.
    let executable: URL

    /// The binary in the products folder next to the test bundle, or `XCTSkip` when it was not built.
    static func locate(for testCase: AnyClass) throws -> CLIRunner {
        let bundle = Bundle(for: testCase).bundleURL
        // On macOS the bundle is a folder inside the products folder; on Linux the bundle URL may
        // already be the products folder, so both are tried.
        let candidates = [bundle.deletingLastPathComponent(), bundle].map { $0.appendingPathComponent("stickerforge") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("the stickerforge binary is not built next to the tests (looked at \(candidates.map(\.path)))")
        }
        return CLIRunner(executable: found)
    }

    /// Runs `stickerforge arguments` in `directory` and waits for it.
    func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> CLIResult {
        let running = try start(arguments, in: directory, environment: environment)
        running.process.waitUntilExit()
        return running.result()
    }

    /// Starts `stickerforge arguments` in `directory` without waiting.
    func start(_ arguments: [String], in directory: String, environment extra: [String: String] = [:]) throws -> RunningCLI {
        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("sf-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let out = outputs.appendingPathComponent("stdout"), err = outputs.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return RunningCLI(process: process, outputFolder: outputs)
    }
}

/// A started `stickerforge` process and the files its output goes to.
struct RunningCLI {
    let process: Process
    let outputFolder: URL

    /// Standard output so far.
    var stdout: String { read("stdout") }

    /// The finished run's status and output (call after the process exited).
    func result() -> CLIResult {
        let result = CLIResult(status: process.terminationStatus, stdout: read("stdout"), stderr: read("stderr"),
                               killed: process.terminationReason == .uncaughtSignal)
        try? FileManager.default.removeItem(at: outputFolder)   // a leftover log folder is harmless
        return result
    }

    private func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: outputFolder.appendingPathComponent(name).path) ?? Data(),
               as: UTF8.self)
    }
}
