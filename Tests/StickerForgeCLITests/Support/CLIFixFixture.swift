import Foundation
import XCTest

/// One `stickerforge fix` of the sample pack, made once and shared by the fix tests, which only read
/// it (a fix of the sample takes seconds in a debug build): `StarterPack/` (the copy of the sample
/// that was fixed), `Fixed/` (the repaired copy) and `fix.json` (its JSON report).
struct CLIFixFixture {
    /// The runner that made it.
    let runner: CLIRunner
    /// The folder holding everything.
    let root: String
    /// What the fix printed and returned (text on standard output).
    let result: CLIResult

    /// `relative` inside `root`.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// The fix, made on first use; a missing binary is an `XCTSkip` for every test that asks.
    static let shared: Result<CLIFixFixture, Error> = Result {
        let runner = try CLIRunner.locate(for: FixEndToEndTests.self)
        try? FileManager.default.removeItem(atPath: folder)   // a stale folder of an earlier process with the same id
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack"), toPath: folder + "/StarterPack")
        let result = try runner.run(["fix", "StarterPack", "--output", "Fixed", "--labels-from-names", "--report", "json:fix.json"],
                                    in: folder)
        return CLIFixFixture(runner: runner, root: folder, result: result)
    }

    /// Where the shared fix lives: one folder per test process.
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("stickerforge-fix-\(ProcessInfo.processInfo.processIdentifier)").path

    /// Removes the shared folder, if it was made (from the test class's `tearDown()`).
    static func removeShared() {
        try? FileManager.default.removeItem(atPath: folder)   // absent when no test made it; leftovers are harmless
    }
}
