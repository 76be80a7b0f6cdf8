import Foundation
import ImageCodec
import XCTest

/// `stickerforge fix` through the built binary: the sample pack repaired (once, shared by the tests:
/// `CLIFixFixture`), what remains checked, fixed again without a change, and its sources
/// byte-identical throughout.
final class FixEndToEndTests: CLIEndToEndTestCase {
    private func fixture() throws -> CLIBuildFixture { try CLIFixFixture.shared.get() }

    func testSamplePackIsRepairedWithoutTouchingTheSource() throws {
        let f = try fixture()
        let fixed = f.result
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
        // The source is untouched, byte for byte: the copy that was fixed still equals the sample.
        let before = try tree(CLIPaths.sample("StarterPack"))
        XCTAssertEqual(try tree(f.path("StarterPack")), before)
        // Untouched stickers keep their exact bytes; the GIF became an APNG of the same frames.
        let after = try tree(f.path("Fixed"))
        for same in ["sun.png", "heart.png", "photo.jpg", "icon-source.png", "wave/wave_1.png", "wave/wave_24.png"] {
            XCTAssertEqual(after[same], before[same], same)
        }
        XCTAssertNil(after["sparkle.gif"])
        let gif = try decode(f.path("StarterPack/sparkle.gif")), apng = try decode(f.path("Fixed/sparkle.png"))
        XCTAssertEqual(apng.facts.format, .apng)
        XCTAssertEqual(apng.frames.map(\.delay.milliseconds), gif.frames.map(\.delay.milliseconds))
        for (a, b) in zip(gif.frames, apng.frames) { XCTAssertTrue(CLIPixels.same(a.image, b.image)) }
        XCTAssertEqual(apng.loopCount, 0)
        XCTAssertTrue(String(decoding: after["stickerforge.yml"] ?? [], as: UTF8.self).contains("  \"poster\": \"Poster\"\n"))
        // The JSON report lists each sticker's fixes.
        let report = try jsonObject(String(decoding: try CLIPaths.bytes(f.path("fix.json")), as: UTF8.self))
        let poster = try XCTUnwrap((report["stickers"] as? [[String: Any]])?.first { $0["name"] as? String == "poster" })
        let fixes = try XCTUnwrap(poster["fixes"] as? [[String: String]])
        XCTAssertEqual(fixes.map { [$0["rule"] ?? "", $0["action"] ?? ""] },
                       [["dimensions_too_large", "scale"], ["missing_accessibility_label", "label_from_name"]])
        XCTAssertTrue(fixes[0]["details"]?.hasPrefix("640x640 px -> 408x408 px") ?? false)
        XCTAssertNotNil(report["fixes"] as? [Any])
    }

    /// Fixing the output again is a check of it (the report of a copy that nothing changed): only
    /// what has no safe fix remains, and not a byte changes.
    func testFixingTheOutputAgainChangesNothingAndOnlyNoTransparencyRemains() throws {
        let f = try fixture()
        XCTAssertEqual(f.result.status, 0, f.result.stderr)
        // On a copy: the shared fix is only read.
        try FileManager.default.copyItem(atPath: f.path("Fixed"), toPath: temp.path("Fixed"))
        let again = try f.runner.run(["fix", "Fixed", "--output", "Again", "--labels-from-names", "--format", "json", "-q"], in: temp.root)
        XCTAssertEqual(again.status, 0, again.stderr)
        let report = try jsonObject(again.stdout)
        XCTAssertEqual((report["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }, ["no_transparency"])
        XCTAssertEqual((report["findings"] as? [[String: Any]])?.first?["hint"] as? String,
                       "Export a PNG with a transparent background so the sticker sits on bubbles and photos without a box.")
        XCTAssertEqual((report["fixes"] as? [Any])?.count, 0)
        let stickers = try XCTUnwrap(report["stickers"] as? [[String: Any]])
        XCTAssertEqual(stickers.count, 7)
        XCTAssertEqual(stickers.map { ($0["fixes"] as? [Any])?.count ?? -1 }, Array(repeating: 0, count: 7))
        XCTAssertEqual(try tree(temp.path("Again")), try tree(f.path("Fixed")))
    }

    func testDryRunWritesNothingAndJSONListsFixes() throws {
        _ = try temp.makeFolder("Pack")
        _ = try temp.write(try CLIStickerImages.square(RGBA(200, 40, 40)), to: "Pack/plain.png")
        _ = try temp.write(try CLIStickerImages.square(RGBA(40, 40, 200)), to: "Pack/misnamed.gif")   // PNG data
        let listing = try tree(temp.root)
        let result = try run(["fix", "Pack", "--dry-run", "--format", "json", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try tree(temp.root), listing)
        let stickers = try XCTUnwrap(try jsonObject(result.stdout)["stickers"] as? [[String: Any]])
        let misnamed = try XCTUnwrap(stickers.first { $0["name"] as? String == "misnamed" })
        XCTAssertEqual(misnamed["fixes"] as? [[String: String]],
                       [["rule": "extension_mismatch", "action": "rename", "details": "misnamed.gif -> misnamed.png (PNG data)"]])
        let plain = try XCTUnwrap(stickers.first { $0["name"] as? String == "plain" })
        XCTAssertEqual((plain["fixes"] as? [Any])?.count, 0)
        XCTAssertNotNil(try jsonObject(result.stdout)["fixes"] as? [Any])
    }

    /// `--effort` sets how hard the files the fixes write again are compressed: the same pixels at
    /// another size, while a file with nothing to fix is copied byte for byte either way.
    func testEffortAppliesToTheFilesTheFixesWrite() throws {
        _ = try temp.makeFolder("Pack")
        var big = PixelBuffer(width: 480, height: 480)
        for y in 0..<480 { for x in 0..<480 where (x - 240) * (x - 240) + (y - 240) * (y - 240) < 200 * 200 {
            big[x, y] = RGBA(UInt8(x / 2), UInt8(y / 2), UInt8((x + y) / 4))
        } }
        _ = try temp.write(try PNGEncoder().encode(big), to: "Pack/big.png")
        let plain = try CLIStickerImages.square(RGBA(200, 40, 40))
        _ = try temp.write(plain, to: "Pack/plain.png")
        var outputs: [String: [UInt8]] = [:]
        for effort in ["fast", "default"] {
            let result = try run(["fix", "Pack", "--output", "Fixed-\(effort)", "--effort", effort, "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
            outputs[effort] = try CLIPaths.bytes(temp.path("Fixed-\(effort)/big.png"))
            XCTAssertEqual(try CLIPaths.bytes(temp.path("Fixed-\(effort)/plain.png")), plain, effort)
        }
        let fast = try XCTUnwrap(outputs["fast"]), standard = try XCTUnwrap(outputs["default"])
        XCTAssertNotEqual(fast, standard)
        XCTAssertEqual(try ImageDecoder().decode(fast).frames[0].image, try ImageDecoder().decode(standard).frames[0].image)
        XCTAssertEqual(try ImageDecoder().decode(fast).frames[0].image.width, 408)
        XCTAssertEqual(try run(["fix", "Pack", "--dry-run", "--effort", "slow"]).status, 64)
    }

    func testUsageErrors() throws {
        _ = try temp.copySample("StarterPack")
        XCTAssertEqual(try run(["fix", "StarterPack"]).status, 2)
        let inside = try run(["fix", "StarterPack", "--output", "StarterPack/out"])
        XCTAssertEqual(inside.status, 2)
        XCTAssertTrue(inside.stderr.contains("--output StarterPack/out lies inside the catalog StarterPack; StickerForge never writes into or over what it reads"),
                      inside.stderr)
        _ = try temp.makeFolder("taken")
        _ = try temp.write([1], to: "taken/file")
        let taken = try run(["fix", "StarterPack", "--output", "taken"])
        XCTAssertEqual(taken.status, 2)
        XCTAssertTrue(taken.stderr.contains("already exists"), taken.stderr)
    }

    /// An Xcode catalog with slips: a misspelt key, an unlisted sticker, a listed sticker whose
    /// folder is gone, a PNG named .gif. All repaired in the copy's Contents.json files; the fix's
    /// JSON report (the repaired copy checked) shows none of them remaining.
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
        let result = try run(["fix", "Demo.xcstickers", "--output", "Out.xcstickers", "-q", "--report", "json:fix.json"])
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
        let remaining = try jsonFile("fix.json")
        let rules = (remaining["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        XCTAssertEqual((remaining["stickers"] as? [[String: Any]])?.count, 2)
        XCTAssertFalse(rules.contains { $0.hasPrefix("catalog_") || $0 == "extension_mismatch" }, "\(rules)")
    }
}
