import Foundation
import ImageCodec
import XCTest

/// `stickerforge fix` through the built binary: the sample pack repaired, checked again, fixed
/// again without a change, and its sources byte-identical throughout.
final class FixEndToEndTests: CLIEndToEndTestCase {
    func testSamplePackIsRepairedIdempotentlyWithoutTouchingTheSource() throws {
        _ = try temp.copySample("StarterPack")
        let before = try tree(temp.path("StarterPack"))
        let fixed = try run(["fix", "StarterPack", "--output", "Fixed", "--labels-from-names"])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        for line in [
            "Fixed: sparkle (sparkle.png)",
            "  gif_hard_edges convert_to_apng: GIF -> APNG, 12 frames and their delays exactly as decoded",
            "  extension_mismatch rename: sparkle.gif -> sparkle.png (APNG data)",
            "Fixed: halo (halo.png)",
            "  dimensions_too_large scale: 640x640 px -> 408x408 px (scale 0.6375) into the regular grid cell of 408 px, 1 frame, timing unchanged",
            "  missing_accessibility_label label_from_name: label \"Poster\" made from the name; check that it describes the sticker",
            "Remains (no safe fix; see the hints):",
            "  warning no_transparency: JPEG has no transparency: every pixel is opaque",
        ] {
            XCTAssertTrue(fixed.stdout.components(separatedBy: "\n").contains(line), "missing \(line)\n\(fixed.stdout)")
        }
        XCTAssertTrue(fixed.stdout.contains("  edge_halo unmix_matte: removed a rgb(22, 18, 11) matte: "), fixed.stdout)
        XCTAssertTrue(fixed.stdout.hasSuffix("3 stickers repaired with 5 fixes; after fixing: 7 stickers: 0 errors, 1 warning, 0 infos; 7 passed\n"),
                      fixed.stdout)
        // The source is untouched, byte for byte.
        XCTAssertEqual(try tree(temp.path("StarterPack")), before)
        // Untouched stickers keep their exact bytes; the GIF became an APNG of the same frames.
        let after = try tree(temp.path("Fixed"))
        for same in ["sun.png", "heart.png", "photo.jpg", "icon-source.png", "wave/wave_1.png", "wave/wave_24.png"] {
            XCTAssertEqual(after[same], before[same], same)
        }
        XCTAssertNil(after["sparkle.gif"])
        let gif = try decode(temp.path("StarterPack/sparkle.gif")), apng = try decode(temp.path("Fixed/sparkle.png"))
        XCTAssertEqual(apng.facts.format, .apng)
        XCTAssertEqual(apng.frames.map(\.delay.milliseconds), gif.frames.map(\.delay.milliseconds))
        for (a, b) in zip(gif.frames, apng.frames) { XCTAssertTrue(CLIPixels.same(a.image, b.image)) }
        XCTAssertEqual(apng.loopCount, 0)
        XCTAssertTrue(String(decoding: after["stickerforge.yml"] ?? [], as: UTF8.self).contains("  \"poster\": \"Poster\"\n"))

        // Checked again: only what has no safe fix remains.
        let checked = try run(["check", "Fixed", "--format", "json"])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        let findings = try XCTUnwrap(try jsonObject(checked.stdout)["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.compactMap { $0["rule"] as? String }, ["no_transparency"])

        // Idempotent: fixing the output changes nothing, byte for byte.
        let again = try run(["fix", "Fixed", "--output", "Again", "--labels-from-names"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("0 stickers repaired with 0 fixes"), again.stdout)
        XCTAssertEqual(try tree(temp.path("Again")), after)
    }

    func testDryRunWritesNothingAndJSONListsFixes() throws {
        _ = try temp.copySample("StarterPack")
        let listing = try FileManager.default.contentsOfDirectory(atPath: temp.root).sorted()
        let result = try run(["fix", "StarterPack", "--dry-run", "--format", "json", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temp.root).sorted(), listing)
        let stickers = try XCTUnwrap(try jsonObject(result.stdout)["stickers"] as? [[String: Any]])
        let poster = try XCTUnwrap(stickers.first { $0["name"] as? String == "poster" })
        let fixes = try XCTUnwrap(poster["fixes"] as? [[String: String]])
        XCTAssertEqual(fixes.map { [$0["rule"] ?? "", $0["action"] ?? ""] }, [["dimensions_too_large", "scale"]])
        XCTAssertTrue(fixes[0]["details"]?.hasPrefix("640x640 px -> 408x408 px") ?? false)
        XCTAssertNotNil(try jsonObject(result.stdout)["fixes"] as? [Any])
    }

    func testUsageErrors() throws {
        _ = try temp.copySample("StarterPack")
        XCTAssertEqual(try run(["fix", "StarterPack"]).status, 2)
        let inside = try run(["fix", "StarterPack", "--output", "StarterPack/out"])
        XCTAssertEqual(inside.status, 2)
        XCTAssertTrue(inside.stderr.contains("the source is never modified"), inside.stderr)
        _ = try temp.makeFolder("taken")
        _ = try temp.write([1], to: "taken/file")
        let taken = try run(["fix", "StarterPack", "--output", "taken"])
        XCTAssertEqual(taken.status, 2)
        XCTAssertTrue(taken.stderr.contains("already exists"), taken.stderr)
    }

    /// An Xcode catalog with slips: a misspelt key, an unlisted sticker, a listed sticker whose
    /// folder is gone, a PNG named .gif. All repaired in the copy's Contents.json files.
    func testXcodeCatalogSlipsAreRepaired() throws {
        _ = try temp.copySample("Demo.xcstickers")
        let pack = "Demo.xcstickers/Sticker Pack.stickerpack"
        _ = try temp.write(Array("""
            {"info":{"author":"xcode","version":1},"properties":{"grid-space":"regular"},
             "stickers":[{"filename":"Sun.sticker"},{"filename":"Ghost.sticker"}]}
            """.utf8), to: pack + "/Contents.json")
        try FileManager.default.moveItem(atPath: temp.path(pack + "/Sun.sticker/Sun.png"), toPath: temp.path(pack + "/Sun.sticker/Sun.gif"))
        _ = try temp.write(Array(#"{"info":{"author":"xcode","version":1},"properties":{"filename":"Sun.gif"}}"#.utf8),
                           to: pack + "/Sun.sticker/Contents.json")
        let result = try run(["fix", "Demo.xcstickers", "--output", "Out.xcstickers", "-q"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("catalog_unknown_key rename_key: Sticker Pack.stickerpack/Contents.json: 'grid-space' renamed to 'grid-size'"), result.stdout)
        XCTAssertTrue(result.stdout.contains("catalog_missing_file unlist_sticker: UNLISTED sticker Ghost.sticker"), result.stdout)
        XCTAssertTrue(result.stdout.contains("catalog_unlisted_sticker list: Spin.stickersequence added"), result.stdout)
        XCTAssertTrue(result.stdout.contains("extension_mismatch rename: Sun.gif -> Sun.png (PNG data)"), result.stdout)
        let out = "Out.xcstickers/Sticker Pack.stickerpack"
        let packJSON = try jsonFile(out + "/Contents.json")
        XCTAssertEqual((packJSON["properties"] as? [String: String]) ?? [:], ["grid-size": "regular"])
        XCTAssertEqual((packJSON["stickers"] as? [[String: String]])?.map { $0["filename"] ?? "" }, ["Sun.sticker", "Spin.stickersequence"])
        XCTAssertEqual((try jsonFile(out + "/Sun.sticker/Contents.json")["properties"] as? [String: String])?["filename"], "Sun.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path(out + "/Sun.sticker/Sun.png")))
        let checked = try run(["check", "Out.xcstickers", "--format", "json"])
        let rules = (try jsonObject(checked.stdout)["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        XCTAssertFalse(rules.contains { $0.hasPrefix("catalog_") || $0 == "extension_mismatch" }, "\(rules)")
    }
}
