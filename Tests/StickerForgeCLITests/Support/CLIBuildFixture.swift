import Foundation
import XCTest

/// One `stickerforge build` of the sample pack, made once and shared by the build tests: a build
/// takes seconds, and every test only reads it (tests that build again work on a copy). `make`
/// shares any other run on a copy of the sample pack the same way (`CLIFixFixture`).
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
            let root = folder(label)
            try? FileManager.default.removeItem(atPath: root)   // a stale folder of an earlier process with the same id
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack"), toPath: root + "/StarterPack")
            return CLIBuildFixture(runner: runner, root: root, result: try runner.run(arguments, in: root))
        }
    }

    /// Where a shared run lives: one folder per label and test process, known without running.
    private static func folder(_ label: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("stickerforge-\(label)-\(ProcessInfo.processInfo.processIdentifier)").path
    }

    /// Removes the shared build's folder, if it was made (from the test class's `tearDown()`).
    static func removeShared(_ label: String = "build") {
        try? FileManager.default.removeItem(atPath: folder(label))   // absent when no test built it; leftovers are harmless
    }
}
