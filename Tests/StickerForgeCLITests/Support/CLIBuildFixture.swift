import Foundation
import XCTest

/// One `stickerforge build` of the sample pack, made once and shared by the build tests: a build
/// takes seconds, and every test only reads it (tests that build again work on a copy).
struct CLIBuildFixture {
    /// The runner that made it.
    let runner: CLIRunner
    /// The folder holding `StarterPack/` (the copy of the sample) and `OUT/` (the build).
    let root: String
    /// What the build printed and returned.
    let result: CLIResult

    /// `relative` inside `root`.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// The build, made on first use; a missing binary is an `XCTSkip` for every test that asks.
    static let shared: Result<CLIBuildFixture, Error> = Result {
        let runner = try CLIRunner.locate(for: BuildEndToEndTests.self)
        let root = folder
        try? FileManager.default.removeItem(atPath: root)   // a stale folder of an earlier process with the same id
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack"), toPath: root + "/StarterPack")
        // As the README's main job (Scripts/run-sample.sh) builds it: with the Sticker Pack App project.
        let result = try runner.run(["build", "StarterPack", "--output", "OUT", "--effort", "fast", "--xcode-project"], in: root)
        return CLIBuildFixture(runner: runner, root: root, result: result)
    }

    /// Where the shared build lives: one folder per test process, known without building.
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("stickerforge-build-\(ProcessInfo.processInfo.processIdentifier)").path

    /// Removes the shared build's folder, if it was made (from the test class's `tearDown()`).
    static func removeShared() {
        try? FileManager.default.removeItem(atPath: folder)   // absent when no test built it; leftovers are harmless
    }
}
