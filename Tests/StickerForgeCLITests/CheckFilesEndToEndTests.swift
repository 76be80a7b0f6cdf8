import Foundation
import XCTest

/// `stickerforge check FILE...` (what pre-commit runs): files with and without an enclosing pack,
/// several paths merged into one report, and the baseline round trip.
final class CheckFilesEndToEndTests: CLIEndToEndTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        _ = try temp.copySample("StarterPack")
        _ = try temp.copySample("StarterPack/poster.png", as: "loose/poster.png")
        _ = try temp.copySample("StarterPack/sun.png", as: "loose/sun.png")
    }

    private func findings(_ report: [String: Any]) -> [String] {
        ((report["findings"] as? [[String: Any]]) ?? []).map { "\($0["rule"]!) \($0["sticker"]!) \($0["file"]!)" }
    }

    func testAFileInAPackIsCheckedWithThePackSettingsAndPaths() throws {
        let result = try run(["check", "StarterPack/sun.png", "StarterPack/poster.png", "--format", "json", "-q"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let report = try jsonObject(result.stdout)
        XCTAssertEqual((report["pack"] as? [String: Any])?["path"] as? String, "StarterPack")
        XCTAssertEqual((report["pack"] as? [String: Any])?["name"] as? String, "Starter Pack")
        XCTAssertEqual((report["stickers"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["sun", "poster"])
        // sun has a label in the pack's stickerforge.yml, so only poster lacks one.
        XCTAssertEqual(findings(report), ["dimensions_too_large poster poster.png", "missing_accessibility_label poster poster.png"])
    }

    func testLooseFilesUseTheDefaultsAndSeveralPathsShareOneRoot() throws {
        let alone = try run(["check", "loose/sun.png", "-q"])
        XCTAssertEqual(alone.status, 0, alone.stdout + alone.stderr)
        XCTAssertTrue(alone.stdout.contains("info    missing_accessibility_label"), alone.stdout)

        let result = try run(["check", "loose/poster.png", "StarterPack/sun.png", "--format", "json", "-q"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let report = try jsonObject(result.stdout)
        XCTAssertEqual((report["pack"] as? [String: Any])?["path"] as? String, ".")
        XCTAssertEqual(findings(report), ["dimensions_too_large poster loose/poster.png",
                                          "missing_accessibility_label poster loose/poster.png"])
        XCTAssertEqual((report["stickers"] as? [[String: Any]])?.compactMap { $0["files"] as? [String] },
                       [["loose/poster.png"], ["StarterPack/sun.png"]])
    }

    func testContentsJSONAndStickerforgeYmlStandForTheirStickerOrPack() throws {
        _ = try temp.copySample("Demo.xcstickers")
        let pack = "Demo.xcstickers/Sticker Pack.stickerpack"
        let sun = try run(["check", "\(pack)/Sun.sticker/Contents.json", "--format", "json", "-q"])
        XCTAssertEqual(sun.status, 0, sun.stderr)
        let report = try jsonObject(sun.stdout)
        XCTAssertEqual((report["stickers"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Sun"])
        XCTAssertEqual((report["pack"] as? [String: Any])?["path"] as? String, "Demo.xcstickers")
        // The pack's Contents.json checks the whole pack: the icon set's empty slots are reported.
        let whole = try run(["check", "\(pack)/Contents.json", "-q"])
        XCTAssertTrue(whole.stdout.contains("icon_slot_missing"), whole.stdout)
        XCTAssertFalse(sun.stdout.contains("icon_slot_missing"))
        // A stickerforge.yml checks its folder's pack, here with the pack's own name.
        let yml = try run(["check", "StarterPack/stickerforge.yml", "-q", "--format", "json", "--rule", "dimensions_too_large=off"])
        XCTAssertEqual((try jsonObject(yml.stdout)["summary"] as? [String: Any])?["stickers"] as? Int, 7)
    }

    func testPathsThatAreNotStickersAreUsageErrors() throws {
        try temp.write(Array("# hi".utf8), to: "README.md")
        let result = try run(["check", "README.md"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("README.md: not a sticker image"), result.stderr)
        XCTAssertEqual(try run(["check", "missing.png"]).status, 2)
    }

    func testBaselineRoundTripThenANewFinding() throws {
        let write = try run(["check", "loose", "--write-baseline", "baseline.json", "-q"])
        XCTAssertEqual(write.status, 0, write.stdout + write.stderr)
        let baseline = try jsonFile("baseline.json")
        XCTAssertEqual((baseline["findings"] as? [[String: Any]])?.compactMap { $0["file"] as? String },
                       ["loose", "loose/poster.png", "loose/poster.png", "loose/sun.png"], "the icon set is the pack's")

        let clean = try run(["check", "loose", "--baseline", "baseline.json", "--format", "json", "-q"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        let summary = try XCTUnwrap(try jsonObject(clean.stdout)["summary"] as? [String: Any])
        XCTAssertEqual(summary["errors"] as? Int, 0)
        XCTAssertEqual((summary["baseline"] as? [String: Any])?["baselined"] as? Int, 4)

        // A new oversized sticker fails; the pre-commit form (files) sees the same fingerprints, and
        // entries of stickers it did not look at are not called gone.
        _ = try temp.copySample("StarterPack/poster.png", as: "loose/poster2.png")
        let later = try run(["check", "loose/poster2.png", "loose/sun.png", "--baseline", "baseline.json", "-q"])
        XCTAssertEqual(later.status, 1, later.stdout)
        XCTAssertTrue(later.stdout.contains("Sticker: poster2 (poster2.png)"), later.stdout)
        XCTAssertFalse(later.stdout.contains("Sticker: sun"), later.stdout)
        XCTAssertTrue(later.stdout.hasSuffix("1 passed\nBaseline baseline.json: 1 known finding not shown\n"), later.stdout)

        try FileManager.default.removeItem(atPath: temp.path("loose/sun.png"))
        let gone = try run(["check", "loose", "--baseline", "baseline.json", "--format", "markdown", "-q"])
        XCTAssertTrue(gone.stdout.contains("missing\\_accessibility\\_label sun (loose/sun.png)"), gone.stdout)

        // Shrinking: the old baseline is read first, then today's findings are recorded in its place.
        let shrink = try run(["check", "loose", "--baseline", "baseline.json", "--write-baseline", "baseline.json", "-q"])
        XCTAssertEqual(shrink.status, 0, shrink.stdout)
        XCTAssertTrue(shrink.stdout.contains("Sticker: poster2 (poster2.png)"), "new against the old baseline")
        let files = try XCTUnwrap(try jsonFile("baseline.json")["findings"] as? [[String: Any]]).compactMap { $0["file"] as? String }
        XCTAssertTrue(files.contains("loose/poster2.png"), "\(files)")
        XCTAssertFalse(files.contains("loose/sun.png"), "\(files)")
    }
}
