import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// The hostile catalog (`HostileCatalog`) checked through the built `stickerforge` binary, as a CI
/// gate on an untrusted pull request would run it: every trap is reported, nothing outside the
/// catalog is read, nothing hangs, and every report format stays well formed.
final class HostileEndToEndTests: XCTestCase {
    private var hostile: HostileCatalog!
    private var binary = ""

    override func setUpWithError() throws {
        // `swift build` puts the executable beside the test bundle.
        binary = Bundle.main.bundleURL.appendingPathComponent("stickerforge").path
        if !FileManager.default.isExecutableFile(atPath: binary) {
            binary = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("stickerforge").path
        }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw XCTSkip("the stickerforge binary is not built beside the tests (run `swift build` first)")
        }
        hostile = try HostileCatalog()
    }

    override func tearDown() { hostile?.remove() }

    private struct Run { var status: Int32; var stdout: String; var stderr: String; var seconds: Double }

    /// Runs the binary with a 120 s guard: a hang is a failure, not a stuck CI job.
    private func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: hostile.base)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); XCTFail("stickerforge \(arguments) did not finish in 120 s") }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "stickerforge was killed by a signal")
        return Run(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                   stderr: String(decoding: stderrData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
    }

    func testCheckReportsEveryTrapAndReadsNothingOutside() throws {
        let reports = hostile.base + "/reports"
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let result = try run(["check", hostile.catalog, "--format", "json", "--no-color", "--quiet",
                              "--report", "sarif:\(reports)/r.sarif", "--report", "junit:\(reports)/r.xml",
                              "--report", "github:\(reports)/r.github", "--report", "html:\(reports)/r.html",
                              "--report", "text:\(reports)/r.txt"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertLessThan(result.seconds, 60)

        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        func messages(_ rule: String, _ sticker: String) -> [String] {
            findings.filter { $0["rule"] as? String == rule && $0["sticker"] as? String == sticker }
                .compactMap { $0["message"] as? String }
        }
        for (sticker, reason) in HostileCatalog.refusedPaths {
            XCTAssertTrue(messages("catalog_invalid", sticker).contains { $0.contains(reason) },
                          "\(sticker): \(messages("catalog_invalid", sticker))")
        }
        for (sticker, message) in HostileCatalog.bombs {
            XCTAssertEqual(messages("decode_limit_exceeded", sticker), [message], sticker)
        }
        XCTAssertTrue(findings.contains { ($0["message"] as? String)?.contains("'../../Escape.sticker' leaves its folder") == true },
                      "the escaping pack entry is reported")
        // The odd names are read and decoded like any other file.
        let stickers = try XCTUnwrap(json["stickers"] as? [[String: Any]])
        let files = stickers.flatMap { $0["files"] as? [String] ?? [] }
        XCTAssertTrue(files.contains { $0.hasSuffix("/" + HostileCatalog.partyFile) }, "\(files)")
        XCTAssertTrue(files.contains { $0.hasSuffix("/" + HostileCatalog.evilFile) }, "\(files)")
        XCTAssertEqual(messages("corrupt_image", "😀 Party") + messages("corrupt_image", "Evil"), [])

        // Every report is well formed and none contains the outside file's text.
        let sarif = try Data(contentsOf: URL(fileURLWithPath: reports + "/r.sarif"))
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: sarif))
        XCTAssertNoThrow(try XMLDocument(contentsOf: URL(fileURLWithPath: reports + "/r.xml")))
        for name in ["r.sarif", "r.xml", "r.github", "r.html", "r.txt"] {
            let text = try String(contentsOfFile: reports + "/" + name, encoding: .utf8)
            XCTAssertFalse(text.contains(HostileCatalog.secret), "\(name) shows the secret")
            XCTAssertFalse(text.contains("\u{1B}"), "\(name) passes a raw escape character through")
        }
        XCTAssertFalse(result.stdout.contains(HostileCatalog.secret))
        // A file name cannot forge a GitHub workflow command: each line is one annotation or plain text.
        let github = try String(contentsOfFile: reports + "/r.github", encoding: .utf8)
        XCTAssertFalse(github.split(separator: "\n").contains { $0.hasPrefix("::error::injected") }, github)
        // HTML shows the name as text, never as markup.
        let html = try String(contentsOfFile: reports + "/r.html", encoding: .utf8)
        XCTAssertFalse(html.contains("こんにちは <b>"), "raw markup from a file name")
        XCTAssertTrue(html.contains("こんにちは &lt;b&gt;&amp;amp;"), "the name is shown, escaped")
    }

    func testBuildNeverReplacesAFolderItDidNotCreate() throws {
        let good = hostile.base + "/GoodOnly"
        try FileManager.default.createDirectory(atPath: good, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: hostile.catalog + "/Sticker Pack.stickerpack/Good.sticker/Good.png",
                                         toPath: good + "/Good.png")
        let foreign = hostile.base + "/out"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: foreign + "/notes.txt"))
        let refused = try run(["build", good, "--output", foreign, "--quiet"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertEqual(try String(contentsOfFile: foreign + "/notes.txt", encoding: .utf8), "keep me")

        // A link named like the output folder, pointing at a folder with files: refused, target untouched.
        try FileManager.default.createSymbolicLink(atPath: hostile.base + "/linked", withDestinationPath: foreign)
        XCTAssertNotEqual(try run(["build", good, "--output", hostile.base + "/linked", "--quiet"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: foreign), ["notes.txt"])

        // Its own earlier build is replaced as a whole; nothing is left beside it.
        let fresh = hostile.base + "/fresh"
        XCTAssertEqual(try run(["build", good, "--output", fresh, "--quiet"]).status, 0)
        try Data("stray".utf8).write(to: URL(fileURLWithPath: fresh + "/stray.txt"))
        XCTAssertEqual(try run(["build", good, "--output", fresh, "--quiet"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh + "/stray.txt"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: hostile.base).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }
}
