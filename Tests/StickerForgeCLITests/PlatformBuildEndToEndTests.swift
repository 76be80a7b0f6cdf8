import Foundation
import ImageCodec
import TestSupport
import XCTest

/// `build --platform` through the built binary on small generated packs: every store's folder in
/// its layout, each passing `check --platform` with no errors, the build reporting what that check
/// finds, metadata files exact, ZIPs reproducible, retiming as the issue's examples say. Sources
/// are mostly at the store's size already: scaling 512 px frames is slow in a debug build.
final class PlatformBuildEndToEndTests: CLIEndToEndTestCase {
    /// A `width` x `height` transparent canvas with an opaque box of `shade` inside an 8 px margin,
    /// its right edge `phase` px further in.
    private func art(_ width: Int, _ height: Int? = nil, shade: UInt8, phase: Int = 0) -> PixelBuffer {
        let height = height ?? width
        var buffer = PixelBuffer(width: width, height: height)
        for y in 8..<(height - 8) { for x in 8..<(width - 8 - phase) { buffer[x, y] = RGBA(shade, 40, 90, 255) } }
        return buffer
    }

    /// A pack of `count` `side` px stills s1, s2, ... with one emoji each (none for those in
    /// `withoutEmoji`), a 200 px tray, a name and a publisher.
    private func stillPack(_ count: Int, side: Int = 512, withoutEmoji: Set<String> = []) throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        var yaml = "name: Box Cats\npublisher: Zoë Example\ntray: tray.png\nemojis:\n"
        for i in 1...count {
            _ = try temp.write(try PNGEncoder().encode(art(side, shade: UInt8(40 + 20 * i))), to: "pack/s\(i).png")
            if !withoutEmoji.contains("s\(i)") { yaml += "  s\(i): [\"😀\"]\n" }
        }
        _ = try temp.write(try PNGEncoder().encode(art(200, shade: 250)), to: "pack/tray.png")
        _ = try temp.write(Array(yaml.utf8), to: "pack/stickerforge.yml")
    }

    /// "severity rule" of every finding of a JSON report (its `findings` list holds them all), in order.
    private func findings(_ report: [String: Any]) -> [String] {
        (report["findings"] as? [[String: Any]] ?? []).map { "\($0["severity"] as? String ?? "?") \($0["rule"] as? String ?? "?")" }
    }

    /// The error rule ids of a JSON report, sorted.
    private func errors(_ report: [String: Any]) -> [String] {
        findings(report).filter { $0.hasPrefix("error ") }.map { String($0.dropFirst(6)) }.sorted()
    }

    /// Builds, then checks `out/<store>` the way a user would; returns the check's error rule ids.
    /// The progress and summary lines of the last `buildAndCheck`'s build.
    private var lastBuildLog = ""

    private func buildAndCheck(_ stores: [String], expectBuild status: Int32 = 0, flags: [String] = []) throws -> [String: [String]] {
        let build = try run(["build", "pack", "--output", "out", "--format", "json"] + stores.flatMap { ["--platform", $0] } + flags)
        XCTAssertEqual(build.status, status, build.stdout + build.stderr)
        lastBuildLog = build.stderr
        var found: [String: [String]] = [:]
        for store in stores {
            let check = try run(["check", "out/\(store)", "--platform", store, "--format", "json"])
            let checked = try jsonObject(check.stdout)
            found[store] = errors(checked)
            // What the build reported for the store is what the check finds on its folder.
            XCTAssertEqual(findings(try jsonFile("out/\(store)/report.json")), findings(checked), store)
            // A folder our check passes passes the outside validator written from the stores' own
            // documents (Tests/Oracles/verify-platforms.py, no code or table shared with ours).
            if found[store] == [], let problems = try outsideValidator("out/\(store)", platform: store) {
                XCTAssertEqual(problems, [], "\(store): the outside validator refuses what check passed")
            }
        }
        return found
    }

    /// The outside validator's problems with a store folder, one per line; nil (the comparison
    /// skipped) when python3 with Pillow is not installed.
    private func outsideValidator(_ folder: String, platform: String) throws -> [String]? {
        guard let python = try PythonOracle.interpreter(importing: "PIL") else { return nil }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Oracles/verify-platforms.py").path
        func call(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: temp.path("."))
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let (status, text) = try call([script, folder, "--platform", platform])
        XCTAssertNotEqual(status, 2, "\(platform): the validator was called wrongly")
        // What the validator cannot measure here (WebM without ffprobe) is not a verdict.
        return text.split(separator: "\n").map(String.init).filter { !$0.contains("not judged") }
    }

    func testWhatsAppContentsJSONAndReproducibleWastickers() throws {
        try stillPack(3)
        XCTAssertEqual(try buildAndCheck(["whatsapp"]), ["whatsapp": []])
        let contents = String(decoding: try CLIPaths.bytes(temp.path("out/whatsapp/contents.json")), as: UTF8.self)
        XCTAssertEqual(contents, """
            {
              "android_play_store_link" : "",
              "ios_app_store_link" : "",
              "sticker_packs" : [
                {
                  "animated_sticker_pack" : false,
                  "avoid_cache" : false,
                  "identifier" : "box_cats",
                  "image_data_version" : "1",
                  "license_agreement_website" : "",
                  "name" : "Box Cats",
                  "privacy_policy_website" : "",
                  "publisher" : "Zoë Example",
                  "publisher_email" : "",
                  "publisher_website" : "",
                  "stickers" : [
                    {
                      "emojis" : [
                        "😀"
                      ],
                      "image_file" : "s1.webp"
                    },
                    {
                      "emojis" : [
                        "😀"
                      ],
                      "image_file" : "s2.webp"
                    },
                    {
                      "emojis" : [
                        "😀"
                      ],
                      "image_file" : "s3.webp"
                    }
                  ],
                  "tray_image_file" : "tray.png"
                }
              ]
            }

            """)
        let tray = try decode(temp.path("out/whatsapp/tray.png"))
        XCTAssertEqual([tray.width, tray.height, tray.facts.format == .png ? 1 : 0], [96, 96, 1])
        let sticker = try decode(temp.path("out/whatsapp/s1.webp"))
        XCTAssertEqual([sticker.width, sticker.height], [512, 512])
        XCTAssertEqual(sticker.facts.format, .webp)
        let first = try CLIPaths.bytes(temp.path("out/whatsapp/box_cats.wastickers"))
        XCTAssertEqual(try run(["build", "pack", "--output", "out", "--platform", "whatsapp", "--quiet"]).status, 0)
        XCTAssertEqual(try CLIPaths.bytes(temp.path("out/whatsapp/box_cats.wastickers")), first, "the same pack gives the same ZIP")
        let manifest = try jsonFile("out/whatsapp/manifest.json")
        let stickers = try XCTUnwrap(manifest["stickers"] as? [[String: Any]])
        XCTAssertNil(stickers.first?["scaled"] as? String, "512 px needs no scaling")
        XCTAssertEqual(stickers.first?["emojis"] as? [String], ["😀"])
        try assertZipEntries("out/whatsapp/box_cats.wastickers", ["title.txt", "author.txt", "tray.png", "s1.webp", "s2.webp", "s3.webp"])
    }

    func testTelegramSignalAndDiscord() throws {
        try stillPack(3, withoutEmoji: ["s3"])
        // s3 has no emoji: each store that needs one says so (never made up), and the build exits 1.
        XCTAssertEqual(try buildAndCheck(["telegram", "signal", "discord"], expectBuild: 1),
                       ["telegram": ["emoji_missing"], "signal": ["emoji_missing"], "discord": ["emoji_missing"]])
        let set = String(decoding: try CLIPaths.bytes(temp.path("out/telegram/stickerset.json")), as: UTF8.self)
        XCTAssertEqual(set, """
            {
              "name" : "box_cats",
              "sticker_type" : "regular",
              "stickers" : [
                {
                  "emoji_list" : [
                    "😀"
                  ],
                  "format" : "static",
                  "sticker" : "s1.png"
                },
                {
                  "emoji_list" : [
                    "😀"
                  ],
                  "format" : "static",
                  "sticker" : "s2.png"
                },
                {
                  "emoji_list" : [

                  ],
                  "format" : "static",
                  "sticker" : "s3.png"
                }
              ],
              "title" : "Box Cats"
            }

            """)
        XCTAssertEqual([try decode(temp.path("out/discord/s1.png")).width, try decode(temp.path("out/signal/s1.png")).width], [320, 512])
        // The comparison page: the source beside each store's file, linked relative to the page.
        let page = String(decoding: try CLIPaths.bytes(temp.path("out/comparison.html")), as: UTF8.self)
        XCTAssertEqual(page.components(separatedBy: "<th scope=\"col\">").dropFirst().map { String($0.prefix(while: { $0 != "<" })) },
                       ["Source", "Telegram", "Signal", "Discord"])
        for link in ["../pack/s1.png", "telegram/s1.png", "signal/s1.png", "discord/s1.png", "discord/s3.png"] {
            XCTAssertTrue(page.contains("src=\"\(link)\""), link)
        }
        XCTAssertFalse(page.contains(temp.root), "no absolute paths")
        let thumbnail = try decode(temp.path("out/telegram/thumbnail.png"))
        XCTAssertEqual([thumbnail.width, thumbnail.height], [100, 100])
    }

    func testLINESubmissionZip() throws {
        try stillPack(8, side: 320)
        XCTAssertEqual(try buildAndCheck(["line"]), ["line": []])
        try assertZipEntries("out/line/submission.zip", ["main.png", "tab.png"] + (1...8).map { String(format: "%02d.png", $0) })
        let main = try decode(temp.path("out/line/main.png")), tab = try decode(temp.path("out/line/tab.png"))
        XCTAssertEqual([main.width, main.height, tab.width, tab.height], [240, 240, 96, 74])
        XCTAssertEqual([try decode(temp.path("out/line/01.png")).width, try decode(temp.path("out/line/01.png")).height], [320, 320])
        // Three stickers are not a LINE pack: the check's pack_size error, reported by the build.
        try FileManager.default.removeItem(atPath: temp.path("pack"))
        try stillPack(3, side: 320)
        XCTAssertEqual(try buildAndCheck(["line"], expectBuild: 1), ["line": ["pack_size"]])
    }

    func testAnimationsAreRetimedForTelegramAndSignal() throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        // 512x64 banners (Telegram: one side 512; Signal: padded to 512x512): 8 frames of 500 ms
        // (4 s) and 12 frames of 500 ms (6 s), for 3 s caps.
        for (name, count) in [("four", 8), ("six", 12)] {
            let frames = (0..<count).map { AnimationFrame(image: art(512, 64, shade: 120, phase: 16 * $0), delay: .milliseconds(500)) }
            _ = try temp.write(try PNGEncoder().encodeAnimation(frames, loopCount: 0), to: "pack/\(name).png")
        }
        _ = try temp.write(Array("emojis:\n  four: \"🎉\"\n  six: \"🐱\"\n".utf8), to: "pack/stickerforge.yml")
        XCTAssertEqual(try buildAndCheck(["telegram", "signal"]), ["telegram": [], "signal": []])
        for store in ["telegram", "signal"] {
            let stickers = try XCTUnwrap(try jsonFile("out/\(store)/manifest.json")["stickers"] as? [[String: Any]])
            XCTAssertEqual(stickers.map { $0["retimed"] as? [String] ?? [] }, [
                ["sped up 1.33x: 4,000 ms -> 3,000 ms, every frame kept"],
                ["trimmed to the first 3,000 ms of 6,000 ms (6 of 12 frames kept)"],
            ], store)
            XCTAssertEqual(stickers.map { $0["duration_ms"] as? Double }, [3000, 3000], store)
        }
        let video = try decode(temp.path("out/telegram/four.webm"))
        XCTAssertEqual([video.width, video.height, video.frames.count], [512, 64, 8])
        let padded = try decode(temp.path("out/signal/four.webp"))
        XCTAssertEqual([padded.width, padded.height, padded.frames.count], [512, 512, 8])
        let set = try jsonFile("out/telegram/stickerset.json")
        XCTAssertEqual((set["stickers"] as? [[String: Any]])?.map { $0["format"] as? String }, ["video", "video"])
    }

    func testWhatsAppContentsCarryTheLabelsAsAccessibilityText() throws {
        try stillPack(3)
        var yaml = String(decoding: try CLIPaths.bytes(temp.path("pack/stickerforge.yml")), as: UTF8.self)
        // s3's label is one character over the 125 WhatsApp's sample apps take for a still.
        yaml += "labels:\n  s2: \"A grey box, \\\"quoted\\\"\"\n  s3: \"\(String(repeating: "é", count: 126))\"\n"
        _ = try temp.write(Array(yaml.utf8), to: "pack/stickerforge.yml")
        XCTAssertEqual(try buildAndCheck(["whatsapp"]), ["whatsapp": []])
        let packs = try XCTUnwrap(try jsonFile("out/whatsapp/contents.json")["sticker_packs"] as? [[String: Any]])
        let stickers = try XCTUnwrap(packs.first?["stickers"] as? [[String: Any]])
        // Only the labelled sticker within the limit has the key (WhatsApp's later sample apps read
        // it); the longer label is left out, and the manifest says why.
        XCTAssertEqual(stickers.map { $0["accessibility_text"] as? String }, [nil, "A grey box, \"quoted\"", nil])
        let manifest = try XCTUnwrap(try jsonFile("out/whatsapp/manifest.json")["stickers"] as? [[String: Any]])
        XCTAssertEqual(manifest[2]["notes"] as? [String], ["its label (126 characters) is left out of WhatsApp's metadata, which "
                                                           + "takes at most 125 for this kind of sticker; shorten it under `labels:` to keep it"])
        XCTAssertEqual(manifest[1]["notes"] as? [String], [])
        XCTAssertEqual(stickers.map { $0.keys.sorted() }, [["emojis", "image_file"], ["accessibility_text", "emojis", "image_file"],
                                                           ["emojis", "image_file"]])
    }

    /// `--stills-as-animations`: the one pack of before, not `static/` and `animated/` (PlatformSplitEndToEndTests).
    func testWhatsAppMixedPackMakesEachStillAnAnimationWithTheFlag() throws {
        // Two stills and one 4-frame animation: WhatsApp takes all still or all animated.
        try stillPack(2)
        let frames = (0..<4).map { AnimationFrame(image: art(512, shade: 120, phase: 16 * $0), delay: .milliseconds(250)) }
        _ = try temp.write(try PNGEncoder().encodeAnimation(frames, loopCount: 0), to: "pack/moving.png")
        // A still that is scaled up to 512 px: the made frames differ after scaling, not before.
        _ = try temp.write(try PNGEncoder().encode(art(128, shade: 200)), to: "pack/small.png")
        var yaml = String(decoding: try CLIPaths.bytes(temp.path("pack/stickerforge.yml")), as: UTF8.self)
        yaml += "  moving: [\"🎉\"]\n  small: [\"🎉\"]\n"
        _ = try temp.write(Array(yaml.utf8), to: "pack/stickerforge.yml")
        XCTAssertEqual(try buildAndCheck(["whatsapp"], flags: ["--stills-as-animations"]), ["whatsapp": []],
                       "no mixed_animation: every sticker animates")
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("out/whatsapp/static")), "one folder, not split")
        let stickers = try XCTUnwrap(try jsonFile("out/whatsapp/manifest.json")["stickers"] as? [[String: Any]])
        XCTAssertEqual(stickers.map { $0["file"] as? String }, ["moving.webp", "s1.webp", "s2.webp", "small.webp"])
        XCTAssertEqual(stickers.map { $0["frames"] as? Int }, [4, 2, 2, 2])
        XCTAssertEqual(stickers.map { $0["duration_ms"] as? Double }, [1000, 1000, 1000, 1000])
        XCTAssertEqual(stickers.map { ($0["notes"] as? [String] ?? []).count }, [0, 1, 1, 1])
        XCTAssertEqual(try decode(temp.path("out/whatsapp/small.webp")).frames.count, 2)
        // The terminal's line for the sticker says so too.
        XCTAssertTrue(lastBuildLog.contains("whatsapp/s1.webp from s1: a still picture made into a 2-frame animation (1,000 ms loop)"),
                      lastBuildLog)
        XCTAssertEqual((stickers[1]["notes"] as? [String])?.first,
                       "a still picture made into a 2-frame animation (1,000 ms loop): WhatsApp takes a pack that is all "
                       + "still or all animated, and this pack holds animations; the picture is unchanged except one pixel's "
                       + "alpha, 1/255 lower on every other frame, so the store counts the frames as different")
        // The same picture: frame 0 is the source exactly (lossless), frame 1 differs in one alpha level of one pixel.
        let still = try decode(temp.path("out/whatsapp/s1.webp"))
        XCTAssertEqual(still.frames.count, 2)
        let source = art(512, shade: 60)
        XCTAssertEqual(still.frames[0].image.pixels, source.pixels)
        let differing = zip(still.frames[1].image.pixels, source.pixels).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTAssertEqual(differing.map(\.offset), [(8 * 512 + 8) * 4 + 3])
        XCTAssertEqual(differing.map { Int($0.element.1) - Int($0.element.0) }, [1])
        let contents = try jsonFile("out/whatsapp/contents.json")
        let packs = try XCTUnwrap(contents["sticker_packs"] as? [[String: Any]])
        XCTAssertEqual(packs.first?["animated_sticker_pack"] as? Bool, true)
    }

    /// The names of a ZIP's entries as Python's zipfile reads them (skipped without python3).
    private func assertZipEntries(_ relative: String, _ names: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; "
                             + "print('\\n'.join(z.namelist()))", temp.path(relative)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, file: file, line: line)
        XCTAssertEqual(output.split(separator: "\n").map(String.init), names, file: file, line: line)
    }
}
