import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `stickerforge check` on a copy of the sample pack, through the built binary.
final class CheckEndToEndTests: CLIEndToEndTestCase {
    private var pack = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try temp.copySample("StarterPack")
        pack = "StarterPack"   // relative to the working directory, as a user would type it
    }

    func testTextReportNamesEveryDeliberateProblem() throws {
        let result = try run(["check", pack])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.components(separatedBy: "\n")
        // Stickers with an error come first, then warnings in pack order; each problem under its sticker.
        let expected = [
            "Sticker: poster (poster.png)",
            "  error   dimensions_too_large: 640x640 px, larger than the maximum of 618x618 px",
            "  info    missing_accessibility_label: no accessibility label; VoiceOver reads the name \"poster\"",
            "Sticker: sparkle (sparkle.gif)",
            "  warning gif_hard_edges: GIF transparency is 1-bit: edges are jagged and may keep a fringe of the old background",
            "Sticker: photo (photo.jpg)",
            "  warning no_transparency: JPEG has no transparency: every pixel is opaque",
            "Sticker: halo (halo.png)",
        ]
        let found = lines.filter { expected.contains($0) }
        XCTAssertEqual(found, expected, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  warning edge_halo: ") && $0.hasSuffix("; limit 10%") }, result.stdout)
        // The pack's clean stickers get no block.
        for clean in ["sun", "heart", "wave"] { XCTAssertFalse(result.stdout.contains("Sticker: \(clean) ")) }
        XCTAssertEqual(result.stdout.filter { $0 == "\n" }.count, lines.count - 1)
        XCTAssertTrue(result.stdout.hasSuffix("\n7 stickers: 1 error, 3 warnings, 1 info; 6 passed\n"), result.stdout)
        // Without a terminal: no colour, progress as plain lines on standard error.
        XCTAssertFalse(result.stdout.contains("\u{1B}"))
        XCTAssertTrue(result.stderr.contains("[7/7] checking "), result.stderr)
    }

    func testQuietPrintsNoProgress() throws {
        let result = try run(["check", pack, "-q", "--rule", "dimensions_too_large=warning"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains("  warning dimensions_too_large: 640x640 px"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n7 stickers: 0 errors, 4 warnings, 1 info; 7 passed\n"), result.stdout)
    }

    func testJSONReport() throws {
        let result = try run(["check", pack, "--format", "json", "-q"])
        XCTAssertEqual(result.status, 1)
        let report = try jsonObject(result.stdout)
        XCTAssertEqual(report["reportVersion"] as? Int, 1)
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        XCTAssertEqual(Set(summary.keys), ["stickers", "errors", "warnings", "infos", "passed", "baseline"])
        XCTAssertTrue(summary["baseline"] is NSNull)
        XCTAssertEqual(summary["stickers"] as? Int, 7)
        XCTAssertEqual(summary["errors"] as? Int, 1)
        XCTAssertEqual(summary["warnings"] as? Int, 3)
        XCTAssertEqual(summary["infos"] as? Int, 1)
        XCTAssertEqual(summary["passed"] as? Int, 6)
        let pack = try XCTUnwrap(report["pack"] as? [String: Any])
        XCTAssertEqual(pack["name"] as? String, "Starter Pack")
        XCTAssertEqual(pack["gridSize"] as? String, "regular")
        XCTAssertEqual(pack["path"] as? String, "StarterPack")

        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        for finding in findings {
            XCTAssertEqual(Set(finding.keys), ["rule", "severity", "sticker", "file", "frame", "message", "hint"])
            XCTAssertTrue(finding["frame"] is NSNull)
        }
        let summaries = Set(findings.map { "\($0["rule"]!) \($0["severity"]!) \($0["sticker"]!) \($0["file"]!)" })
        XCTAssertEqual(summaries, [
            "dimensions_too_large error poster poster.png",
            "missing_accessibility_label info poster poster.png",
            "gif_hard_edges warning sparkle sparkle.gif",
            "no_transparency warning photo photo.jpg",
            "edge_halo warning halo halo.png",
        ])
        let poster = try XCTUnwrap(findings.first { $0["rule"] as? String == "dimensions_too_large" })
        XCTAssertEqual(poster["message"] as? String, "640x640 px, larger than the maximum of 618x618 px")
        let stickers = try XCTUnwrap(report["stickers"] as? [[String: Any]])
        XCTAssertEqual(stickers.compactMap { $0["name"] as? String }, ["sun", "heart", "wave", "sparkle", "photo", "halo", "poster"])
        XCTAssertTrue(stickers[6]["accessibilityLabel"] is NSNull)
        XCTAssertEqual((stickers[2]["facts"] as? [String: Any])?["frames"] as? Int, 24)
    }

    func testSARIFReport() throws {
        let result = try run(["check", pack, "--format", "sarif", "-q"])
        XCTAssertEqual(result.status, 1)
        let log = try jsonObject(result.stdout)
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "stickerforge")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ruleIds = rules.compactMap { $0["id"] as? String }
        XCTAssertEqual(Set(ruleIds).count, ruleIds.count, "rule ids are unique")
        for id in ["dimensions_too_large", "gif_hard_edges", "no_transparency", "edge_halo", "missing_accessibility_label"] {
            XCTAssertTrue(ruleIds.contains(id), id)
        }
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 5)
        for r in results {
            let index = try XCTUnwrap(r["ruleIndex"] as? Int)
            XCTAssertEqual(ruleIds[index], r["ruleId"] as? String)
        }
        let levels = results.reduce(into: [String: String]()) { $0[$1["ruleId"] as? String ?? ""] = $1["level"] as? String }
        XCTAssertEqual(levels, ["dimensions_too_large": "error", "gif_hard_edges": "warning", "no_transparency": "warning",
                                "edge_halo": "warning", "missing_accessibility_label": "note"])
    }

    func testJUnitReport() throws {
        let result = try run(["check", pack, "--format", "junit", "-q"])
        XCTAssertEqual(result.status, 1)
        let document = try XMLDocument(data: Data(result.stdout.utf8))
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.compactMap { $0.attribute(forName: "name")?.stringValue },
                       ["(pack)", "sun", "heart", "wave", "sparkle", "photo", "halo", "poster"])
        let suite = try XCTUnwrap(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "8")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        let failures = try document.nodes(forXPath: "//testcase[@name='poster']/failure").compactMap { $0 as? XMLElement }
        XCTAssertEqual(failures.map { $0.attribute(forName: "type")?.stringValue }, ["dimensions_too_large"])
        XCTAssertEqual(try document.nodes(forXPath: "//failure").count, 1, "warnings never fail a test case")
    }

    func testGitHubAnnotations() throws {
        let result = try run(["check", pack, "--format", "github", "-q"])
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 5, result.stdout)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "), line)
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("::error file=StarterPack/poster.png,title=dimensions_too_large::poster: 640x640 px") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("::notice file=StarterPack/poster.png,title=missing_accessibility_label::") })
        // "%" in a message is escaped, so "100%" cannot be read as an escape by the runner.
        XCTAssertTrue(lines.contains { $0.hasPrefix("::warning file=StarterPack/halo.png,title=edge_halo::halo: 80%25 of ") })
    }

    func testRuleOverridesAndStrict() throws {
        let demoted = try run(["check", pack, "-q", "--rule", "dimensions_too_large=warning"])
        XCTAssertEqual(demoted.status, 0, demoted.stdout)

        let strict = try run(["check", pack, "-q", "--rule", "dimensions_too_large=warning", "--strict"])
        XCTAssertEqual(strict.status, 1, strict.stdout)

        let off = try run(["check", pack, "-q", "--rule", "gif_hard_edges=off"])
        XCTAssertEqual(off.status, 1)
        XCTAssertFalse(off.stdout.contains("gif_hard_edges"), off.stdout)
        XCTAssertTrue(off.stdout.hasSuffix("\n7 stickers: 1 error, 2 warnings, 1 info; 6 passed\n"), off.stdout)
    }

    func testMaxBytesMakesFileTooLargeErrors() throws {
        let result = try run(["check", pack, "-q", "--max-bytes", "1000", "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let findings = try XCTUnwrap(try jsonObject(result.stdout)["findings"] as? [[String: Any]])
        let tooLarge = findings.filter { $0["rule"] as? String == "file_too_large" }
        // Every sample file is larger than 1000 bytes. The wave frame folder has no file yet: its
        // size is only known once `build` has assembled it (and build checks it then).
        XCTAssertEqual(Set(tooLarge.compactMap { $0["sticker"] as? String }),
                       ["sun", "heart", "sparkle", "photo", "halo", "poster"])
        XCTAssertTrue(tooLarge.allSatisfy { $0["severity"] as? String == "error" })
    }

    func testMissingCatalogExitsTwoNamingIt() throws {
        let result = try run(["check", "NoSuchPack.xcstickers"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("NoSuchPack.xcstickers"), result.stderr)
    }

    func testReportFilesAreWritten() throws {
        // A small pack keeps the HTML cheap while covering a PNG, an animated GIF and a JPEG.
        try temp.makeFolder("Mini")
        for file in ["heart.png", "sparkle.gif", "photo.jpg"] {
            _ = try temp.copySample("StarterPack/" + file, as: "Mini/" + file)
        }
        // The report folder does not exist yet: it is created, as CI scripts expect.
        let result = try run(["check", "Mini", "-q", "--report", "json:reports/r.json", "--report", "html:r.html",
                              "--report", "sarif:r.sarif"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let json = try jsonFile("reports/r.json")
        XCTAssertEqual((json["summary"] as? [String: Any])?["stickers"] as? Int, 3)
        XCTAssertEqual((json["summary"] as? [String: Any])?["warnings"] as? Int, 3, "gif_hard_edges, no_transparency, no icon set")
        XCTAssertEqual(try jsonFile("r.sarif")["version"] as? String, "2.1.0")

        let html = String(decoding: try CLIPaths.bytes(temp.path("r.html")), as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<article").count - 1, 3, "one card per sticker")
        for type in ["png", "gif", "jpeg"] { XCTAssertTrue(html.contains("data:image/\(type);base64,"), type) }
        // Self-contained: nothing is loaded from the network.
        XCTAssertFalse(html.contains("http://"))
        XCTAssertFalse(html.contains("https://"))
        XCTAssertFalse(html.contains("@import"))
    }
}
