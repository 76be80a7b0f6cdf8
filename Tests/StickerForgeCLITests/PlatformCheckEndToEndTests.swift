import Foundation
import ImageCodec
import TestSupport
import XCTest

/// `check --platform` through the built binary on small generated packs: the store's rules fire
/// with exact ids where expected, the iMessage-only ones stay quiet, and no `--platform` is today's check.
final class PlatformCheckEndToEndTests: CLIEndToEndTestCase {
    /// `side` x `height` px, a filled box inside a transparent margin of 16 px.
    private func buffer(_ side: Int, _ height: Int? = nil, shade: UInt8 = 200) -> PixelBuffer {
        let h = height ?? side
        var buffer = PixelBuffer(width: side, height: h)
        for y in 16..<(h - 16) { for x in 16..<(side - 16) { buffer[x, y] = RGBA(shade, 40, 90, 255) } }
        return buffer
    }

    private func png(_ side: Int, _ height: Int? = nil, shade: UInt8 = 200) throws -> [UInt8] {
        try PNGEncoder().encode(buffer(side, height, shade: shade))
    }

    private func apng(_ side: Int, _ height: Int, frames: Int, loopCount: Int) throws -> [UInt8] {
        let list = (0..<frames).map { AnimationFrame(image: buffer(side, height, shade: UInt8(100 + 10 * $0)), delay: .milliseconds(100)) }
        return try PNGEncoder().encodeAnimation(list, loopCount: loopCount)
    }

    /// The rule ids of a text report's findings with their severity ("error pack_size"), in order.
    private func findings(_ stdout: String) -> [String] {
        stdout.components(separatedBy: "\n").compactMap { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard line.hasPrefix("  "), parts.count >= 2, ["error", "warning", "info"].contains(String(parts[0])),
                  parts[1].hasSuffix(":") else { return nil }
            return "\(parts[0]) \(parts[1].dropLast())"
        }
    }

    /// Text under `emojis:` that is not emoji is named, with its sticker and what to write instead:
    /// one `emoji_invalid` per sticker, not a generic reading error and a second `emoji_missing`.
    func testEmojiAStoreRefusesAreNamed() throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        for (i, name) in ["a", "b", "c"].enumerated() { _ = try temp.write(try png(512, shade: UInt8(60 + 40 * i)), to: "pack/\(name).png") }
        _ = try temp.write(Array("emojis:\n  a: \"abc\"\n  b: [\":)\", \"😀\"]\n  c: [\"1\"]\n".utf8), to: "pack/stickerforge.yml")
        let result = try run(["check", "pack", "--platform", "telegram", "--no-color"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(findings(result.stdout), [], result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "  error   emoji_invalid (stickerforge.yml): ").count - 1, 3, result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("3 stickers: 3 errors, 0 warnings, 0 infos; 0 passed\n"), result.stdout)
        for line in [
            "emoji_invalid (stickerforge.yml): a's emoji \"abc\" is not an emoji; Telegram files stickers under emoji only, "
                + "so a is left with none (Telegram needs 1 to 20)",
            "b's emoji \":)\" is not an emoji; Telegram files stickers under emoji only, so b gets 😀 without it",
            "c's emoji \"1\" is not an emoji",
            "hint: Write the emoji it stands for under `emojis:` in stickerforge.yml instead (e.g. `a: [\"😀\"]`)",
        ] { XCTAssertTrue(result.stdout.contains(line), line + "\n" + result.stdout) }
        // The store's metadata never carries the refused text (the build fails, but writes the folder it reports on).
        XCTAssertEqual(try run(["build", "pack", "--platform", "telegram", "--output", "out", "--quiet"]).status, 1)
        let stickers = try XCTUnwrap(try jsonFile("out/telegram/stickerset.json")["stickers"] as? [[String: Any]])
        XCTAssertEqual(stickers.map { $0["emoji_list"] as? [String] }, [[], ["😀"], []])
    }

    func testWhatsAppOnAPNGPackNamesEveryStoreProblem() throws {
        try FileManager.default.createDirectory(atPath: temp.path("pack"), withIntermediateDirectories: true)
        _ = try temp.write(try png(300, shade: 200), to: "pack/a.png")
        _ = try temp.write(try png(300, shade: 100), to: "pack/b.png")
        _ = try temp.write(Array("emojis:\n  a: [\"😀\"]\n".utf8), to: "pack/stickerforge.yml")
        let result = try run(["check", "pack", "--platform", "whatsapp"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(findings(result.stdout).sorted(), [
            "error dimensions_too_small", "error dimensions_too_small", "error emoji_missing", "error pack_size",
            "error platform_format", "error platform_format", "error tray_icon",
        ], result.stdout)
        XCTAssertTrue(result.stdout.contains("a.png holds PNG data; WhatsApp takes WebP for a still sticker"), result.stdout)
        XCTAssertTrue(result.stdout.contains("no tray image: WhatsApp needs one for the pack"), result.stdout)
        XCTAssertTrue(result.stdout.contains("b has no emoji; WhatsApp needs 1 to 3 per sticker"), result.stdout)
        // iMessage-only rules say nothing about a WhatsApp pack.
        XCTAssertFalse(result.stdout.contains("missing_accessibility_label"), result.stdout)
    }

    func testDiscordAndLINEPacks() throws {
        try FileManager.default.createDirectory(atPath: temp.path("discord"), withIntermediateDirectories: true)
        _ = try temp.write(try png(320, shade: 200), to: "discord/still.png")
        _ = try temp.write(try apng(320, 320, frames: 3, loopCount: 0), to: "discord/moving.png")
        _ = try temp.write(Array("emojis:\n  still: \"😀\"\n  moving: \"🎉\"\n".utf8), to: "discord/stickerforge.yml")
        let discord = try run(["check", "discord", "--platform", "discord"])
        XCTAssertEqual(discord.status, 0, discord.stdout + discord.stderr)
        XCTAssertEqual(findings(discord.stdout).filter { $0.hasPrefix("error") }, [], discord.stdout)

        try FileManager.default.createDirectory(atPath: temp.path("line"), withIntermediateDirectories: true)
        _ = try temp.write(try apng(320, 270, frames: 4, loopCount: 0), to: "line/hop.png")
        _ = try temp.write(try png(240), to: "line/main.png")
        _ = try temp.write(Array("tray: main.png\n".utf8), to: "line/stickerforge.yml")
        let line = try run(["check", "line", "--platform", "line"])
        XCTAssertEqual(line.status, 1, line.stdout + line.stderr)
        XCTAssertEqual(findings(line.stdout).sorted(), ["error frame_count", "error loop_count", "error pack_size"], line.stdout)
        XCTAssertTrue(line.stdout.contains("4 frames; LINE takes 5 to 20"), line.stdout)
        XCTAssertTrue(line.stdout.contains("the pack holds 1 sticker; LINE takes 8, 16 or 24 animated stickers a pack"), line.stdout)
    }

    func testNoPlatformIsTodaysCheckAndAnUnknownStoreIsAUsageError() throws {
        _ = try temp.copySample("StarterPack")
        let plain = try run(["check", "StarterPack", "--format", "json"])
        let imessage = try run(["check", "StarterPack", "--format", "json", "--platform", "imessage"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(imessage.status, plain.status)
        XCTAssertEqual(imessage.stdout, plain.stdout)
        for id in ["platform_format", "pack_size", "emoji_missing", "tray_icon", "frame_count", "loop_count", "mixed_animation"] {
            XCTAssertFalse(plain.stdout.contains("\"\(id)\""), id)
        }
        let unknown = try run(["check", "StarterPack", "--platform", "kakao"])
        XCTAssertEqual(unknown.status, 64, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("kakao"), unknown.stderr)
    }

    /// A WhatsApp pack as a user makes it with cwebp: 512x512 WebP stickers, a 96x96 PNG tray, emoji.
    func testCwebpPackPassesWhatsApp() throws {
        guard let cwebp = ["/usr/bin/cwebp", "/usr/local/bin/cwebp"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("cwebp is not installed")
        }
        try FileManager.default.createDirectory(atPath: temp.path("wa"), withIntermediateDirectories: true)
        var yml = "name: Party\npublisher: Ada\ntray: tray.png\nemojis:\n"
        for (index, name) in ["one", "two", "three"].enumerated() {
            _ = try temp.write(try png(512, shade: UInt8(80 + 50 * index)), to: "\(name).png")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: cwebp)
            process.arguments = ["-quiet", "-q", "80", temp.path("\(name).png"), "-o", temp.path("wa/\(name).webp")]
            try process.run(); process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            yml += "  \(name): [\"😀\"]\n"
        }
        _ = try temp.write(try png(96), to: "wa/tray.png")
        _ = try temp.write(Array(yml.utf8), to: "wa/stickerforge.yml")
        let result = try run(["check", "wa", "--platform", "whatsapp"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(findings(result.stdout).filter { $0.hasPrefix("error") }, [], result.stdout)
        let telegram = try run(["check", "wa", "--platform", "telegram"])
        XCTAssertEqual(telegram.status, 0, telegram.stdout + telegram.stderr)
        let discord = try run(["check", "wa", "--platform", "discord"])
        XCTAssertEqual(findings(discord.stdout).sorted(), Array(repeating: "error dimensions_too_large", count: 3)
                       + Array(repeating: "error platform_format", count: 3), discord.stdout)
    }
}
