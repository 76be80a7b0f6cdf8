import ArgumentParser
import ImageCodec
import StickerKit
import XCTest
@testable import StickerForgeCLI

/// Every subcommand parses its documented flags into the right values, in process.
final class CommandParsingTests: XCTestCase {
    private func parse<C: ParsableCommand>(_ arguments: [String], as _: C.Type,
                                           file: StaticString = #filePath, line: UInt = #line) throws -> C {
        let command = try StickerForgeCommand.parseAsRoot(arguments)
        return try XCTUnwrap(command as? C, "parsed as \(type(of: command))", file: file, line: line)
    }

    func testCheckParsesEveryFlag() throws {
        let check = try parse(["check", "Pack.xcstickers", "--config", "other.yml", "--grid-size", "large",
                               "--max-bytes", "1000", "--rule", "dimensions_too_large=warning",
                               "--rule", " gif_hard_edges = OFF ", "--strict", "--format", "sarif",
                               "--report", "json:out/r.json", "--report", "html:C:/r.html", "-q", "--no-color"],
                              as: CheckCommand.self)
        XCTAssertEqual(check.paths, ["Pack.xcstickers"])
        XCTAssertEqual(check.pack.config, "other.yml")
        XCTAssertEqual(check.pack.gridSize, .large)
        XCTAssertEqual(check.pack.maxBytes, 1000)
        XCTAssertEqual(check.pack.rules, ["dimensions_too_large=warning", " gif_hard_edges = OFF "])
        XCTAssertTrue(check.pack.strict)
        XCTAssertEqual(check.format, .sarif)
        // Only the first colon separates the format, so a path may hold colons.
        XCTAssertEqual(check.reports, [ReportTarget(format: .json, path: "out/r.json"),
                                       ReportTarget(format: .html, path: "C:/r.html")])
        XCTAssertTrue(check.output.quiet)
        XCTAssertEqual(check.output.color, false)
    }

    func testCheckDefaults() throws {
        let check = try parse(["check", "Pack"], as: CheckCommand.self)
        XCTAssertNil(check.pack.config)
        XCTAssertNil(check.pack.gridSize)
        XCTAssertNil(check.pack.maxBytes)
        XCTAssertEqual(check.pack.rules, [])
        XCTAssertFalse(check.pack.strict)
        XCTAssertEqual(check.format, .text)
        XCTAssertEqual(check.reports, [])
        XCTAssertFalse(check.output.quiet)
        XCTAssertNil(check.output.color)
        XCTAssertEqual(try parse(["check", "P", "--color"], as: CheckCommand.self).output.color, true)
    }

    func testBuildParsesEveryFlag() throws {
        let build = try parse(["build", "Pack", "--output", "out", "--effort", "fast", "--keep-sequences",
                               "--convert-gif-jpeg", "--icon", "icon.png", "--format", "json",
                               "--report", "junit:j.xml", "--grid-size", "small", "--quiet"], as: BuildCommand.self)
        XCTAssertEqual(build.pack.catalog, "Pack")
        XCTAssertEqual(build.output, "out")
        XCTAssertEqual(build.effort, .fast)
        XCTAssertTrue(build.keepSequences)
        XCTAssertTrue(build.convertGIFAndJPEG)
        XCTAssertEqual(build.icon, "icon.png")
        XCTAssertEqual(build.format, .json)
        XCTAssertEqual(build.reports, [ReportTarget(format: .junit, path: "j.xml")])
        XCTAssertEqual(build.pack.gridSize, .small)
        XCTAssertTrue(build.outputOptions.quiet)

        let plain = try parse(["build", "Pack", "--output", "out"], as: BuildCommand.self)
        XCTAssertNil(plain.effort)
        XCTAssertFalse(plain.keepSequences)
        XCTAssertFalse(plain.convertGIFAndJPEG)
        XCTAssertNil(plain.icon)
        XCTAssertEqual(plain.platforms, [])
        XCTAssertEqual(plain.retime, .auto)

        let stores = try parse(["build", "Pack", "--output", "out", "--platform", "whatsapp", "--platform", "LINE",
                                "--retime", "trim"], as: BuildCommand.self)
        XCTAssertEqual(stores.platforms.map(\.id), ["whatsapp", "line"])
        XCTAssertEqual(stores.retime, .trim)
        XCTAssertThrowsError(try parse(["build", "Pack", "--output", "out", "--platform", "myspace"], as: BuildCommand.self))
        XCTAssertThrowsError(try parse(["build", "Pack", "--output", "out", "--retime", "slow"], as: BuildCommand.self))
    }

    func testWatchParsesEveryFlag() throws {
        let watch = try parse(["watch", "Pack", "--html", "h.html", "--interval", "50", "--exit-after", "2",
                               "--rule", "edge_halo=error"], as: WatchCommand.self)
        XCTAssertEqual(watch.html, "h.html")
        XCTAssertEqual(watch.interval, 50)
        XCTAssertEqual(watch.exitAfter, 2)
        XCTAssertEqual(watch.pack.rules, ["edge_halo=error"])
        let plain = try parse(["watch", "Pack"], as: WatchCommand.self)
        XCTAssertEqual(plain.html, "stickerforge-report.html")
        XCTAssertEqual(plain.interval, 200)
        XCTAssertNil(plain.exitAfter)
        XCTAssertEqual(try parse(["watch", "P", "--interval", "20"], as: WatchCommand.self).interval, 20)
        XCTAssertEqual(try parse(["watch", "P", "--interval", "10000"], as: WatchCommand.self).interval, 10_000)
    }

    func testServeParsesEveryFlag() throws {
        let serve = try parse(["serve", "Pack", "--port", "0", "--host", "::1", "--platform", "whatsapp", "--open",
                               "--fix-output", "Fixed", "--interval", "50", "--quiet-period", "0", "--grid-size", "small"],
                              as: ServeCommand.self)
        XCTAssertEqual(serve.port, 0)
        XCTAssertEqual(serve.host, "::1")
        XCTAssertEqual(serve.platform.id, "whatsapp")
        XCTAssertTrue(serve.open)
        XCTAssertEqual(serve.fixOutput, "Fixed")
        XCTAssertEqual(serve.interval, 50)
        XCTAssertEqual(serve.quietPeriod, 0)
        XCTAssertEqual(serve.pack.gridSize, .small)
        let plain = try parse(["serve", "Pack"], as: ServeCommand.self)
        XCTAssertEqual(plain.port, 8040)
        XCTAssertEqual(plain.host, "127.0.0.1")
        XCTAssertEqual(plain.platform.id, "imessage")
        XCTAssertFalse(plain.open)
        XCTAssertNil(plain.fixOutput)
        XCTAssertEqual(plain.interval, 200)
        XCTAssertEqual(plain.quietPeriod, 300)
        XCTAssertThrowsError(try parse(["serve", "P", "--port", "65536"], as: ServeCommand.self))
        XCTAssertThrowsError(try parse(["serve", "P", "--interval", "5"], as: ServeCommand.self))
        XCTAssertThrowsError(try parse(["serve", "P", "--platform", "myspace"], as: ServeCommand.self))
    }

    func testPreviewParsesEveryFlag() throws {
        let preview = try parse(["preview", "Pack", "--output", "s.png", "--frame", "3", "--scale", "3"],
                                as: PreviewCommand.self)
        XCTAssertEqual(preview.output, "s.png")
        XCTAssertEqual(preview.frame, 3)
        XCTAssertEqual(preview.scale, 3)
        let plain = try parse(["preview", "Pack", "--output", "s.png"], as: PreviewCommand.self)
        XCTAssertEqual(plain.frame, 0)
        XCTAssertEqual(plain.scale, 2)
    }

    func testAssembleParsesEveryFlag() throws {
        let a = try parse(["assemble", "f1.png", "f2.png", "--output", "y.png", "--delays", "100, 250",
                           "--loops", "3", "--effort", "max"], as: AssembleCommand.self)
        XCTAssertEqual(a.frames, ["f1.png", "f2.png"])
        XCTAssertEqual(a.output, "y.png")
        XCTAssertNil(a.outputDir)
        XCTAssertEqual(try a.timing.parsedDelays(), [100, 250])
        XCTAssertEqual(a.timing.timing, .perFrame([100, 250]))
        XCTAssertEqual(a.timing.loops, 3)
        XCTAssertEqual(a.effort, .max)

        let fps = try parse(["assemble", "dir", "--output", "x.png", "--fps", "12.5"], as: AssembleCommand.self)
        XCTAssertEqual(fps.timing.timing, .fps(12.5))
        XCTAssertEqual(fps.effort, .default)
        XCTAssertNil(fps.timing.loops)
        let delay = try parse(["assemble", "dir", "--output", "x.png", "--delay", "80"], as: AssembleCommand.self)
        XCTAssertEqual(delay.timing.timing, .perFrame([80]))
        XCTAssertNil(try parse(["assemble", "dir", "--output", "x.png"], as: AssembleCommand.self).timing.timing)
    }

    func testAssembleBatchParsesWithFolders() throws {
        let root = try CLITemporaryDirectory()
        let one = try root.makeFolder("one"), two = try root.makeFolder("two")
        let a = try parse(["assemble", one, two, "--output-dir", root.path("out")], as: AssembleCommand.self)
        XCTAssertEqual(a.frames, [one, two])
        XCTAssertEqual(a.outputDir, root.path("out"))
        XCTAssertNil(a.output)
    }

    func testConvertFramesInspectAndBenchParse() throws {
        let convert = try parse(["convert", "a.gif", "b.jpg", "--output-dir", "C", "--effort", "fast", "-q"],
                                as: ConvertCommand.self)
        XCTAssertEqual(convert.files, ["a.gif", "b.jpg"])
        XCTAssertEqual(convert.outputDir, "C")
        XCTAssertEqual(convert.effort, .fast)
        XCTAssertTrue(convert.outputOptions.quiet)

        let frames = try parse(["frames", "x.png", "--output-dir", "F"], as: FramesCommand.self)
        XCTAssertEqual(frames.file, "x.png")
        XCTAssertEqual(frames.outputDir, "F")

        let inspect = try parse(["inspect", "a.png", "b.gif", "--json"], as: InspectCommand.self)
        XCTAssertEqual(inspect.files, ["a.png", "b.gif"])
        XCTAssertTrue(inspect.json)
        XCTAssertFalse(try parse(["inspect", "a.png"], as: InspectCommand.self).json)

        let bench = try parse(["bench-decode", "--iterations", "5", "a.png", "b.png"], as: BenchDecodeCommand.self)
        XCTAssertEqual(bench.iterations, 5)
        XCTAssertEqual(bench.files, ["a.png", "b.png"])
        XCTAssertEqual(try parse(["bench-decode", "a.png"], as: BenchDecodeCommand.self).iterations, 3)
    }

    func testBenchDecodeIsHiddenFromHelp() {
        let help = StickerForgeCommand.helpMessage()
        for name in ["check", "build", "watch", "preview", "assemble", "convert", "frames", "inspect"] {
            XCTAssertTrue(help.contains("  \(name) "), "help lists \(name)")
        }
        XCTAssertFalse(help.contains("bench-decode"))
    }
}
