import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Staging, publishing and sweeping in a temporary folder: exact entries before and after.
final class StagingAreaTests: XCTestCase {
    private var folder: TempFolder!
    private var root: String { folder.path }

    override func setUpWithError() throws { folder = try TempFolder("staging") }

    override func tearDown() { folder.remove() }

    private func write(_ text: String, _ relative: String) throws { try folder.write(Array(text.utf8), to: relative) }

    private func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative)), as: UTF8.self)
    }

    private func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: root).sorted() }

    func testExchangeSwapsTwoFoldersInOneStep() throws {
        try write("old", "a/file")
        try write("new", "b/file")
        XCTAssertTrue(try FileSwap.exchange(root + "/b", root + "/a"))
        XCTAssertEqual(try read("a/file"), "new")
        XCTAssertEqual(try read("b/file"), "old")
    }

    func testPublishReplacesAFolderWholeAndLeavesNothingBeside() throws {
        try write("old", "OUT/kept")
        try write("old", "OUT/gone")
        let area = StagingArea(target: root + "/OUT")
        try area.create()
        try write("new", "\(URL(fileURLWithPath: area.folder).lastPathComponent)/OUT/kept")
        XCTAssertEqual(try entries().count, 2, "the staging folder stands beside the output until it is published")
        XCTAssertNil(try area.publish())
        XCTAssertEqual(try entries(), ["OUT"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/OUT"), ["kept"])
        XCTAssertEqual(try read("OUT/kept"), "new")
    }

    func testAStagingFolderWithoutAMarkerIsNeverSwept() throws {
        try write("thesis", ".OUT.stickerforge-staging-LOOKALIKE/thesis.txt")
        try write("stickerforge staging\npid 1\nstarted unknown\n", ".OUT.stickerforge-staging-INIT/.stickerforge-staging")
        XCTAssertEqual(StagingArea.sweep(besides: root + "/OUT"), [])
        XCTAssertEqual(try entries(), [".OUT.stickerforge-staging-INIT", ".OUT.stickerforge-staging-LOOKALIKE"])
    }

    func testAnAbandonedStagingFolderIsSweptAndAnOldBuildPutBack() throws {
        // Killed between the two renames of a file system that cannot exchange: no output, the old one aside.
        let staging = ".OUT.stickerforge-staging-999999997-Z"
        try write("stickerforge staging\npid 999999997\nstarted 5\n", "\(staging)/.stickerforge-staging")
        try write("previous build", "\(staging)/previous/file")
        try write("half", "\(staging)/OUT/half")
        XCTAssertEqual(StagingArea.sweep(besides: root + "/OUT"), [root + "/" + staging])
        XCTAssertEqual(try entries(), ["OUT"])
        XCTAssertEqual(try read("OUT/file"), "previous build")
    }

    func testAnEarlierVersionsSetAsideBuildIsSweptOnlyWithItsRecord() throws {
        try write("{}", ".OUT.stickerforge-old-1/.stickerforge-build.json")
        try write("x", ".OUT.stickerforge-new-2/unrelated")
        try write("x", ".OTHER.stickerforge-old-3/.stickerforge-build.json")
        XCTAssertEqual(StagingArea.sweep(besides: root + "/OUT"), [root + "/.OUT.stickerforge-old-1"])
        XCTAssertEqual(try entries(), [".OTHER.stickerforge-old-3", ".OUT.stickerforge-new-2"])
    }

    #if os(Linux)
    /// A process killed but not yet reaped (a zombie) runs no more code: its staging folder is
    /// abandoned, though its id still answers kill(pid, 0) with the start time it was marked with.
    func testAZombiesStagingFolderIsAbandonedAndALiveProcesssIsNot() throws {
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", "exit 0"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ), 0)
        let started = try XCTUnwrap(ProcessIdentity.startTime(of: pid))
        // Not reaped yet: wait until the child has exited and is a zombie.
        var state = ""
        for _ in 0..<200 {
            let stat = String(decoding: (try? FileIO.read("/proc/\(pid)/stat", maxBytes: 4096)) ?? [], as: UTF8.self)
            state = stat.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) } ?? ""
            if state == "Z" { break }
            usleep(10_000)
        }
        XCTAssertEqual(state, "Z", "the child is a zombie until it is reaped")
        XCTAssertEqual(kill(pid, 0), 0, "a zombie's id still answers")
        XCTAssertFalse(ProcessIdentity.isRunning(pid, startedAt: started))
        XCTAssertTrue(ProcessIdentity.isRunning(getpid(), startedAt: try XCTUnwrap(ProcessIdentity.startTime(of: getpid()))))
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        XCTAssertFalse(ProcessIdentity.isRunning(pid, startedAt: started), "reaped: gone")
    }
    #endif

    func testAWriteLeavesNoStagingFolderAndReplacesTheFile() throws {
        try write("old", "report.json")
        try FileIO.writeAtomically(Array("new".utf8), to: root + "/report.json")
        XCTAssertEqual(try entries(), ["report.json"])
        XCTAssertEqual(try read("report.json"), "new")
    }
}
