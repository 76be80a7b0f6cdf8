import Foundation
import ImageCodec
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `stickerforge build` of the sample pack, made once and shared by the build tests: a build
/// takes seconds, and every test only reads it (tests that build again work on a copy). `make`
/// shares any other run on a copy of the sample pack the same way (`CLIFixFixture`).
///
/// `swift test --parallel` runs every test in a process of its own, so the run is shared between
/// processes: the first to ask makes it under an exclusive file lock, and the others wait on the lock
/// and read what it saved. Its folder is named by the binary (path, size, modification time) and the
/// arguments, so a rebuilt binary or other arguments never see an older run.
struct CLIBuildFixture {
    /// The runner that made it.
    let runner: CLIRunner
    /// The folder holding `StarterPack/` (the copy of the sample) and what the run wrote (`OUT/`).
    let root: String
    /// What the run printed and returned.
    let result: CLIResult

    /// `relative` inside `root`.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// The build, made on first use; a missing binary is an `XCTSkip` for every test that asks.
    // As the README's main job (Scripts/run-sample.sh) builds it: with the Sticker Pack App project.
    static let shared = make("build", ["build", "StarterPack", "--output", "OUT", "--effort", "fast", "--xcode-project"],
                             for: BuildEndToEndTests.self)

    /// `arguments` run on a fresh copy of the sample pack in the folder named by `label`.
    static func make(_ label: String, _ arguments: [String], for testCase: AnyClass) -> Result<CLIBuildFixture, Error> {
        Result {
            let runner = try CLIRunner.locate(for: testCase)
            let root = try folder(label, arguments, runner)
            let lock = open(root + ".lock", O_CREAT | O_RDWR, 0o644)
            guard lock >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: root + ".lock"]) }
            defer { close(lock) }   // closing releases the lock
            guard flock(lock, LOCK_EX) == 0 else { throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: root + ".lock"]) }
            if let saved = savedResult(root) { return CLIBuildFixture(runner: runner, root: root, result: saved) }
            removeStale(label, keeping: root)
            try? FileManager.default.removeItem(atPath: root)   // a run that stopped half way
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack"), toPath: root + "/StarterPack")
            let result = try runner.run(arguments, in: root)
            try save(result, root)
            return CLIBuildFixture(runner: runner, root: root, result: result)
        }
    }

    /// Where a shared run lives: named by the label, the binary and the arguments.
    private static func folder(_ label: String, _ arguments: [String], _ runner: CLIRunner) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: runner.executable.path)
        let stamp = [runner.executable.path, "\(attributes[.size] ?? 0)",
                     "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"] + arguments
        let key = SHA256.hex(Array(SHA256.hash(Array(stamp.joined(separator: "\u{0}").utf8)).prefix(8)))
        return FileManager.default.temporaryDirectory.appendingPathComponent("stickerforge-shared-\(label)-\(key)").path
    }

    /// The run's result saved beside its folder (`.result`), present only once the run is complete.
    private static func savedResult(_ root: String) -> CLIResult? {
        guard let data = FileManager.default.contents(atPath: root + ".result"),
              let saved = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let status = saved["status"] as? Int, let stdout = saved["stdout"] as? String,
              let stderr = saved["stderr"] as? String,
              FileManager.default.fileExists(atPath: root) else { return nil }
        return CLIResult(status: Int32(status), stdout: stdout, stderr: stderr)
    }

    private static func save(_ result: CLIResult, _ root: String) throws {
        let data = try JSONSerialization.data(withJSONObject: ["status": Int(result.status), "stdout": result.stdout,
                                                               "stderr": result.stderr])
        try data.write(to: URL(fileURLWithPath: root + ".result"), options: .atomic)
    }

    /// Runs of this label made by other binaries more than a day ago (a checkout's earlier builds).
    private static func removeStale(_ label: String, keeping root: String) {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "stickerforge-shared-\(label)-", keep = URL(fileURLWithPath: root).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) && !name.hasPrefix(keep) {
            let path = temporary.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified.timeIntervalSinceNow < -86_400 { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
