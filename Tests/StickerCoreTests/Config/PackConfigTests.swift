import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class PackConfigTests: XCTestCase {
    private let everyKey = """
        name: Party
        grid_size: small
        order: [wave, dance]
        labels:
          wave: Waving hand
        sequences:
          dance:
            fps: 12
            loops: 3
          hop: {delays: [100, 50], loops: 0}
          spin: {duration: 1.5}
        fps: 10
        loops: 2
        max_bytes: 400000
        rules:
          file_too_large: warning
          frame_rate_high: off
        thresholds:
          max_fps: 24
          max_loop_milliseconds: 4000
          max_animation_bytes: 1000000
          short_delay_milliseconds: 20
          max_label_characters: 100
          halo_edge_share: 0.2
          max_padding_share: 0.3
        icon: art/icon.png
        icon_background: '#1A2B3C'
        icon_fit: cover
        fit: true
        lossy: true
        min_quality: 0.85
        dither: off
        effort: max
        time_budget: 2.5
        """

    private func expectedConfig(file: String = "stickerforge.yml") -> PackConfig {
        var c = PackConfig()
        c.file = file
        c.name = "Party"
        c.gridSize = .small
        c.order = ["wave", "dance"]
        c.labels = ["wave": "Waving hand"]
        c.sequences = ["dance": SequenceSettings(fps: 12, loops: 3), "hop": SequenceSettings(delays: [100, 50], loops: 0),
                       "spin": SequenceSettings(duration: 1.5)]
        c.fps = 10
        c.loops = 2
        c.maxBytes = 400_000
        c.rules = ["file_too_large": .warning, "frame_rate_high": .off]
        c.thresholds.maxFPS = 24
        c.thresholds.maxLoopMilliseconds = 4000
        c.thresholds.maxAnimationBytes = 1_000_000
        c.thresholds.shortDelayMilliseconds = 20
        c.thresholds.maxLabelCharacters = 100
        c.thresholds.haloEdgeShare = 0.2
        c.thresholds.maxPaddingShare = 0.3
        c.icon = "art/icon.png"
        c.iconBackground = RGBA(0x1A, 0x2B, 0x3C)
        c.iconFit = .cover
        c.fit = true
        c.lossy = true
        c.minQuality = 0.85
        c.dither = .off
        c.effort = .max
        c.timeBudget = 2.5
        return c
    }

    func testEveryKeyIsParsed() {
        let parsed = PackConfig.parse(everyKey, file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.config, expectedConfig())
    }

    func testFitSettingsOutOfRangeAreReported() {
        let parsed = PackConfig.parse("fit: yes please\nmin_quality: 1.5\ndither: sometimes\ntime_budget: -0.5\n", file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems, [
            .invalid(file: "stickerforge.yml", reason: "line 1, column 6: 'fit' must be true or false, found 'yes please'", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "line 2, column 14: 'min_quality' must be between 0 and 1, found 1.5", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "line 3, column 9: 'dither' must be off, auto or on, found 'sometimes'", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "line 4, column 14: 'time_budget' must be 0 or more seconds, found -0.5", sticker: nil),
        ])
        XCTAssertNil(parsed.config.timeBudget)
        XCTAssertEqual(parsed.config.minQuality, nil)
        XCTAssertFalse(parsed.config.fit)
    }

    func testIconSettingsOutOfRangeAreReported() {
        let parsed = PackConfig.parse("icon_background: white\nicon_fit: stretch\n", file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems, [
            .invalid(file: "stickerforge.yml", reason: "line 1, column 18: 'icon_background' must be a colour '#RRGGBB' "
                     + "(six hex digits, quoted), found 'white'", sticker: nil),
            .invalid(file: "stickerforge.yml", reason: "line 2, column 11: 'icon_fit' must be letterbox or cover, found 'stretch'", sticker: nil),
        ])
        XCTAssertNil(parsed.config.iconBackground)
        XCTAssertNil(parsed.config.iconFit)
    }

    func testEmptyFileGivesDefaults() {
        let parsed = PackConfig.parse("", file: "c.yml")
        XCTAssertEqual(parsed.problems, [])
        var expected = PackConfig()
        expected.file = "c.yml"
        XCTAssertEqual(parsed.config, expected)
        XCTAssertEqual(expected.fps, 15)
        XCTAssertEqual(expected.loops, 0)
    }

    func testApplyOverridesCheckConfiguration() {
        var check = CheckConfiguration()
        check.severities = ["edge_halo": .info, "file_too_large": .error]
        expectedConfig().apply(to: &check)
        var expected = CheckConfiguration()
        expected.maxBytes = 400_000
        expected.gridSizeOverride = .small
        expected.severities = ["edge_halo": .info, "file_too_large": .warning, "frame_rate_high": .off]
        expected.thresholds.maxFPS = 24
        expected.thresholds.maxLoopMilliseconds = 4000
        expected.thresholds.maxAnimationBytes = 1_000_000
        expected.thresholds.shortDelayMilliseconds = 20
        expected.thresholds.maxLabelCharacters = 100
        expected.thresholds.haloEdgeShare = 0.2
        expected.thresholds.maxPaddingShare = 0.3
        XCTAssertEqual(check, expected)
        // An empty configuration changes nothing.
        var untouched = CheckConfiguration()
        PackConfig().apply(to: &untouched)
        XCTAssertEqual(untouched, CheckConfiguration())
    }

    func testUnknownKeysAtEveryLevelAreReportedWithSuggestions() {
        let text = """
            grid-size: small
            fsp: 12
            thresholds:
              max_fsp: 20
              colour: red
            sequences:
              dance: {repetions: 2, fps: 8}
            """
        let parsed = PackConfig.parse(text, file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems, [
            .unknownKey(file: "stickerforge.yml", key: "grid-size", suggestion: "grid_size", sticker: nil),
            .unknownKey(file: "stickerforge.yml", key: "fsp", suggestion: "fps", sticker: nil),
            .unknownKey(file: "stickerforge.yml", key: "thresholds.max_fsp", suggestion: "thresholds.max_fps", sticker: nil),
            .unknownKey(file: "stickerforge.yml", key: "thresholds.colour", suggestion: nil, sticker: nil),
            .unknownKey(file: "stickerforge.yml", key: "sequences.dance.repetions", suggestion: "sequences.dance.loops",
                        sticker: "dance"),
        ])
        XCTAssertEqual(parsed.config.sequences, ["dance": SequenceSettings(fps: 8)])
    }

    func testTypeErrorsNameLineColumnAndKeyAndKeepDefaults() {
        let text = """
            grid_size: huge
            fps: fast
            loops: 1
            max_bytes: -5
            lossy: maybe
            effort: slow
            rules: {file_too_large: warn}
            thresholds: {halo_edge_share: 2}
            order: wave
            sequences:
              dance: {fps: 10, duration: 2}
            icon: ../outside.png
            """
        let parsed = PackConfig.parse(text, file: "stickerforge.yml")
        func invalid(_ reason: String, _ sticker: String? = nil) -> CatalogProblem {
            .invalid(file: "stickerforge.yml", reason: reason, sticker: sticker)
        }
        XCTAssertEqual(parsed.problems, [
            invalid("line 1, column 12: 'grid_size' must be small, regular or large, found 'huge'"),
            invalid("line 2, column 6: 'fps' must be a number, found 'fast'"),
            invalid("line 3, column 8: 'loops' is 1, which Xcode cannot express (its repetitions 0 means forever); "
                    + "use 0 for forever or 2 or more plays"),
            invalid("line 4, column 12: 'max_bytes' must be at least 1, found -5"),
            invalid("line 5, column 8: 'lossy' must be true or false, found 'maybe'"),
            invalid("line 6, column 9: 'effort' must be fast, default or max, found 'slow'"),
            invalid("line 7, column 25: 'rules.file_too_large' must be off, info, warning or error, found 'warn'"),
            invalid("line 8, column 31: 'thresholds.halo_edge_share' must be a share between 0 and 1, found 2"),
            invalid("line 9, column 8: 'order' must be a list of sticker names, found 'wave'"),
            invalid("line 11, column 10: 'sequences.dance' sets fps and duration; give only one of fps, delays or "
                    + "duration (delays wins, then duration, then fps)", "dance"),
            invalid("line 12, column 7: 'icon' is unsafe: '../outside.png' leaves its folder through '..'"),
        ])
        var expected = PackConfig()
        expected.file = "stickerforge.yml"
        expected.sequences = ["dance": SequenceSettings(fps: 10, duration: 2)]
        XCTAssertEqual(parsed.config, expected)
        XCTAssertEqual(parsed.config.sequences["dance"]?.timing, .fixed(seconds: 2))
    }

    func testYAMLSyntaxErrorsCarryTheirLine() {
        let parsed = PackConfig.parse("name: Party\nlabels:\n  wave: [unclosed\nfps: 12\n", file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems.count, 1)
        guard case .invalid(let file, let reason, nil)? = parsed.problems.first else {
            return XCTFail("expected one .invalid problem, got \(parsed.problems)")
        }
        XCTAssertEqual(file, "stickerforge.yml")
        XCTAssertTrue(reason.hasPrefix("line 4, column 4: not valid YAML: "), reason)
    }

    func testLoadIsStrictAndNamesTheFile() throws {
        let fixture = try CatalogFixture()
        defer { fixture.remove() }
        try fixture.write("good.yml", everyKey)
        XCTAssertEqual(try PackConfig.load(from: fixture.path("good.yml")), expectedConfig(file: fixture.path("good.yml")))

        let bad = fixture.path("bad.yml")
        try fixture.write("bad.yml", "fsp: 3\nlossy: 2\n")
        XCTAssertThrowsError(try PackConfig.load(from: bad)) { error in
            XCTAssertEqual(error as? ConfigError, .several(file: bad, errors: [
                .unknownKey(file: bad, line: 1, column: 1, key: "fsp", suggestion: "fps"),
                .invalidValue(file: bad, line: 2, column: 8, key: "lossy", reason: "must be true or false, found '2'"),
            ]))
            XCTAssertEqual("\(error)", "\(bad):1:1: unknown key 'fsp' (did you mean 'fps'?)\n"
                           + "\(bad):2:8: 'lossy' must be true or false, found '2'")
        }
        let broken = fixture.path("broken.yml")
        try fixture.write("broken.yml", "a: [1\n")
        XCTAssertThrowsError(try PackConfig.load(from: broken)) { error in
            guard case .syntax(broken, 2?, _, _)? = error as? ConfigError else {
                return XCTFail("expected a syntax error on line 2, got \(error)")
            }
        }
        try fixture.folder("dir.yml")
        XCTAssertThrowsError(try PackConfig.load(from: fixture.path("dir.yml"))) { error in
            XCTAssertEqual(error as? ConfigError, .unreadable(file: fixture.path("dir.yml"), reason: "is a folder, not a file"))
        }
        XCTAssertThrowsError(try PackConfig.load(from: fixture.path("none.yml"))) { error in
            guard case .unreadable(let file, _)? = error as? ConfigError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, fixture.path("none.yml"))
        }
    }

    func testLoopsMapToXcodeRepetitions() {
        XCTAssertEqual(SequenceSettings.repetitions(forLoops: 0), 0)
        XCTAssertEqual(SequenceSettings.repetitions(forLoops: 2), 1)
        XCTAssertEqual(SequenceSettings.repetitions(forLoops: 5), 4)
    }
}

final class ConfigDocumentationTests: XCTestCase {
    /// The example in docs/config.md must parse cleanly, so the documentation cannot drift from the parser.
    func testDocumentedExampleParsesWithoutProblems() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "```yaml\n"))
        let end = try XCTUnwrap(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let parsed = PackConfig.parse(String(doc[start.upperBound..<end.lowerBound]), file: "config.md")
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.config.sequences["dance"], SequenceSettings(fps: 12, loops: 3))
        XCTAssertEqual(parsed.config.sequences["blink"]?.timing, .perFrame([400, 80, 80, 400]))
        XCTAssertEqual(parsed.config.rules, ["file_too_large": .error, "edge_halo": .off])
        // Every documented key is one the parser knows, and the other way round.
        for key in ConfigParser.topKeys + ThresholdOverrides.keys {
            XCTAssertTrue(doc.contains("| `\(key)` |"), "docs/config.md does not document '\(key)'")
        }
    }
}

/// The store metadata keys: `publisher` (alias `author`), `emojis`, `tray`.
final class PackConfigStoreKeysTests: XCTestCase {
    func testPublisherEmojisAndTrayAreParsed() {
        let parsed = PackConfig.parse("""
            name: Party
            author: Ada
            emojis:
              wave: ["👋", "😀"]
              heart: "❤️"
              keycap: ["1️⃣"]
            tray: art/tray.png
            """, file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.config.author, "Ada")
        XCTAssertEqual(parsed.config.credit(for: .publisher), "Ada", "author: alone serves the publisher field too")
        XCTAssertEqual(parsed.config.emojis, ["wave": ["👋", "😀"], "heart": ["❤️"], "keycap": ["1️⃣"]])
        XCTAssertEqual(parsed.config.tray, "art/tray.png")
    }

    func testIgnoreListsFilesThatAreNotStickers() {
        let parsed = PackConfig.parse("ignore: [contents.json, report.html]\n", file: "stickerforge.yml")
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.config.ignore, ["contents.json", "report.html"])
    }

    func testBadEmojiAndDuplicatePublisherAreReported() {
        let parsed = PackConfig.parse("""
            publisher: Ada
            author: Bob
            emojis:
              wave: ["👋", "hi", "1", "👋"]
              spin: {a: b}
            tray: ../tray.png
            """, file: "stickerforge.yml")
        let reasons = parsed.problems.map { problem -> String in
            if case .invalid(_, let reason, _) = problem { return reason }
            return "\(problem)"
        }
        XCTAssertEqual(parsed.problems.count, 3, reasons.joined(separator: "\n"))
        // Text that is not emoji is no reading problem: `emoji_invalid` names it for each store.
        XCTAssertEqual(parsed.config.emojis["wave"], ["👋"])
        XCTAssertEqual(parsed.config.refusedEmojis, ["wave": ["hi", "1"]])
        XCTAssertTrue(reasons.contains { $0.contains("emojis.wave") && $0.contains("twice") }, "\(reasons)")
        XCTAssertTrue(reasons.contains { $0.contains("emojis.spin") && $0.contains("a mapping") }, "\(reasons)")
        XCTAssertTrue(reasons.contains { $0.contains("tray") && $0.contains("unsafe") }, "\(reasons)")
        XCTAssertEqual(parsed.config.publisher, "Ada")
        XCTAssertEqual(parsed.config.author, "Bob")
        XCTAssertEqual(parsed.config.emojis["wave"], ["👋"])
    }

    /// `publisher:` and `author:` together are one source for every store: each store takes its own
    /// field's key, and either alone serves all.
    func testPublisherAndAuthorGoToTheStoresWhoseFieldEachIs() {
        let both = PackConfig.parse("publisher: Ada Studio\nauthor: Ada\n", file: "stickerforge.yml")
        XCTAssertEqual(both.problems.count, 0)
        XCTAssertEqual(both.config.credit(for: PlatformRules.whatsapp.creditField), "Ada Studio")
        XCTAssertEqual(both.config.credit(for: PlatformRules.line.creditField), "Ada Studio")
        XCTAssertEqual(both.config.credit(for: PlatformRules.signal.creditField), "Ada")
        for yaml in ["author: Ada\n", "publisher: Ada\n", "publisher: Ada\nauthor: Ada\n"] {
            let one = PackConfig.parse(yaml, file: "stickerforge.yml").config
            XCTAssertEqual(PlatformRules.all.map { one.credit(for: $0.creditField) }, Array(repeating: "Ada", count: PlatformRules.all.count), yaml)
        }
    }

    func testSingleEmoji() {
        for yes in ["😀", "❤️", "1️⃣", "👍🏽", "🏳️‍🌈"] { XCTAssertTrue(ConfigParser.isSingleEmoji(yes), yes) }
        for no in ["", "1", "#", "a", "❤", "😀😀", "😀 "] { XCTAssertFalse(ConfigParser.isSingleEmoji(no), no) }
    }

    /// A string of several emoji is split by grapheme cluster, as Telegram's sticker bot takes them:
    /// skin tones, ZWJ sequences, flags, keycaps and variation selectors stay one emoji, in order.
    func testAStringOfEmojiIsSplitByGraphemeCluster() {
        let parsed = PackConfig.parse("""
            emojis:
              a02_run: "🏃💨"
              family: "👨‍👩‍👧👍🏽❤️1️⃣🏳️‍🌈"
              mixed: ["🎉🎈", "😀"]
              again: "😀😀"
              words: "hi😀"
            """, file: "stickerforge.yml")
        XCTAssertEqual(parsed.config.emojis["a02_run"], ["🏃", "💨"])
        XCTAssertEqual(parsed.config.emojis["family"], ["👨‍👩‍👧", "👍🏽", "❤️", "1️⃣", "🏳️‍🌈"])
        XCTAssertEqual(parsed.config.emojis["mixed"], ["🎉", "🎈", "😀"])
        XCTAssertEqual(parsed.config.emojis["again"], ["😀"])
        XCTAssertEqual(parsed.config.emojis["words"], [])
        // Text that is not emoji is kept as written for `emoji_invalid`, which names it per store.
        XCTAssertEqual(parsed.config.refusedEmojis, ["words": ["hi😀"]])
        let reasons = parsed.problems.map { problem -> String in
            if case .invalid(_, let reason, _) = problem { return reason }
            return "\(problem)"
        }
        XCTAssertEqual(reasons.count, 1, reasons.joined(separator: "\n"))
        XCTAssertTrue(reasons.contains { $0.contains("emojis.again") && $0.contains("lists 😀 twice") }, "\(reasons)")
        XCTAssertEqual(ConfigParser.emojiList("🏃💨"), ["🏃", "💨"])
        XCTAssertNil(ConfigParser.emojiList(""))
        XCTAssertNil(ConfigParser.emojiList("😀 "))
    }

    /// Each store keeps the first of a sticker's emoji it takes, in order, and names the rest.
    func testStoresKeepTheFirstEmojiInOrder() {
        let given = ["🏃", "💨", "😀", "🎉"]
        XCTAssertEqual(PlatformRules.whatsapp.emojis(of: given).kept, ["🏃", "💨", "😀"])
        XCTAssertEqual(PlatformRules.whatsapp.emojis(of: given).dropped, ["🎉"])
        XCTAssertEqual(PlatformRules.signal.emojis(of: given).kept, ["🏃"])
        XCTAssertEqual(PlatformRules.discord.emojis(of: given).dropped, ["💨", "😀", "🎉"])
        XCTAssertEqual(PlatformRules.telegram.emojis(of: given).kept, given)
        XCTAssertEqual(PlatformRules.line.emojis(of: given).kept, given)
    }
}
