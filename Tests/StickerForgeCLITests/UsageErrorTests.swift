import ArgumentParser
import ImageCodec
import StickerKit
import XCTest
@testable import StickerForgeCLI

/// Wrong command lines are rejected at parse time with a message that names the problem, and
/// exit with EX_USAGE (64) like every argument-parser usage error.
final class UsageErrorTests: XCTestCase {
    /// Parses `arguments`, expecting a usage error whose message contains `expected`.
    private func assertUsageError(_ arguments: [String], _ expected: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try StickerForgeCommand.parseAsRoot(arguments), file: file, line: line) { error in
            let message = StickerForgeCommand.message(for: error)
            XCTAssertTrue(message.contains(expected), "message was: \(message)", file: file, line: line)
            XCTAssertTrue(StickerForgeCommand.fullMessage(for: error).contains(expected), file: file, line: line)
            XCTAssertEqual(StickerForgeCommand.exitCode(for: error), .validationFailure, file: file, line: line)
            XCTAssertEqual(StickerForgeCommand.exitCode(for: error).rawValue, 64, file: file, line: line)
        }
    }

    func testRuleWithUnknownSeverity() {
        assertUsageError(["check", "P", "--rule", "foo=bar"],
                         "--rule foo=bar: 'foo=bar': unknown severity 'bar' (use off, info, warning or error)")
    }

    func testRuleWithUnknownRuleId() {
        assertUsageError(["check", "P", "--rule", "nonexistent_rule=off"],
                         "--rule nonexistent_rule=off: unknown rule id 'nonexistent_rule' (see docs/rules.md)")
    }

    func testRuleMalformed() {
        assertUsageError(["check", "P", "--rule", "edge_halo"],
                         "--rule edge_halo: 'edge_halo' has no '=': expected id=severity, e.g. file_too_large=warning")
        assertUsageError(["build", "P", "--output", "o", "--rule", "Edge-Halo=off"],
                         "--rule Edge-Halo=off: 'Edge-Halo=off': rule id 'Edge-Halo' must be snake_case (a-z, 0-9, _)")
        assertUsageError(["watch", "P", "--rule", "edge_halo="],
                         "--rule edge_halo=: 'edge_halo=' gives no severity after '=': use off, info, warning or error")
    }

    func testDecodeLimitFlags() throws {
        assertUsageError(["check", "P", "--timeout-per-sticker", "0"],
                         "--timeout-per-sticker takes a number of seconds above 0, or 'none'")
        assertUsageError(["check", "P", "--max-dimension", "0"], "--max-dimension must be a positive number")
        assertUsageError(["assemble", "f", "--output", "x.png", "--lossy"],
                         "--lossy, --min-quality, --dither, --time-budget and --fill-cell go with --fit (or fit: true in stickerforge.yml)")
        assertUsageError(["convert", "f", "--output-dir", "o", "--time-budget", "3"],
                         "--lossy, --min-quality, --dither, --time-budget and --fill-cell go with --fit (or fit: true in stickerforge.yml)")
        assertUsageError(["assemble", "f", "--output", "x.png", "--fit", "--time-budget=-1"],
                         "--time-budget must be a number of seconds, 0 or more")
        assertUsageError(["convert", "f", "--output-dir", "o", "--max-bytes", "9000"],
                         "--max-bytes and --grid-size go with --fit")
        let build = try XCTUnwrap(StickerForgeCommand.parseAsRoot(
            ["build", "P", "--output", "o", "--fit", "--lossy", "--min-quality", "0.8", "--dither", "off", "--time-budget", "2.5"])
            as? BuildCommand)
        // A budget given is read on the wall clock (an upper bound); without one the search counts work.
        var wall = FitOptions(maxBytes: 400_000, lossy: true, minQuality: 0.8, effort: .max, dithering: .off, timeBudget: 2.5)
        wall.wallClock = true
        XCTAssertEqual(build.fitFlags.target(maxBytes: 400_000, gridSize: .small, effort: .max), FitTarget(options: wall, gridSize: .small))
        let plain = try XCTUnwrap(StickerForgeCommand.parseAsRoot(["build", "P", "--output", "o", "--fit", "--fill-cell"]) as? BuildCommand)
        XCTAssertEqual(plain.fitFlags.target(maxBytes: 1, gridSize: .large, effort: .default),
                       FitTarget(options: FitOptions(maxBytes: 1), gridSize: .large, fillCell: true))
        assertUsageError(["convert", "f", "--output-dir", "o", "--fill-cell"],
                         "--lossy, --min-quality, --dither, --time-budget and --fill-cell go with --fit (or fit: true in stickerforge.yml)")
        // The pack's time_budget applies when the flag is not given.
        var config = PackConfig()
        config.timeBudget = 7
        let configured = try XCTUnwrap(StickerForgeCommand.parseAsRoot(["build", "P", "--output", "o", "--fit"]) as? BuildCommand)
        XCTAssertEqual(configured.fitFlags.target(maxBytes: 1, gridSize: .small, effort: .default, config: config)?.options.timeBudget, 7)
        XCTAssertEqual(configured.fitFlags.target(maxBytes: 1, gridSize: .small, effort: .default, config: config)?.options.wallClock, true)
        assertUsageError(["convert", "f", "--output-dir", "o", "--fit", "--min-quality", "1.5"],
                         "--min-quality must be between 0 and 1")
        let parsed = try XCTUnwrap(StickerForgeCommand.parseAsRoot(
            ["check", "P", "--max-file-bytes", "1000", "--max-dimension", "512", "--max-frames", "9",
             "--max-total-pixels", "4096", "--timeout-per-sticker", "none"]) as? CheckCommand)
        XCTAssertEqual(parsed.pack.maxFileBytes, 1000)
        XCTAssertEqual(parsed.pack.maxDimension, 512)
        XCTAssertEqual(parsed.pack.maxFrames, 9)
        XCTAssertEqual(parsed.pack.maxTotalPixels, 4096)
        XCTAssertEqual(parsed.pack.timeoutPerSticker, "none")
    }

    /// Issue 42: a loop count a store's published rule refuses is refused before anything is built.
    func testLoopsOverrideTheStoreRefusesIsAUsageError() throws {
        assertUsageError(["build", "P", "--output", "o", "--platform", "whatsapp", "--platform", "signal", "--loops", "1"],
                         "--loops 1 is refused for Signal: its animated stickers must loop forever (--loops 0)")
        assertUsageError(["build", "P", "--output", "o", "--platform", "line", "--loops", "0"],
                         "--loops 0 is refused for LINE: its animated stickers must play 1 to 4 times (--loops 1 to 4)")
        assertUsageError(["build", "P", "--output", "o", "--loops", "0"], "--loops applies to store builds: add --platform")
        assertUsageError(["build", "P", "--output", "o", "--platform", "whatsapp", "--loops=-1"],
                         "--loops must be 0 (forever) to 65535")
        let build = try XCTUnwrap(StickerForgeCommand.parseAsRoot(
            ["build", "P", "--output", "o", "--platform", "whatsapp", "--platform", "discord", "--loops", "1"]) as? BuildCommand)
        XCTAssertEqual(build.loops, 1)
    }

    func testGridSizeMustBeKnown() {
        assertUsageError(["check", "P", "--grid-size", "huge"], "The value 'huge' is invalid for '--grid-size <grid-size>'")
        assertUsageError(["check", "P", "--grid-size", "huge"], "'small', 'regular'")
    }

    func testMaxBytesMustBePositive() {
        assertUsageError(["check", "P", "--max-bytes", "0"], "--max-bytes must be a positive number of bytes")
    }

    func testReportTargetNeedsKnownFormatAndPath() {
        assertUsageError(["check", "P", "--report", "nope:x"], "The value 'nope:x' is invalid for '--report <FORMAT:PATH>'")
        assertUsageError(["check", "P", "--report", "json:"], "The value 'json:' is invalid for '--report <FORMAT:PATH>'")
        assertUsageError(["check", "P", "--report", "json"], "The value 'json' is invalid for '--report <FORMAT:PATH>'")
        assertUsageError(["check", "P", "--format", "html"], "The value 'html' is invalid for '--format <format>'")
    }

    func testAssembleNeedsExactlyOneOutput() {
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--output-dir", "d"],
                         "give exactly one of --output and --output-dir")
        assertUsageError(["assemble", "a.png"], "give exactly one of --output and --output-dir")
    }

    func testAssembleTakesOneTiming() {
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--fps", "12", "--delay", "80"],
                         "give at most one of --fps, --delay and --delays")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--delay", "80", "--delays", "80,90"],
                         "give at most one of --fps, --delay and --delays")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--fps", "12", "--delays", "80"],
                         "give at most one of --fps, --delay and --delays")
    }

    func testAssembleTimingRanges() {
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--delays", "10,x"],
                         "--delays: item 2 'x' is not a delay of 0 to 65535 ms")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--delays", "10,,20"],
                         "--delays: item 2 '' is not a delay of 0 to 65535 ms")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--delays", "65536"],
                         "--delays: item 1 '65536' is not a delay of 0 to 65535 ms")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--fps", "0"], "--fps must be above 0 and at most 1000")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--fps", "1001"], "--fps must be above 0 and at most 1000")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--delay", "70000"], "--delay must be 0 to 65535 ms")
        assertUsageError(["assemble", "a.png", "--output", "x.png", "--loops=-1"], "--loops must be 0 (forever) or more")
    }

    func testAssembleBatchNeedsDistinctFolders() throws {
        let root = try CLITemporaryDirectory()
        let file = root.path("f1.png")
        try Data([1]).write(to: URL(fileURLWithPath: file))
        assertUsageError(["assemble", file, "--output-dir", root.path("out")],
                         "with --output-dir every input must be a frame folder; '\(file)' is not a folder")
        let a = try root.makeFolder("a/wave"), b = try root.makeFolder("b/Wave")
        assertUsageError(["assemble", a, b, "--output-dir", root.path("out")],
                         "'\(a)' and '\(b)' would both be written as wave.png; rename one")
    }

    func testWatchIntervalRange() {
        assertUsageError(["watch", "P", "--interval", "5"], "--interval must be 20 to 10000 ms")
        assertUsageError(["watch", "P", "--interval", "10001"], "--interval must be 20 to 10000 ms")
    }

    func testPreviewScaleAndFrame() {
        assertUsageError(["preview", "P", "--output", "s.png", "--scale", "4"], "--scale must be 1, 2 or 3")
        assertUsageError(["preview", "P", "--output", "s.png", "--scale", "0"], "--scale must be 1, 2 or 3")
        assertUsageError(["preview", "P", "--output", "s.png", "--frame=-1"], "--frame must be 0 or more")
    }

    func testMissingRequiredOptions() {
        assertUsageError(["convert", "a.gif"], "Missing expected argument '--output-dir <output-dir>'")
        assertUsageError(["frames", "a.png"], "Missing expected argument '--output-dir <output-dir>'")
        assertUsageError(["build", "P"], "Missing expected argument '--output <output>'")
        assertUsageError(["preview", "P"], "Missing expected argument '--output <output>'")
    }

    func testUnknownSubcommandAndFlag() {
        assertUsageError(["chekc", "P"], "2 unexpected arguments: 'chekc', 'P'")
        assertUsageError(["check", "P", "--frobnicate"], "Unknown option '--frobnicate'")
    }
}
