import Foundation
import ImageCodec
import XCTest

/// Each command that writes is killed (SIGKILL, as a crash or a power cut stops it) at every step
/// that makes its output durable or visible, in turn: every file written, flushed, renamed,
/// exchanged, every staging folder removed (`FaultPoint`, `STICKERFORGE_FAULT_KILL_AT=N`). After
/// each kill every output is the old one or the new one, whole; a rerun gives the bytes of an
/// uninterrupted run and leaves no staging folder behind.
final class FaultInjectionEndToEndTests: CLIEndToEndTestCase {
    /// One command on a prepared folder.
    private struct Scenario {
        /// The command's arguments (run in the scenario's folder).
        var arguments: [String]
        /// The outputs judged, relative to the folder.
        var outputs: [String]
        /// Makes the sources (and, for a rebuild, the old outputs) in a folder.
        var setUp: (String) throws -> Void
        /// Changes the sources after the old outputs were made, so the new output differs.
        var change: (String) throws -> Void = { _ in }
        /// The exit status of an uninterrupted run.
        var status: Int32 = 0
        /// The command never replaces an existing output (`fix`): a rerun after a kill that left the
        /// new output in place refuses, with exit 2.
        var neverOverwrites = false
    }

    /// A `side` px transparent canvas with an opaque box of `shade`.
    private static func art(_ side: Int, shade: UInt8) throws -> [UInt8] {
        var buffer = PixelBuffer(width: side, height: side)
        for y in 8..<(side - 8) { for x in 8..<(side - 8) { buffer[x, y] = RGBA(shade, 40, 90, 255) } }
        return try PNGEncoder(options: PNGEncodeOptions(effort: .fast)).encode(buffer)
    }

    private static func write(_ bytes: [UInt8], _ path: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A plain pack of `count` stills of `side` px, with labels and one emoji each.
    private static func pack(_ root: String, count: Int, side: Int) throws {
        var yaml = "name: Boxes\npublisher: Example\nlabels:\n"
        for i in 1...count {
            try write(try art(side, shade: UInt8(40 * i)), "\(root)/P/s\(i).png")
            yaml += "  s\(i): Box \(i)\n"
        }
        yaml += "emojis:\n" + (1...count).map { "  s\($0): [\"😀\"]\n" }.joined()
        try write(Array(yaml.utf8), "\(root)/P/stickerforge.yml")
    }

    func testARebuildKilledAtAnyStepLeavesTheOldBuildOrTheNewOne() throws {
        try killAtEveryStep(Scenario(arguments: ["build", "P", "--output", "OUT", "--effort", "fast", "--quiet"], outputs: ["OUT"],
                                     setUp: { try Self.pack($0, count: 2, side: 300) },
                                     change: { try Self.write(try Self.art(300, shade: 250), "\($0)/P/s1.png") }),
                            rebuild: true)
    }

    func testAStoreBuildKilledAtAnyStepLeavesWholeStoreFolders() throws {
        try killAtEveryStep(Scenario(arguments: ["build", "P", "--platform", "signal", "--output", "OUT", "--quiet"],
                                     outputs: ["OUT/signal", "OUT/comparison.html"],
                                     setUp: { try Self.pack($0, count: 2, side: 512) },
                                     change: { try Self.write(try Self.art(512, shade: 250), "\($0)/P/s1.png") }),
                            rebuild: true)
    }

    func testAFixKilledAtAnyStepLeavesNoOutputOrAWholeOne() throws {
        try killAtEveryStep(Scenario(arguments: ["fix", "P", "--output", "FIXED", "--labels-from-names", "--quiet"], outputs: ["FIXED"],
                                     setUp: { root in
                                         try Self.pack(root, count: 2, side: 300)
                                         // An unlabelled sticker and a misspelt key: fix edits the copy's config.
                                         try Self.write(try Self.art(300, shade: 200), "\(root)/P/s3.png")
                                         try Self.write(Array("name: Boxes\nlabel:\n  s1: Box 1\n".utf8), "\(root)/P/stickerforge.yml")
                                     }, neverOverwrites: true), rebuild: false)
    }

    func testAConvertKilledAtAnyStepLeavesEachFileOldOrNew() throws {
        try killAtEveryStep(Scenario(arguments: ["convert", "P/s1.png", "P/s2.png", "--output-dir", "CONV", "--effort", "fast"],
                                     outputs: ["CONV/s1.png", "CONV/s2.png"],
                                     setUp: { try Self.pack($0, count: 2, side: 300) },
                                     change: { try Self.write(try Self.art(300, shade: 250), "\($0)/P/s1.png") }),
                            rebuild: true)
    }

    /// Runs the scenario killed at step 1, 2, ... until a run finishes on its own.
    private func killAtEveryStep(_ scenario: Scenario, rebuild: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let base = try temp.makeFolder("base")
        try scenario.setUp(base)
        if rebuild {
            let first = try runner.run(scenario.arguments, in: base)
            XCTAssertFalse(first.killed, first.stderr, file: file, line: line)
        }
        let old = try scenario.outputs.map { try snapshot(base + "/" + $0) }
        try scenario.change(base)
        let reference = temp.path("reference")
        try FileManager.default.copyItem(atPath: base, toPath: reference)
        let uninterrupted = try runner.run(scenario.arguments, in: reference)
        XCTAssertEqual(uninterrupted.status, scenario.status, uninterrupted.stderr, file: file, line: line)
        let new = try scenario.outputs.map { try snapshot(reference + "/" + $0) }
        XCTAssertNotEqual(old, new, "the change must change the output, or the test proves nothing", file: file, line: line)
        var step = 1
        while step < 400 {
            let folder = temp.path("step\(step)")
            try FileManager.default.copyItem(atPath: base, toPath: folder)
            let killed = try runner.run(scenario.arguments, in: folder, environment: ["STICKERFORGE_FAULT_KILL_AT": "\(step)"])
            if !killed.killed {
                XCTAssertGreaterThan(step, 3, "the command passed fewer steps than it writes files", file: file, line: line)
                XCTAssertEqual(killed.status, scenario.status, killed.stderr, file: file, line: line)
                XCTAssertEqual(try scenario.outputs.map { try snapshot(folder + "/" + $0) }, new, file: file, line: line)
                break
            }
            for (index, output) in scenario.outputs.enumerated() {
                let now = try snapshot(folder + "/" + output)
                // comparison.html is removed before the store folders change, so none is also whole.
                let whole = now == old[index] || now == new[index] || (output.hasSuffix(".html") && now == nil)
                XCTAssertTrue(whole, "killed at step \(step): \(output) is neither the old output nor the new one",
                              file: file, line: line)
            }
            let published = try scenario.outputs.map { try snapshot(folder + "/" + $0) } == new
            let rerun = try runner.run(scenario.arguments, in: folder)
            XCTAssertEqual(rerun.status, scenario.neverOverwrites && published ? 2 : scenario.status,
                           "rerun after step \(step): \(rerun.stderr)", file: file, line: line)
            XCTAssertEqual(try scenario.outputs.map { try snapshot(folder + "/" + $0) }, new,
                           "rerun after step \(step) differs from an uninterrupted run", file: file, line: line)
            XCTAssertEqual(try leftovers(folder), [], "after the rerun of step \(step)", file: file, line: line)
            try FileManager.default.removeItem(atPath: folder)
            step += 1
        }
    }

    /// An output's files and bytes (nil when it does not exist); a file output is keyed "".
    private func snapshot(_ path: String) throws -> [String: [UInt8]]? {
        let kind = (exists: FileManager.default.fileExists(atPath: path), folder: (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil
                    && (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil)
        guard kind.exists else { return nil }
        return kind.folder ? try tree(path) : ["": try CLIPaths.bytes(path)]
    }

    /// Every staging folder under `folder`.
    private func leftovers(_ folder: String) throws -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder)
        while let relative = walker?.nextObject() as? String {
            if relative.contains(".stickerforge-staging-") { found.append(relative) }
        }
        return found
    }
}
