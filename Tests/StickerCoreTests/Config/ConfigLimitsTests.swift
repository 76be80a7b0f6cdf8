import Foundation
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Hostile `stickerforge.yml` text meets a limit of `ConfigLimits` before Yams's composer can
/// recurse through it: one problem naming the line, the column and the limit, never a crash; real
/// configurations parse as they did without the limits.
final class ConfigLimitsTests: XCTestCase {
    private let file = "stickerforge.yml"

    /// The one problem `text` gives.
    private func onlyProblem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let problems = PackConfig.parse(text, file: self.file).problems
        XCTAssertEqual(problems.count, 1, "\(problems)", file: file, line: line)
        guard case .invalid(let name, let reason, let sticker)? = problems.first else { return nil }
        XCTAssertEqual(name, self.file, file: file, line: line)
        XCTAssertNil(sticker, file: file, line: line)
        return reason
    }

    private let depth = "nesting deeper than 64 levels (the limit); a stickerforge.yml needs only a few levels"

    func testFiveThousandDeepFlowNesting() {
        let text = "x: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n"
        // `x` opens the top-level mapping (level 1); the 64th bracket, at column 67, is level 65.
        XCTAssertEqual(onlyProblem(text), "line 1, column 67: " + depth)
    }

    func testDeepBlockNesting() {
        let text = (0..<200).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " 1\n"
        XCTAssertEqual(onlyProblem(text), "line 65, column 129: " + depth)
    }

    func testCompactSequenceNesting() {
        let text = "order: " + String(repeating: "- ", count: 3000) + "x\n"
        // Not valid YAML at all (a block sequence cannot follow `order: ` on its line), but the
        // limit is met first and is what the user sees.
        XCTAssertEqual(onlyProblem(text), "line 1, column 134: " + depth)
        let nested = String(repeating: "- ", count: 3000) + "x\n"
        XCTAssertEqual(onlyProblem(nested), "line 1, column 129: " + depth)
    }

    func testKeyWithItsSequenceAtTheSameIndentationCountsBoth() {
        // key: / - key: / - key: ... each line opens a sequence and a mapping.
        let text = (0..<100).map { String(repeating: "  ", count: $0) + "- k\($0):" }.joined(separator: "\n") + " 1\n"
        // Line 33 holds levels 64 (the sequence of `- k31:`) and 65 (its mapping, at column 65).
        XCTAssertEqual(onlyProblem("top:\n" + text), "line 33, column 65: " + depth)
    }

    func testDepthInsideQuotesCommentsAndBlockScalarsIsText() {
        let brackets = String(repeating: "[", count: 5000)
        let text = """
            name: "\(brackets)"
            publisher: '\(brackets)'
            # \(brackets)
            icon: |
              \(brackets)
              \(brackets)
            tray: a\(brackets)
            """
        let parsed = PackConfig.parse(text, file: file)
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.config.name, brackets)
        XCTAssertEqual(parsed.config.publisher, brackets)
    }

    func testALineBreakYAMLKnowsEndsAComment() {
        // NEL (U+0085) ends a line for libyaml; the brackets after it are structure, not comment.
        let text = "# c\u{85}x: " + String(repeating: "[", count: 5000) + "\n"
        XCTAssertEqual(onlyProblem(text), "line 2, column 67: " + depth)
    }

    func testBillionLaughs() {
        var lines = ["a0: &a0 [" + Array(repeating: "lol", count: 9).joined(separator: ", ") + "]"]
        for level in 1...9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        // 81 aliases (under their limit) stand for 9^9 values; the count passes 100,000 while
        // expanding the aliases of a5 (a0 to a4 stand for 74,733 values, a5 for 597,871), and
        // names the sequence holding them.
        XCTAssertEqual(onlyProblem(lines.joined(separator: "\n") + "\n"),
                       "line 6, column 5: more than 100,000 values once aliases are expanded (the limit); "
                           + "a stickerforge.yml needs only a few hundred")
    }

    func testTooManyAliasesAndAnchors() {
        let aliases = "x: &a 1\ny: [" + Array(repeating: "*a", count: 101).joined(separator: ", ") + "]\n"
        XCTAssertEqual(onlyProblem(aliases),
                       "line 2, column 405: more than 100 aliases (the limit); a stickerforge.yml needs only a few")
        let anchors = "x: [" + (0...100).map { "&a\($0) 1" }.joined(separator: ", ") + "]\n"
        XCTAssertEqual(onlyProblem(anchors),
                       "line 1, column 795: more than 100 anchors (the limit); a stickerforge.yml needs only a few")
    }

    func testTwoMebibyteFile() {
        let line = "# " + String(repeating: "a", count: 97) + "\n"   // 100 bytes
        let text = "name: Big\n" + String(repeating: line, count: 2 * 1024 * 1024 / 100)
        // Byte 1,048,576 (0-based) is the 67th byte of the 10,486th comment line, line 10,487.
        XCTAssertEqual(onlyProblem(text), "line 10487, column 67: larger than 1,048,576 bytes (the limit); "
                       + "a stickerforge.yml needs only a few kilobytes")
    }

    func testTwoHundredThousandKeys() {
        // Four-letter keys without values in one flow mapping: 1,000,001 bytes, under the size limit.
        let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
        func key(_ n: Int) -> String {
            let places: [Int] = [n / 17576 % 26, n / 676 % 26, n / 26 % 26, n % 26]
            return String(places.map { letters[$0] })
        }
        let keys = (0..<200_000).map(key)
        let text = "{" + keys.joined(separator: ",") + "}"
        // The 20,001st key starts at column 2 + 20,000 x 5.
        XCTAssertEqual(onlyProblem(text), "line 1, column 100002: more than 20,000 keys (the limit); "
                       + "a stickerforge.yml needs only a few hundred")
    }

    func testInvalidUTF8() throws {
        let folder = try TempFolder("config-utf8")
        defer { folder.remove() }
        let bytes = Array("name: Party\nlabels:\n  wave: ".utf8) + [0xFF, 0xFE, 0x0A]
        try folder.write(bytes, to: file)
        let path = folder.path + "/" + file
        XCTAssertThrowsError(try PackConfig.load(from: path)) { error in
            XCTAssertEqual(error as? ConfigError, .unreadable(file: path, reason: "not UTF-8 text"))
        }
        // Decoded with replacement characters (what a reader past the UTF-8 check would see), it is
        // ordinary text.
        let parsed = PackConfig.parse(String(decoding: bytes, as: UTF8.self), file: file)
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.config.labels, ["wave": "\u{FFFD}\u{FFFD}"])
    }

    func testStrictLoadNamesTheLimit() throws {
        let folder = try TempFolder("config-limit")
        defer { folder.remove() }
        try folder.write(Array(("x: " + String(repeating: "{", count: 5000)).utf8), to: file)
        let path = folder.path + "/" + file
        XCTAssertThrowsError(try PackConfig.load(from: path)) { error in
            XCTAssertEqual(error as? ConfigError, .overLimit(file: path, line: 1, column: 67, reason: depth))
            XCTAssertEqual("\(error)", "\(path):1:67: " + depth)
        }
    }

    func testLimitsArePassedIn() {
        var limits = ConfigLimits()
        limits.maxDepth = 2
        let parsed = PackConfig.parse("sequences:\n  wave: {fps: 12}\n", file: file, limits: limits)
        XCTAssertEqual(parsed.problems, [.invalid(file: file, reason: "line 2, column 9: nesting deeper than 2 levels "
                                                  + "(the limit); a stickerforge.yml needs only a few levels", sticker: nil)])
    }

    /// Every real configuration (the samples' and the examples of docs/config.md) parses exactly as
    /// it does with limits that nothing reaches.
    func testRealConfigurationsParseAsWithoutLimits() throws {
        var unlimited = ConfigLimits()
        unlimited.maxBytes = .max; unlimited.maxDepth = .max; unlimited.maxAnchors = .max
        unlimited.maxAliases = .max; unlimited.maxNodes = .max; unlimited.maxKeys = .max
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var texts: [String: String] = [:]
        for folder in ["Samples", "Tests"] {
            let base = root.appendingPathComponent(folder)
            let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: base.path))
            for case let relative as String in walker where relative.hasSuffix(PackConfig.fileName) {
                texts[folder + "/" + relative] = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            }
        }
        let guide = try String(contentsOf: root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        for (n, block) in guide.components(separatedBy: "```yaml\n").dropFirst().enumerated() {
            texts["docs/config.md #\(n + 1)"] = block.components(separatedBy: "```").first
        }
        XCTAssertGreaterThanOrEqual(texts.count, 2)
        for (name, text) in texts {
            let limited = PackConfig.parse(text, file: file)
            let free = PackConfig.parse(text, file: file, limits: unlimited)
            XCTAssertEqual(limited.config, free.config, name)
            XCTAssertEqual(limited.problems, free.problems, name)
            XCTAssertFalse(limited.problems.contains { "\($0)".contains("(the limit)") }, name)
        }
    }
}
