import Foundation
import ImageCodec
import XCTest

/// `stickerforge build` through the built binary: the output folder, the manifest contract
/// (docs/manifest.md), exact animations, reproducible rebuilds and the refusal to replace foreign folders.
final class BuildEndToEndTests: CLIEndToEndTestCase {
    private static let order = ["sun", "heart", "wave", "sparkle", "photo", "halo", "poster"]

    private func fixture() throws -> CLIBuildFixture { try CLIBuildFixture.shared.get() }

    private func manifestStickers(_ f: CLIBuildFixture) throws -> [[String: Any]] {
        let manifest = try jsonObject(String(decoding: CLIPaths.bytes(f.path("OUT/manifest.json")), as: UTF8.self))
        return try XCTUnwrap(manifest["stickers"] as? [[String: Any]])
    }

    func testBuildWithAnErrorStillWritesEveryOutput() throws {
        let f = try fixture()
        XCTAssertEqual(f.result.status, 1, "poster breaks an error rule\n" + f.result.stderr)
        for file in ["OUT/Stickers.xcstickers/Contents.json", "OUT/manifest.json", "OUT/report.json", "OUT/report.html",
                     "OUT/.stickerforge-build.json",
                     "OUT/Stickers.xcstickers/Starter Pack.stickerpack/Contents.json",
                     "OUT/Stickers.xcstickers/Starter Pack.stickerpack/wave.sticker/wave.png",
                     "OUT/Stickers.xcstickers/Starter Pack.stickerpack/sparkle.sticker/sparkle.gif",
                     "OUT/Stickers.xcstickers/Starter Pack.stickerpack/photo.sticker/photo.jpg",
                     "OUT/Stickers.xcstickers/iMessage App Icon.stickersiconset/Contents.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: f.path(file)), file)
        }
        let icons = try FileManager.default.contentsOfDirectory(atPath: f.path("OUT/Stickers.xcstickers/iMessage App Icon.stickersiconset"))
        XCTAssertEqual(icons.filter { $0.hasSuffix(".png") }.count, 13, "all 13 icon slots drawn from icon-source.png")
        XCTAssertTrue(f.result.stdout.hasSuffix("\n7 stickers: 1 error, 3 warnings, 1 info; 6 passed\n"), f.result.stdout)
        XCTAssertTrue(f.result.stderr.contains("built 7 stickers into OUT/Stickers.xcstickers; manifest.json, report.json and report.html beside it"),
                      f.result.stderr)

        let report = try jsonObject(String(decoding: CLIPaths.bytes(f.path("OUT/report.json")), as: UTF8.self))
        XCTAssertEqual((report["summary"] as? [String: Any])?["errors"] as? Int, 1)
        let html = String(decoding: try CLIPaths.bytes(f.path("OUT/report.html")), as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<article").count - 1, 7)
        XCTAssertFalse(html.contains("http://") || html.contains("https://"))
        // Sources are only read.
        XCTAssertEqual(try tree(f.path("StarterPack")), try tree(CLIPaths.sample("StarterPack")))
    }

    func testManifestFollowsTheDocumentedContract() throws {
        let f = try fixture()
        let text = String(decoding: try CLIPaths.bytes(f.path("OUT/manifest.json")), as: UTF8.self)
        XCTAssertTrue(text.hasSuffix("}\n"))
        XCTAssertFalse(text.contains(f.root), "no absolute paths")
        let manifest = try jsonObject(text)
        XCTAssertEqual(Set(manifest.keys), ["pack", "stickers"])
        let pack = try XCTUnwrap(manifest["pack"] as? [String: Any])
        XCTAssertEqual(Set(pack.keys), ["name", "gridSize", "count"])
        XCTAssertEqual(pack["name"] as? String, "Starter Pack")
        XCTAssertEqual(pack["gridSize"] as? String, "regular")
        XCTAssertEqual(pack["count"] as? Int, 7)

        let stickers = try manifestStickers(f)
        XCTAssertEqual(stickers.compactMap { $0["name"] as? String }, Self.order)
        let keys: Set<String> = ["name", "file", "format", "width", "height", "frames", "durationMs", "loops", "bytes",
                                 "sha256", "accessibilityLabel", "sources"]
        for sticker in stickers {
            XCTAssertEqual(Set(sticker.keys), keys)
            let file = try XCTUnwrap(sticker["file"] as? String)
            let bytes = try CLIPaths.bytes(f.path("OUT/" + file))
            XCTAssertEqual(sticker["bytes"] as? Int, bytes.count, file)
            // The digest as coreutils' sha256sum prints it: an oracle that is not our own code.
            XCTAssertEqual(sticker["sha256"] as? String, try Self.sha256sum(f.path("OUT/" + file)), file)
        }
        let byName = Dictionary(uniqueKeysWithValues: stickers.map { ($0["name"] as? String ?? "", $0) })
        XCTAssertEqual(Self.order.map { byName[$0]?["format"] as? String },
                       ["png", "png", "apng", "gif", "jpeg", "png", "png"])
        XCTAssertEqual(byName["sun"]?["file"] as? String, "Stickers.xcstickers/Starter Pack.stickerpack/sun.sticker/sun.png")
        XCTAssertEqual(byName["sun"]?["accessibilityLabel"] as? String, "Smiling sun")
        XCTAssertTrue(byName["poster"]?["accessibilityLabel"] is NSNull, "key present, null without a label")
        XCTAssertEqual(byName["poster"]?["width"] as? Int, 640)
        XCTAssertEqual(byName["sparkle"]?["frames"] as? Int, 12)
        XCTAssertEqual(byName["sparkle"]?["durationMs"] as? Double, 960)
        XCTAssertEqual(byName["sparkle"]?["loops"] as? Int, 0)

        let wave = try XCTUnwrap(byName["wave"])
        XCTAssertEqual(wave["frames"] as? Int, 24)
        XCTAssertEqual(wave["durationMs"] as? Double, 2000)
        XCTAssertEqual(wave["loops"] as? Int, 0)
        XCTAssertEqual(wave["accessibilityLabel"] as? String, "Bouncing star")
        XCTAssertEqual(wave["sources"] as? [String], (1...24).map { "wave/wave_\($0).png" }, "natural order")

        // GIF and JPEG stickers are copied byte for byte.
        XCTAssertEqual(try CLIPaths.bytes(f.path("OUT/" + (byName["sparkle"]?["file"] as? String ?? ""))),
                       try CLIPaths.bytes(CLIPaths.sample("StarterPack/sparkle.gif")))
        XCTAssertEqual(try CLIPaths.bytes(f.path("OUT/" + (byName["photo"]?["file"] as? String ?? ""))),
                       try CLIPaths.bytes(CLIPaths.sample("StarterPack/photo.jpg")))
    }

    func testWaveIsAnExactAPNGOfItsFrames() throws {
        let f = try fixture()
        let image = try decode(f.path("OUT/Stickers.xcstickers/Starter Pack.stickerpack/wave.sticker/wave.png"))
        XCTAssertEqual(image.facts.format, .apng)
        XCTAssertEqual(image.frames.count, 24)
        XCTAssertEqual(image.loopCount, 0)
        for (index, frame) in image.frames.enumerated() {
            XCTAssertTrue(frame.delay.isSameDuration(as: .fps(12)), "frame \(index): \(frame.delay)")
            let source = try decode(CLIPaths.sample("StarterPack/wave/wave_\(index + 1).png"))
            XCTAssertNil(CLIPixels.firstDifference(frame.image, source.frames[0].image), "frame \(index)")
        }
    }

    func testStillsDecodeToTheirSources() throws {
        let f = try fixture()
        for name in ["sun", "heart", "halo", "poster"] {
            let built = try decode(f.path("OUT/Stickers.xcstickers/Starter Pack.stickerpack/\(name).sticker/\(name).png"))
            let source = try decode(CLIPaths.sample("StarterPack/\(name).png"))
            XCTAssertEqual(built.frames.count, 1)
            XCTAssertNil(CLIPixels.firstDifference(built.frames[0].image, source.frames[0].image), name)
        }
    }

    func testRebuildIsByteIdenticalAndReusesEverySticker() throws {
        let f = try fixture()
        let copy = temp.path("OUT")
        try FileManager.default.copyItem(atPath: f.path("OUT"), toPath: copy)
        try FileManager.default.copyItem(atPath: f.path("StarterPack"), toPath: temp.path("StarterPack"))
        let first = try tree(f.path("OUT"))

        let again = try run(["build", "StarterPack", "--output", "OUT", "--effort", "fast", "--xcode-project"])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("built 0 stickers, reused 7 unchanged into OUT/Stickers.xcstickers"), again.stderr)
        let second = try tree(copy)
        XCTAssertEqual(Set(second.keys), Set(first.keys))
        for (path, bytes) in first { XCTAssertTrue(second[path] == bytes, "\(path) differs after a rebuild") }
    }

    func testRuleOffTurnsTheFailingBuildIntoAPass() throws {
        // poster is the sample pack's only error; a pack of poster and heart keeps the two builds cheap.
        try temp.makeFolder("Mini")
        for name in ["poster", "heart"] { _ = try temp.copySample("StarterPack/\(name).png", as: "Mini/\(name).png") }
        let failing = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q"])
        XCTAssertEqual(failing.status, 1, failing.stdout + failing.stderr)
        XCTAssertTrue(failing.stdout.contains("  error   dimensions_too_large: 640x640 px"), failing.stdout)

        let relaxed = try run(["build", "Mini", "--output", "OUT", "--effort", "fast", "-q", "--rule", "dimensions_too_large=off"])
        XCTAssertEqual(relaxed.status, 0, relaxed.stdout + relaxed.stderr)
        XCTAssertFalse(relaxed.stdout.contains("dimensions_too_large"), relaxed.stdout)
        XCTAssertTrue(relaxed.stdout.hasSuffix("\n2 stickers: 0 errors, 1 warning, 2 infos; 2 passed\n"), relaxed.stdout)
        XCTAssertEqual((try jsonFile("OUT/report.json")["summary"] as? [String: Any])?["errors"] as? Int, 0)
        XCTAssertEqual((try jsonFile("OUT/manifest.json")["pack"] as? [String: Any])?["count"] as? Int, 2)
    }

    func testForeignFolderIsNeverReplaced() throws {
        // The build refuses the folder before it encodes anything.
        try temp.makeFolder("Mini")
        try FileManager.default.copyItem(atPath: CLIPaths.sample("StarterPack/heart.png"), toPath: temp.path("Mini/heart.png"))
        try temp.makeFolder("Foreign/sub")
        try temp.write(Array("my notes \(UUID().uuidString)\n".utf8), to: "Foreign/notes.txt")
        try temp.write([0, 1, 2, 3], to: "Foreign/sub/data.bin")
        let before = try tree(temp.path("Foreign"))

        let result = try run(["build", "Mini", "--output", "Foreign", "--effort", "fast", "-q"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("Foreign exists and was not created by stickerforge (no .stickerforge-build.json marker); refusing to replace it"),
                      result.stderr)
        XCTAssertEqual(try tree(temp.path("Foreign")), before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: temp.root)
        XCTAssertEqual(Set(siblings), ["Mini", "Foreign"], "no temporary build folder left behind")
    }

    func testDemoCatalogBuildWritesXcodeStyleJSON() throws {
        _ = try temp.copySample("Demo.xcstickers")
        let result = try run(["build", "Demo.xcstickers", "--output", "OUT2", "--effort", "fast", "-q"])
        XCTAssertEqual(result.status, 0, "icon_slot_missing is a warning\n" + result.stdout + result.stderr)
        // The build reports the seven empty icon slots one by one, as check does.
        XCTAssertEqual(result.stdout.components(separatedBy: "  warning icon_slot_missing (iMessage App Icon.stickersiconset): no icon for ").count - 1, 7,
                       result.stdout)
        XCTAssertTrue(result.stdout.contains("no icon for ios-marketing 1024x1024 pt @1x (1024x1024 px)"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n2 stickers: 0 errors, 7 warnings, 0 infos; 2 passed\n"), result.stdout)
        let files = try tree(temp.path("OUT2"))
        let contents = files.keys.filter { $0.hasSuffix("Contents.json") }.sorted()
        XCTAssertEqual(contents, [
            "Stickers.xcstickers/Contents.json",
            "Stickers.xcstickers/Demo.stickerpack/Contents.json",
            "Stickers.xcstickers/Demo.stickerpack/Spin.sticker/Contents.json",
            "Stickers.xcstickers/Demo.stickerpack/Sun.sticker/Contents.json",
            "Stickers.xcstickers/iMessage App Icon.stickersiconset/Contents.json",
        ])
        XCTAssertEqual(String(decoding: files["Stickers.xcstickers/Contents.json"] ?? [], as: UTF8.self),
                       "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
        for path in contents {
            let text = String(decoding: files[path] ?? [], as: UTF8.self)
            XCTAssertTrue(text.hasSuffix("}\n"), path)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), path)
            for line in text.split(separator: "\n") {
                let indent = line.prefix { $0 == " " }.count
                XCTAssertEqual(indent % 2, 0, "\(path): \(line)")
                XCTAssertFalse(line.contains("\t"), path)
                if line.contains("\" :") || line.contains("\":") {
                    XCTAssertTrue(line.contains("\" : "), "\(path): \(line)")
                    XCTAssertFalse(line.contains("\":"), "\(path): \(line)")
                }
            }
        }
        let pack = String(decoding: files["Stickers.xcstickers/Demo.stickerpack/Contents.json"] ?? [], as: UTF8.self)
        XCTAssertTrue(pack.contains("    \"grid-size\" : \"regular\"\n"), pack)
        XCTAssertTrue(pack.contains("      \"filename\" : \"Sun.sticker\"\n"), pack)
        let spin = try decode(temp.path("OUT2/Stickers.xcstickers/Demo.stickerpack/Spin.sticker/Spin.png"))
        XCTAssertEqual(spin.frames.count, 8)
        XCTAssertTrue(spin.frames.allSatisfy { $0.delay.isSameDuration(as: .fps(10)) })
    }

    /// What `sha256sum FILE` prints, the digest alone.
    static func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: output, as: UTF8.self).prefix(64))
    }
}
