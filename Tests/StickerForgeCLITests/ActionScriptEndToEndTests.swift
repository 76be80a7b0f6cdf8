import Foundation
import XCTest

/// The GitHub Action's check step (Scripts/action-check.sh, called by action.yml) run locally with
/// the runner's files pointing at temporary files: annotations, SARIF, the step summary, the
/// exit-code output, and the `fail` and `baseline` inputs.
final class ActionScriptEndToEndTests: CLIEndToEndTestCase {
    private func runAction(_ environment: [String: String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLIPaths.packageRoot + "/Scripts/action-check.sh"]
        process.currentDirectoryURL = URL(fileURLWithPath: temp.root)
        var env = ProcessInfo.processInfo.environment
        env["STICKERFORGE"] = runner.executable.path
        env["GITHUB_OUTPUT"] = temp.path("github-output")
        env["GITHUB_STEP_SUMMARY"] = temp.path("step-summary.md")
        env.merge(environment) { $1 }
        process.environment = env
        let out = temp.path("action-stdout")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try CLIPaths.bytes(out), as: UTF8.self))
    }

    private func text(_ relative: String) throws -> String {
        String(decoding: try CLIPaths.bytes(temp.path(relative)), as: UTF8.self)
    }

    func testTheCheckStepWritesSARIFSummaryAndExitCode() throws {
        _ = try temp.copySample("StarterPack/poster.png", as: "Stickers/poster.png")
        let failed = try runAction(["INPUT_CATALOG": "Stickers", "INPUT_SARIF": "out/stickerforge.sarif"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.contains("::error file=Stickers/poster.png,title=dimensions_too_large::"), failed.stdout)
        XCTAssertEqual(try text("github-output"), "exit-code=1\nsarif=out/stickerforge.sarif\n")
        let summary = try text("step-summary.md")
        XCTAssertTrue(summary.hasPrefix("### stickerforge: Stickers\n"), summary)
        XCTAssertTrue(summary.contains("| 1 | 1 | 1 | 1 | 0 |"), summary)  // the warning: no icon set
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(CLIPaths.bytes(temp.path("out/stickerforge.sarif"))))
                                  as? [String: Any])
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")

        // A baseline of today's findings makes the same step pass; fail=false never fails it.
        XCTAssertEqual(try run(["check", "Stickers", "-q", "--write-baseline", "baseline.json"]).status, 0)
        try FileManager.default.removeItem(atPath: temp.path("github-output"))
        let baselined = try runAction(["INPUT_CATALOG": "Stickers", "INPUT_BASELINE": "baseline.json", "INPUT_STRICT": "true"])
        XCTAssertEqual(baselined.status, 0, baselined.stdout)
        XCTAssertEqual(try text("github-output"), "exit-code=0\nsarif=stickerforge.sarif\n")
        let lenient = try runAction(["INPUT_CATALOG": "Stickers", "INPUT_FAIL": "false", "INPUT_ARGS": "--rule missing_accessibility_label=off"])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertTrue(try text("github-output").hasSuffix("exit-code=1\nsarif=stickerforge.sarif\n"))
    }
}
