import Foundation
import ImageCodec
import XCTest

/// `build --platform` of a pack that mixes stills and animations for a store that takes packs all
/// still or all animated (WhatsApp, LINE): two complete store folders, `OUT/<store>/static` and
/// `OUT/<store>/animated`, each passing `check --platform`; `--stills-as-animations` keeps the one
/// folder of before; a re-run that changes between them replaces `OUT/<store>` whole.
final class PlatformSplitEndToEndTests: CLIEndToEndTestCase {
    /// A transparent `width` x `height` canvas with an opaque box of `shade`, its right edge `phase` px further in.
    private func art(_ width: Int, _ height: Int? = nil, shade: UInt8, phase: Int = 0) -> PixelBuffer {
        let height = height ?? width
        var buffer = PixelBuffer(width: width, height: height)
        for y in 8..<(height - 8) { for x in 8..<(width - 8 - phase) { buffer[x, y] = RGBA(shade, 40, 90, 255) } }
        return buffer
    }

    /// A pack of stills s1... and `frames`-frame animations m1... (in the order s1, m1, s2, m2, ...
    /// while both last), `side` px (`animatedHeight` for the animations), each with one emoji.
    private func mixedPack(stills: Int, animations: Int, side: Int = 512, animatedSide: Int? = nil, frames: Int = 4) throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        var yaml = "name: Box Cats\npublisher: Zoë Example\norder: ["
        var names: [String] = []
        for i in 1...max(stills, animations) {
            if i <= stills { names.append("s\(i)") }
            if i <= animations { names.append("m\(i)") }
        }
        yaml += names.joined(separator: ", ") + "]\nemojis:\n"
        for i in 1...max(stills, 1) where i <= stills {
            _ = try temp.write(try PNGEncoder().encode(art(side, shade: UInt8(40 + 10 * i))), to: "pack/s\(i).png")
        }
        for i in 1...max(animations, 1) where i <= animations {
            let movingSide = animatedSide ?? side
            let made = (0..<frames).map { AnimationFrame(image: art(movingSide, shade: UInt8(100 + 10 * i), phase: 16 * $0),
                                                         delay: .milliseconds(200)) }
            _ = try temp.write(try PNGEncoder().encodeAnimation(made, loopCount: 1), to: "pack/m\(i).png")
        }
        for name in names { yaml += "  \(name): [\"😀\"]\n" }
        _ = try temp.write(Array(yaml.utf8), to: "pack/stickerforge.yml")
    }

    /// "severity rule" of every finding of a JSON report.
    private func findings(_ report: [String: Any]) -> [String] {
        (report["findings"] as? [[String: Any]] ?? []).map { "\($0["severity"] as? String ?? "?") \($0["rule"] as? String ?? "?")" }
    }

    /// Checks `out/<folder>` for `store` as a user would; its report, and that the build's report.json found the same.
    private func check(_ folder: String, store: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let checked = try jsonObject(try run(["check", "out/\(folder)", "--platform", store, "--format", "json"]).stdout)
        XCTAssertEqual(findings(try jsonFile("out/\(folder)/report.json")), findings(checked), folder, file: file, line: line)
        return checked
    }

    /// The names in `out/<folder>`, hidden ones included, sorted.
    private func listing(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: temp.path("out/\(folder)")).sorted()
    }

    func testWhatsAppMixedPackBecomesTwoCompletePacksEachPassingCheck() throws {
        try mixedPack(stills: 3, animations: 3)
        let build = try run(["build", "pack", "--platform", "whatsapp", "--output", "out"])
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        XCTAssertEqual(try listing("whatsapp"), [".stickerforge-build.json", "animated", "static"], "only the two packs")
        XCTAssertEqual(try listing("whatsapp/static"),
                       [".stickerforge-build.json", "box_cats_stills.wastickers", "contents.json", "manifest.json", "report.html",
                        "report.json", "s1.webp", "s2.webp", "s3.webp", "stickerforge.yml", "tray.png"])
        XCTAssertEqual(try listing("whatsapp/animated"),
                       [".stickerforge-build.json", "box_cats_animated.wastickers", "contents.json", "m1.webp", "m2.webp", "m3.webp",
                        "manifest.json", "report.html", "report.json", "stickerforge.yml", "tray.png"])
        for (part, animated, names) in [("static", false, ["s1", "s2", "s3"]), ("animated", true, ["m1", "m2", "m3"])] {
            XCTAssertEqual(findings(try check("whatsapp/\(part)", store: "whatsapp")).filter { $0.hasPrefix("error") }, [], part)
            let pack = try XCTUnwrap(try jsonFile("out/whatsapp/\(part)/contents.json")["sticker_packs"] as? [[String: Any]]).first
            XCTAssertEqual(pack?["identifier"] as? String, animated ? "box_cats_animated" : "box_cats_stills")
            XCTAssertEqual(pack?["name"] as? String, animated ? "Box Cats (animated)" : "Box Cats (stills)")
            XCTAssertEqual(pack?["animated_sticker_pack"] as? Bool, animated)
            let manifest = try jsonFile("out/whatsapp/\(part)/manifest.json")
            XCTAssertEqual((manifest["pack"] as? [String: Any])?["part"] as? String, part)
            let stickers = try XCTUnwrap(manifest["stickers"] as? [[String: Any]])
            XCTAssertEqual(stickers.map { $0["name"] as? String }, names)
            // Honest files: a still has one frame (no made-up animation), an animation its four.
            XCTAssertEqual(try names.map { try decode(temp.path("out/whatsapp/\(part)/\($0).webp")).frames.count },
                           Array(repeating: animated ? 4 : 1, count: 3))
            // No note of a still made an animation; the animations (sources that play once) are
            // written looping forever, as WhatsApp loops stickers, and say so.
            XCTAssertEqual(stickers.map { ($0["notes"] as? [String] ?? []).map { $0.hasPrefix("loops: 1 -> forever") } },
                           Array(repeating: animated ? [true] : [], count: 3), part)
        }
        XCTAssertTrue(build.stderr.contains("into out/whatsapp/static;"), build.stderr)
        XCTAssertTrue(build.stderr.contains("whatsapp/animated/m1.webp from m1:"), build.stderr)
        // The comparison page: one WhatsApp column, every source once, its file from the half that holds it.
        let page = String(decoding: try CLIPaths.bytes(temp.path("out/comparison.html")), as: UTF8.self)
        XCTAssertEqual(page.components(separatedBy: "<th scope=\"col\">").dropFirst().map { String($0.prefix(while: { $0 != "<" })) },
                       ["Source", "WhatsApp"])
        // Rows in the source pack's order, though the halves hold them apart.
        XCTAssertEqual(page.components(separatedBy: "class=\"source\"><span class=\"name\">").dropFirst()
                        .map { String($0.prefix(while: { $0 != "<" })) }, ["s1", "m1", "s2", "m2", "s3", "m3"])
        for name in ["s1", "m1", "s2", "m2", "s3", "m3"] {
            let link = "whatsapp/\(name.hasPrefix("s") ? "static" : "animated")/\(name).webp"
            XCTAssertEqual(page.components(separatedBy: "<img src=\"\(link)\" width=\"160\"").count - 1, 1, link)
            XCTAssertEqual(page.components(separatedBy: "src=\"../pack/\(name).png\"").count - 1, 1, name)
        }
    }

    /// Each half too small for the store is the check's pack_size error, saying how many are missing.
    func testAHalfTooSmallAfterTheSplitSaysHowManyStickersAreMissing() throws {
        try mixedPack(stills: 4, animations: 1)
        let build = try run(["build", "pack", "--platform", "whatsapp", "--output", "out", "--format", "json"])
        XCTAssertEqual(build.status, 1, build.stderr)
        let animated = try check("whatsapp/animated", store: "whatsapp")
        let sizes = (animated["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "pack_size" }
        XCTAssertEqual(sizes.map { $0["message"] as? String }, [
            "the pack holds 1 sticker; WhatsApp takes 3 to 30 animated stickers a pack: 2 more needed for a pack of 3",
        ])
        XCTAssertEqual(findings(try check("whatsapp/static", store: "whatsapp")).filter { $0.hasPrefix("error") }, [])
    }

    /// split -> one folder (`--stills-as-animations`) -> split: each run's `OUT/whatsapp` is whole,
    /// with nothing of the run before.
    func testARerunThatStopsOrStartsSplittingReplacesTheStoreFolderWhole() throws {
        try mixedPack(stills: 3, animations: 3)
        XCTAssertEqual(try run(["build", "pack", "--platform", "whatsapp", "--output", "out", "--quiet"]).status, 0)
        XCTAssertEqual(try listing("whatsapp"), [".stickerforge-build.json", "animated", "static"])
        let flagged = try run(["build", "pack", "--platform", "whatsapp", "--output", "out", "--quiet", "--stills-as-animations"])
        XCTAssertEqual(flagged.status, 0, flagged.stdout + flagged.stderr)
        XCTAssertEqual(try listing("whatsapp"),
                       [".stickerforge-build.json", "box_cats.wastickers", "contents.json", "m1.webp", "m2.webp", "m3.webp",
                        "manifest.json", "report.html", "report.json", "s1.webp", "s2.webp", "s3.webp", "stickerforge.yml", "tray.png"])
        XCTAssertEqual(try decode(temp.path("out/whatsapp/s1.webp")).frames.count, 2, "the still made an animation")
        XCTAssertEqual(findings(try check("whatsapp", store: "whatsapp")).filter { $0.hasPrefix("error") }, [])
        XCTAssertEqual(try run(["build", "pack", "--platform", "whatsapp", "--output", "out", "--quiet"]).status, 0)
        XCTAssertEqual(try listing("whatsapp"), [".stickerforge-build.json", "animated", "static"])
        XCTAssertEqual(try listing("whatsapp/static").filter { $0.hasSuffix(".webp") }, ["s1.webp", "s2.webp", "s3.webp"])
        // The flag is for store builds only.
        let usage = try run(["build", "pack", "--output", "cat", "--stills-as-animations"])
        XCTAssertEqual(usage.status, 64, usage.stderr)
    }

    /// An unchanged rebuild takes every sticker from the previous build and writes the same bytes
    /// as a cold build; a changed source, and a file altered in the output, are built again alone,
    /// and the result is still what a cold build of the changed pack writes (a split WhatsApp pack
    /// and a one-folder Discord pack).
    func testAnUnchangedRebuildReusesEveryStickerAndWritesTheBytesOfAColdBuild() throws {
        try mixedPack(stills: 3, animations: 3)
        let command = ["build", "pack", "--platform", "whatsapp", "--platform", "discord", "--output", "out"]
        let cold = try run(command)
        XCTAssertEqual(cold.status, 0, cold.stdout + cold.stderr)
        XCTAssertFalse(cold.stderr.contains("reused"), cold.stderr)
        let coldTree = try tree(temp.path("out"))
        XCTAssertEqual(coldTree.keys.filter { $0.hasSuffix(".webp") || ($0.hasPrefix("discord/") && $0.hasSuffix(".png")) }.count,
                       12, coldTree.keys.sorted().description)
        // The record names each sticker and pack image with its key and its file's digest.
        let record = try jsonFile("out/whatsapp/static/.stickerforge-build.json")
        XCTAssertEqual((record["units"] as? [String: Any])?.keys.sorted(), ["image:tray image", "sticker:s1", "sticker:s2", "sticker:s3"])
        /// That `result` succeeded and said how many stickers of each folder it reused.
        func assertReused(_ result: CLIResult, stills: Int, animations: Int, discord: Int, line: UInt = #line) {
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr, line: line)
            let beside = "; manifest.json, report.json and report.html beside them"
            for said in ["for WhatsApp (its stills) into out/whatsapp/static\(beside); reused \(stills) unchanged",
                         "for WhatsApp (its animations) into out/whatsapp/animated\(beside); reused \(animations) unchanged",
                         "for Discord into out/discord\(beside); reused \(discord) unchanged"] {
                XCTAssertTrue(result.stderr.contains(said), said + "\n" + result.stderr, line: line)
            }
        }
        assertReused(try run(command), stills: 3, animations: 3, discord: 6)
        XCTAssertEqual(try tree(temp.path("out")), coldTree, "a warm build writes what the cold build wrote")

        // One still changed, and one output file altered (never trusted): those two are built again.
        _ = try temp.write(try PNGEncoder().encode(art(512, shade: 200)), to: "pack/s2.png")
        _ = try temp.write([0x00], to: "out/discord/m1.png")
        assertReused(try run(command), stills: 2, animations: 3, discord: 4)
        let changedTree = try tree(temp.path("out"))
        XCTAssertNotEqual(changedTree["whatsapp/static/s2.webp"], coldTree["whatsapp/static/s2.webp"])
        XCTAssertEqual(changedTree["discord/m1.png"], coldTree["discord/m1.png"], "the altered file is built again as it was")
        try FileManager.default.removeItem(atPath: temp.path("out"))
        XCTAssertEqual(try run(command).status, 0)
        XCTAssertEqual(try tree(temp.path("out")), changedTree, "the incremental build wrote what a cold build of the changed pack writes")
    }

    /// LINE: each half numbered from 01, the animated pack's main.png an APNG of the first
    /// animation, the still pack's a PNG, and each report naming every sticker's source.
    func testLINEAnimatedMainImageIsAnAPNGAndTheReportNamesSources() throws {
        try mixedPack(stills: 8, animations: 8, side: 320, animatedSide: 270, frames: 5)
        let build = try run(["build", "pack", "--platform", "line", "--output", "out"])
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        for part in ["static", "animated"] {
            XCTAssertEqual(findings(try check("line/\(part)", store: "line")).filter { $0.hasPrefix("error") }, [], part)
            XCTAssertEqual(try listing("line/\(part)").filter { $0.hasSuffix(".png") },
                           (1...8).map { String(format: "%02d.png", $0) } + ["main.png", "tab.png"], part)
        }
        let main = try CLIPaths.bytes(temp.path("out/line/animated/main.png"))
        XCTAssertEqual(FormatSniffer.sniff(main), .apng)
        let moving = try ImageDecoder().decode(main)
        XCTAssertEqual([moving.width, moving.height], [240, 240])
        XCTAssertEqual(moving.frames.count, 5, "the first animation's frames")
        XCTAssertNotEqual(moving.frames[0].image.pixels, moving.frames[4].image.pixels)
        XCTAssertTrue((1...4).contains(moving.loopCount), "LINE's plays: \(moving.loopCount)")
        let still = try CLIPaths.bytes(temp.path("out/line/static/main.png"))
        XCTAssertEqual(FormatSniffer.sniff(still), .png)
        XCTAssertEqual(try decode(temp.path("out/line/static/tab.png")).frames.count, 1)
        // The report names 01 by its source: m1 is the animated pack's first sticker.
        let report = try XCTUnwrap(try jsonFile("out/line/animated/report.json")["stickers"] as? [[String: Any]])
        XCTAssertEqual(report.map { $0["name"] as? String }, (1...8).map { String(format: "%02d", $0) })
        XCTAssertEqual(report.map { $0["builtFrom"] as? [String] }, (1...8).map { ["m\($0).png"] })
        let html = String(decoding: try CLIPaths.bytes(temp.path("out/line/static/report.html")), as: UTF8.self)
        XCTAssertTrue(html.contains("<dt>Source</dt><dd><code>s1.png</code></dd><dt>File</dt><dd><code>01.png</code></dd>"), html)
        XCTAssertTrue(html.contains("<h3>01 <small class=\"built-from\">from s1.png</small></h3>"))
        XCTAssertFalse(html.contains("<dt>Source</dt><dd><code>01.png</code>"))
    }

    /// `check --platform whatsapp OUT/whatsapp` on the split parent checks each half as its own
    /// pack: the findings of checking each half, their files under the half's folder, the pack
    /// findings naming their half, and a note saying so (before, the halves were read as two frame
    /// sequences named "static" and "animated").
    func testCheckingTheSplitParentChecksEachHalfAsItsOwnPack() throws {
        try mixedPack(stills: 4, animations: 1)
        XCTAssertEqual(try run(["build", "pack", "--platform", "whatsapp", "--output", "out", "--quiet"]).status, 1)
        let parent = try run(["check", "out/whatsapp", "--platform", "whatsapp", "--format", "json", "--quiet"])
        XCTAssertEqual(parent.status, 1, "the animated half's pack_size error fails the gate")
        XCTAssertTrue(parent.stderr.contains("note: out/whatsapp holds the two packs of a split store build; checking "
                                             + "out/whatsapp/static and out/whatsapp/animated each as its own pack"), parent.stderr)
        let merged = try jsonObject(parent.stdout)
        /// "severity rule sticker file" of each finding.
        func described(_ report: [String: Any], under prefix: String = "") -> [String] {
            (report["findings"] as? [[String: Any]] ?? []).map { f in
                let file = (f["file"] as? String).map { prefix + $0 } ?? String(prefix.dropLast())
                return "\(f["severity"] as? String ?? "?") \(f["rule"] as? String ?? "?") \(f["sticker"] as? String ?? "-") \(file)"
            }
        }
        var halves: [String] = []
        for part in ["static", "animated"] {
            halves += described(try jsonObject(try run(["check", "out/whatsapp/\(part)", "--platform", "whatsapp", "--format", "json"]).stdout),
                                under: "\(part)/")
        }
        XCTAssertEqual(described(merged).sorted(), halves.sorted())
        XCTAssertTrue(described(merged).contains("error pack_size - animated"), "\(described(merged))")
        XCTAssertEqual((merged["stickers"] as? [[String: Any]])?.map { $0["name"] as? String }, ["s1", "s2", "s3", "s4", "m1"])
        XCTAssertFalse(parent.stdout.contains("sequence_frame_mismatch"), "no half is read as a frame sequence")
    }
}
