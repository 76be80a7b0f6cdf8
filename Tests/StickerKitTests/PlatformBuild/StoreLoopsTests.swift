import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerCore
import StickerTestSupport

/// Issue 42: every store animation is written with the loop count the store's table expects
/// (forever for WhatsApp, Telegram, Signal and Discord; LINE's 1 to 4 plays), read back from the
/// written bytes; `--loops` overrides it; the manifest reports what was written and says when the
/// source's count was changed.
final class StoreLoopsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "store-loops-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// Three 512 px frames of a box growing by 8 px, 200 ms each, playing `plays` times, as `format`.
    private func animation(plays: Int, format: ImageFormat) throws -> [UInt8] {
        let frames = (0..<3).map { step -> AnimationFrame in
            var buffer = PixelBuffer(width: 512, height: 512)
            let margin = 40 + 8 * step
            for y in margin..<(512 - margin) { for x in margin..<(512 - margin) { buffer[x, y] = RGBA(200, 40, 90, 255) } }
            return AnimationFrame(image: buffer, delay: .milliseconds(200))
        }
        return format == .webp ? try WebPEncoder().encodeAnimation(frames, loopCount: plays)
                               : try PNGEncoder().encodeAnimation(frames, loopCount: plays)
    }

    /// A pack of one animated sticker `wave` from `bytes`.
    private func pack(_ bytes: [UInt8], file: String) throws -> StickerPack {
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file))
        var config = PackConfig()
        config.emojis["wave"] = ["👋"]
        return StickerPack(name: "Loops", root: folder, kind: .folder, gridSize: .regular,
                           stickers: [StickerSource(name: "wave", folder: nil, content: .file(file), accessibilityLabel: nil)],
                           iconSet: nil, problems: [], config: config)
    }

    /// The loop count stored in the written file, decoded from its bytes.
    private func writtenLoops(_ pack: StorePack) throws -> (format: ImageFormat, loops: Int) {
        let sticker = try XCTUnwrap(pack.stickers.first)
        let decoded = try DefaultStickerCodec().decode(try XCTUnwrap(pack.files[sticker.file]))
        XCTAssertGreaterThan(decoded.frames.count, 1, pack.rules.id)
        return (decoded.facts.format, decoded.loopCount)
    }

    /// The case: a WebP (and an APNG) that plays once is written looping forever for the
    /// stores that loop stickers, and the manifest says so; LINE keeps its one play.
    func testASourcePlayingOnceLoopsForeverForTheLoopingStores() throws {
        for (source, file) in [(try animation(plays: 1, format: .webp), "wave.webp"), (try animation(plays: 1, format: .apng), "wave.png")] {
            let input = try pack(source, file: file)
            for (rules, format) in [(PlatformRules.whatsapp, ImageFormat.webp), (.signal, .webp), (.discord, .apng)] {
                let built = try PlatformPackBuilder(rules: rules).build(input)
                let written = try writtenLoops(built)
                XCTAssertEqual(written.format, format, "\(file) \(rules.id)")
                XCTAssertEqual(written.loops, 0, "\(file) \(rules.id)")
                let sticker = try XCTUnwrap(PlatformManifest(built, findings: []).stickers.first)
                XCTAssertEqual(sticker.loops, 0, "\(file) \(rules.id)")
                XCTAssertTrue(sticker.notes.contains("loops: 1 -> forever (\(rules.name) loops stickers)"),
                              "\(file) \(rules.id): \(sticker.notes)")
            }
            let telegram = try PlatformPackBuilder(rules: .telegram).build(input)
            XCTAssertEqual(telegram.stickers.first?.format, .webm)
            XCTAssertEqual(telegram.stickers.first?.loops, 0)
            XCTAssertTrue(telegram.stickers.first?.notes.contains("loops: 1 -> forever (Telegram loops stickers)") == true)
            let line = try PlatformPackBuilder(rules: .line).build(input)
            XCTAssertEqual(try writtenLoops(line).loops, 1, file)
            XCTAssertEqual(line.stickers.first?.loops, 1)
            XCTAssertFalse(line.stickers.first?.notes.contains { $0.hasPrefix("loops:") } ?? true)
        }
    }

    /// A source that loops forever needs no change and gets no note; LINE plays it the most times
    /// whose total fits 4 s (4 x 600 ms), as before.
    func testASourceLoopingForeverIsUnchanged() throws {
        let input = try pack(try animation(plays: 0, format: .webp), file: "wave.webp")
        for rules in [PlatformRules.whatsapp, .signal, .discord] {
            let built = try PlatformPackBuilder(rules: rules).build(input)
            XCTAssertEqual(try writtenLoops(built).loops, 0, rules.id)
            XCTAssertFalse(built.stickers[0].notes.contains { $0.hasPrefix("loops:") }, rules.id)
        }
        let line = try PlatformPackBuilder(rules: .line).build(input)
        XCTAssertEqual(try writtenLoops(line).loops, 4)
        XCTAssertEqual(line.stickers[0].retimed.first, "plays 4 times (was forever)")
    }

    /// `--loops` wins over the table, in the written bytes and the manifest, with a note naming it.
    func testLoopsOverrideIsWrittenAndNoted() throws {
        let input = try pack(try animation(plays: 1, format: .webp), file: "wave.webp")
        let whatsapp = try PlatformPackBuilder(rules: .whatsapp, loops: 3).build(input)
        XCTAssertEqual(try writtenLoops(whatsapp).loops, 3)
        let sticker = try XCTUnwrap(PlatformManifest(whatsapp, findings: []).stickers.first)
        XCTAssertEqual(sticker.loops, 3)
        XCTAssertTrue(sticker.notes.contains("loops: 1 -> 3 (--loops 3)"), "\(sticker.notes)")
        let kept = try PlatformPackBuilder(rules: .whatsapp, loops: 1).build(input)
        XCTAssertEqual(try writtenLoops(kept).loops, 1)
        XCTAssertFalse(kept.stickers[0].notes.contains { $0.hasPrefix("loops:") })
        let line = try PlatformPackBuilder(rules: .line, loops: 2).build(input)
        XCTAssertEqual(try writtenLoops(line).loops, 2)
        XCTAssertEqual(line.stickers[0].loops, 2)
    }
}
