import Foundation
import ImageCodec
import XCTest

/// The promises of docs/security.md ("What a command never does to your files") through the built
/// binary: no output may be, hold or lie inside a source; a file that is not ours is never
/// overwritten; leftovers of killed runs are swept; two builds into one folder take turns.
final class OutputSafetyEndToEndTests: CLIEndToEndTestCase {
    /// A plain folder `name` of two 300 px stills with labels: a pack that builds with no errors.
    @discardableResult
    private func pack(_ name: String = "MyPack") throws -> String {
        _ = try temp.write(try CLIStickerImages.square(RGBA(200, 40, 40, 255)), to: "\(name)/red.png")
        _ = try temp.write(try CLIStickerImages.square(RGBA(40, 40, 200, 255)), to: "\(name)/blue.png")
        _ = try temp.write(Array("labels:\n  red: Red square\n  blue: Blue square\n".utf8), to: "\(name)/stickerforge.yml")
        return temp.path(name)
    }

    /// The first reproduction: a source pack inside the output folder of an earlier build.
    func testBuildRefusesAnOutputThatHoldsTheSourcePack() throws {
        try pack("Source")
        XCTAssertEqual(try run(["build", "Source", "--output", "OUT", "--quiet"]).status, 0)
        try FileManager.default.copyItem(atPath: temp.path("Source"), toPath: temp.path("OUT/MyPack"))
        let before = try tree(temp.path("OUT"))
        let result = try run(["build", "OUT/MyPack", "--output", "OUT"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("error: --output OUT holds the catalog OUT/MyPack"), result.stderr)
        XCTAssertTrue(result.stderr.contains("choose an output outside the catalog"), result.stderr)
        XCTAssertEqual(try tree(temp.path("OUT")), before, "nothing in OUT changed, the pack inside it least of all")
    }

    /// The second reproduction: outputs inside the pack, or the pack itself, are refused before anything is written.
    func testBuildRefusesOutputsInsideOrEqualToThePack() throws {
        try pack()
        let before = try tree(temp.path("MyPack"))
        let inside = try run(["build", "MyPack", "--output", "MyPack/out"])
        XCTAssertEqual(inside.status, 2, inside.stderr)
        XCTAssertTrue(inside.stderr.contains("--output MyPack/out lies inside the catalog MyPack"), inside.stderr)
        let same = try run(["build", "MyPack", "--platform", "whatsapp", "--output", "MyPack"])
        XCTAssertEqual(same.status, 2, same.stderr)
        XCTAssertTrue(same.stderr.contains("--output MyPack is the catalog MyPack"), same.stderr)
        let report = try run(["build", "MyPack", "--output", "OUT", "--report", "json:MyPack/report.json"])
        XCTAssertEqual(report.status, 2, report.stderr)
        XCTAssertTrue(report.stderr.contains("--report json: MyPack/report.json lies inside the catalog MyPack"), report.stderr)
        let fix = try run(["fix", "MyPack", "--output", "MyPack/fixed"])
        XCTAssertEqual(fix.status, 2, fix.stderr)
        XCTAssertTrue(fix.stderr.contains("--output MyPack/fixed lies inside the catalog MyPack"), fix.stderr)
        XCTAssertEqual(try tree(temp.path("MyPack")), before, "the pack gained no file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("OUT")))
    }

    /// Symbolic links are resolved first: an output reached through a link into the pack is still inside it.
    func testAnOutputReachedThroughASymbolicLinkIsStillInsideThePack() throws {
        try pack()
        try FileManager.default.createSymbolicLink(atPath: temp.path("alias"), withDestinationPath: temp.path("MyPack"))
        let result = try run(["build", "MyPack", "--output", "alias/out"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--output alias/out lies inside the catalog MyPack"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("MyPack/out")))
    }

    /// Every other command that writes refuses an output overlapping what it reads.
    func testOtherCommandsRefuseOutputsOverSources() throws {
        let packPath = try pack()
        _ = packPath
        let cases: [([String], String)] = [
            (["convert", "MyPack/red.png", "--output-dir", "MyPack/red.png"], "--output-dir MyPack/red.png is the input MyPack/red.png"),
            (["convert", "MyPack", "--output-dir", "MyPack/png"], "--output-dir MyPack/png lies inside the input MyPack"),
            (["assemble", "MyPack", "--output", "MyPack/anim.png"], "--output MyPack/anim.png lies inside the frames MyPack"),
            (["frames", "MyPack/red.png", "--output-dir", "MyPack/red.png"], "--output-dir MyPack/red.png is the input MyPack/red.png"),
            (["preview", "MyPack", "--output", "MyPack/sheet.png"], "--output MyPack/sheet.png lies inside the catalog MyPack"),
            (["watch", "MyPack", "--html", "MyPack/report.html", "--exit-after", "1"], "--html MyPack/report.html lies inside the catalog MyPack"),
            (["manifest", "merge", "MyPack/stickerforge.yml", "--output", "MyPack/stickerforge.yml"],
             "--output MyPack/stickerforge.yml is a shard manifest MyPack/stickerforge.yml"),
        ]
        let before = try tree(temp.path("MyPack"))
        for (arguments, message) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try tree(temp.path("MyPack")), before)
    }

    /// A file that is not of the kind a command writes is never overwritten.
    func testAFileThatIsNotOursIsNeverOverwritten() throws {
        try pack()
        _ = try temp.write(Array("my notes".utf8), to: "notes.txt")
        let assemble = try run(["assemble", "MyPack/red.png", "MyPack/blue.png", "--output", "notes.txt"])
        XCTAssertEqual(assemble.status, 2, assemble.stderr)
        XCTAssertTrue(assemble.stderr.contains("--output notes.txt exists and is not a PNG file; it is never overwritten"), assemble.stderr)
        let preview = try run(["preview", "MyPack", "--output", "notes.txt"])
        XCTAssertEqual(preview.status, 2, preview.stderr)
        XCTAssertEqual(try CLIPaths.bytes(temp.path("notes.txt")), Array("my notes".utf8))
        // A PNG there (an earlier output) is replaced as before.
        XCTAssertEqual(try run(["assemble", "MyPack/red.png", "MyPack/blue.png", "--output", "anim.png"]).status, 0)
        XCTAssertEqual(try run(["assemble", "MyPack/blue.png", "MyPack/red.png", "--output", "anim.png"]).status, 0)
        // convert refuses that one file and converts the others.
        _ = try temp.write(Array("not an image".utf8), to: "conv/red.png")
        let convert = try run(["convert", "MyPack/red.png", "MyPack/blue.png", "--output-dir", "conv"])
        XCTAssertEqual(convert.status, 1, convert.stderr)
        XCTAssertTrue(convert.stderr.contains("the output conv/red.png exists and is not a PNG, WebP or WebM file"), convert.stderr)
        XCTAssertEqual(try CLIPaths.bytes(temp.path("conv/red.png")), Array("not an image".utf8))
        XCTAssertNoThrow(try decode(temp.path("conv/blue.png")))
    }

    /// Leftovers of killed runs beside the output are removed by the next run, which says so; a
    /// folder of the same name pattern without our marker, or whose process still runs, is kept.
    func testTheNextRunSweepsWhatKilledRunsLeftAndNothingElse() throws {
        try pack()
        XCTAssertEqual(try run(["build", "MyPack", "--output", "OUT", "--quiet"]).status, 0)
        let dead = temp.path(".OUT.stickerforge-staging-DEAD")
        _ = try temp.write(Array("stickerforge staging\npid 999999999\nstarted 1\n".utf8), to: ".OUT.stickerforge-staging-DEAD/.stickerforge-staging")
        _ = try temp.write([1, 2, 3], to: ".OUT.stickerforge-staging-DEAD/OUT/half.png")
        let live = ".OUT.stickerforge-staging-LIVE"
        _ = try temp.write(Array("stickerforge staging\npid \(getpid())\nstarted \(Self.startTime())\n".utf8),
                           to: "\(live)/.stickerforge-staging")
        _ = try temp.write(Array("user data".utf8), to: ".OUT.stickerforge-staging-MINE/thesis.txt")
        // Killed between making its folder and writing the marker: an empty folder named by a dead process.
        _ = try temp.makeFolder(".OUT.stickerforge-staging-999999998-X")
        let emptyLive = ".OUT.stickerforge-staging-\(getpid())-Y"
        _ = try temp.makeFolder(emptyLive)
        // An earlier version's set-aside build (it holds a build record) is ours too.
        try FileManager.default.copyItem(atPath: temp.path("OUT"), toPath: temp.path(".OUT.stickerforge-old-1234"))
        let result = try run(["build", "MyPack", "--output", "OUT"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("removed \(URL(fileURLWithPath: dead).standardizedFileURL.path), left by an interrupted stickerforge run"),
                      result.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: temp.root).sorted()
        XCTAssertFalse(result.stderr.contains("MINE"), result.stderr)
        XCTAssertEqual(left, [emptyLive, live, ".OUT.stickerforge-staging-MINE", "MyPack", "OUT"])
    }

    /// Two builds into one folder at once: one waits for the other, both succeed, and the folder
    /// holds one whole build with nothing left beside it.
    func testTwoBuildsIntoOneFolderTakeTurns() throws {
        try pack()
        let first = try runner.start(["build", "MyPack", "--output", "OUT", "--effort", "max"], in: temp.root)
        let second = try runner.start(["build", "MyPack", "--output", "OUT", "--effort", "max"], in: temp.root)
        first.process.waitUntilExit()
        second.process.waitUntilExit()
        let a = first.result(), b = second.result()
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertFalse((a.stderr + b.stderr).contains("left at"), a.stderr + b.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: temp.root).sorted()
        XCTAssertEqual(left, ["MyPack", "OUT"])
        XCTAssertEqual(try run(["check", "OUT/Stickers.xcstickers", "--quiet"]).status, 0)
    }

    /// A full disk is named as a full disk, the earlier build survives whole, and nothing is left.
    func testAFullDiskIsSaidAndTheEarlierBuildSurvives() throws {
        let disk = temp.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard getuid() == 0, Self.shell("mount -t tmpfs -o size=600k tmpfs '\(disk)'") == 0 else {
            throw XCTSkip("mounting a small tmpfs needs root and a kernel that allows it")
        }
        defer { _ = Self.shell("umount '\(disk)'") }
        try pack()
        XCTAssertEqual(try run(["build", "MyPack", "--output", "disk/OUT", "--quiet"]).status, 0)
        let before = try tree(temp.path("disk/OUT"))
        // Fill the disk but for a few KiB: the next build cannot fit beside the first.
        _ = Self.shell("dd if=/dev/zero of='\(disk)/filler' bs=1k count=2000 2>/dev/null")
        try FileManager.default.removeItem(atPath: temp.path("MyPack/red.png"))
        _ = try temp.write(try CLIStickerImages.square(RGBA(20, 200, 40, 255)), to: "MyPack/red.png")
        let build = try run(["build", "MyPack", "--output", "disk/OUT"])
        XCTAssertEqual(build.status, 2, build.stderr)
        XCTAssertTrue(build.stderr.contains("the disk is full (no space left on device)"), build.stderr)
        XCTAssertFalse(build.stderr.contains("stickerforge-staging"), "errors name the user's paths: \(build.stderr)")
        XCTAssertEqual(try tree(temp.path("disk/OUT")), before)
        let convert = try run(["convert", "MyPack/red.png", "--output-dir", "disk/conv"])
        XCTAssertEqual(convert.status, 1, convert.stderr)
        XCTAssertTrue(convert.stderr.contains("disk/conv/red.png: cannot write: the disk is full"), convert.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk).sorted(), ["OUT", "conv", "filler"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk + "/conv"), [])
    }

    /// A read-only file system is a clear error naming the output, and nothing is written.
    func testAReadOnlyFolderIsAClearError() throws {
        let locked = temp.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        guard getuid() == 0, Self.shell("mount -t tmpfs -o size=64k,ro tmpfs '\(locked)'") == 0 else {
            throw XCTSkip("mounting a read-only tmpfs needs root and a kernel that allows it")
        }
        defer { _ = Self.shell("umount '\(locked)'") }
        try pack()
        let result = try run(["build", "MyPack", "--output", "locked/OUT"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("locked/OUT"), result.stderr)
        XCTAssertTrue(result.stderr.contains("read-only"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [])
    }

    private static func startTime() -> String {
        guard let stat = FileManager.default.contents(atPath: "/proc/self/stat"),
              let close = String(decoding: stat, as: UTF8.self).lastIndex(of: ")") else { return "unknown" }
        let text = String(decoding: stat, as: UTF8.self)
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : "unknown"
    }

    @discardableResult
    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
