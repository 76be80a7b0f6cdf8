import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// A store that takes one kind per pack (WhatsApp) gets its stills as animations when the pack
/// animates, each still built once: those after the first animation at once, those before it once
/// the pack is known to animate.
final class PlatformPackBuilderTests: XCTestCase {
    /// Counts decodes by the file's size (each test file has its own), then decodes as usual.
    private final class CountingCodec: StickerCodec, @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]
        var identifier: String { "counting" }
        func count(_ bytes: [UInt8]) -> Int { lock.withLock { counts[bytes.count] ?? 0 } }
        func decode(_ bytes: [UInt8]) throws -> DecodedImage { try decode(bytes, options: DecodeOptions()) }
        func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
            lock.withLock { counts[bytes.count, default: 0] += 1 }
            return try DefaultStickerCodec().decode(bytes, options: options)
        }
        func encodeStill(_ image: PixelBuffer, effort: DeflateEffort) throws -> [UInt8] {
            try DefaultStickerCodec().encodeStill(image, effort: effort)
        }
        func encodeAnimation(_ frames: [AnimationFrame], loopCount: Int, effort: DeflateEffort) throws -> EncodedAnimation {
            try DefaultStickerCodec().encodeAnimation(frames, loopCount: loopCount, effort: effort)
        }
    }

    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "pack-builder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A 512 px transparent canvas with an opaque box of `shade` inside a margin of `margin` px.
    private func art(shade: UInt8, margin: Int = 8) -> PixelBuffer {
        var buffer = PixelBuffer(width: 512, height: 512)
        for y in margin..<(512 - margin) { for x in margin..<(512 - margin) { buffer[x, y] = RGBA(shade, 40, 90, 255) } }
        return buffer
    }

    /// Writes `files` (name, bytes) and returns the pack of them, in that order, one emoji each.
    private func pack(_ files: [(String, [UInt8])]) throws -> StickerPack {
        var config = PackConfig()
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
            config.emojis[String(name.split(separator: ".")[0])] = ["😀"]
        }
        let stickers = files.map { name, _ in
            StickerSource(name: String(name.split(separator: ".")[0]), folder: nil, content: .file(name), accessibilityLabel: nil)
        }
        return StickerPack(name: "Mixed", root: folder, kind: .folder, gridSize: .regular, stickers: stickers, iconSet: nil,
                           problems: [], config: config)
    }

    private func moving() throws -> [UInt8] {
        let frames = (0..<3).map { AnimationFrame(image: art(shade: 120, margin: 8 + 8 * $0), delay: .milliseconds(200)) }
        return try PNGEncoder().encodeAnimation(frames, loopCount: 0)
    }

    func testStillsAfterTheFirstAnimationAreDecodedAndBuiltOnce() throws {
        let still = try PNGEncoder().encode(art(shade: 200)), other = try PNGEncoder().encode(art(shade: 60, margin: 20))
        let animation = try moving()
        let codec = CountingCodec()
        let built = try PlatformPackBuilder(rules: .whatsapp, codec: codec)
            .build(try pack([("moving.png", animation), ("still.png", still), ("other.png", other)]))
        XCTAssertEqual(built.stickers.map(\.frames), [3, 2, 2], "every still made an animation")
        XCTAssertEqual(built.stickers.map(\.notes.count), [0, 1, 1])
        // Once each (before: twice, built as a still and again as an animation); the animation a
        // second time for the tray image drawn from the first sticker.
        XCTAssertEqual([codec.count(animation), codec.count(still), codec.count(other)], [2, 1, 1])
    }

    func testAStillBeforeTheFirstAnimationWaitsAndIsBuiltAsAnAnimation() throws {
        let still = try PNGEncoder().encode(art(shade: 200))
        var progress: [String] = []
        let built = try PlatformPackBuilder(rules: .whatsapp)
            .build(try pack([("still.png", still), ("moving.png", try moving())])) { progress.append("\($0)/\($1) \($2)") }
        XCTAssertEqual(built.stickers.map(\.file), ["still.webp", "moving.webp"], "the pack's order kept")
        // Progress counts stickers built (the held still last, when it is built), never an empty name.
        XCTAssertEqual(progress, ["1/2 moving", "2/2 still"])
        XCTAssertEqual(built.stickers.map(\.frames), [2, 3])
        let decoded = try ImageDecoder().decode(built.files["still.webp"] ?? [])
        XCTAssertEqual(decoded.frames.count, 2)
        XCTAssertEqual(decoded.frames[0].image.pixels, art(shade: 200).pixels, "lossless: the picture itself")
    }

    /// A noisy photo fits WhatsApp's 500 KB only lossy: still two stored frames (the alpha of one
    /// pixel differs by one level, which WebPAnimEncoder keeps as a change at any lossy quality).
    func testANoisyPhotoThatNeedsLossStillStoresTwoFrames() throws {
        var photo = PixelBuffer(width: 512, height: 512)
        var seed: UInt32 = 7
        for i in 0..<photo.pixels.count {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            photo.pixels[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 24)
        }
        let built = try PlatformPackBuilder(rules: .whatsapp)
            .build(try pack([("photo.png", try PNGEncoder().encode(photo)), ("moving.png", try moving())]))
        let sticker = built.stickers[0]
        let fitted = try XCTUnwrap(sticker.fitted)
        XCTAssertFalse(fitted.contains("lossless"), fitted)
        XCTAssertEqual(sticker.frames, 2)
        let bytes = try XCTUnwrap(built.files["photo.webp"])
        XCTAssertLessThanOrEqual(bytes.count, 500 * 1024)
        XCTAssertEqual(try WebPEncoder.storedFrameCount(bytes), 2)
        // The manifest says what the search cost: its full and partial encodes against the file's pixels.
        let search = try XCTUnwrap(sticker.search)
        XCTAssertGreaterThan(search.fullEncodes, 1)
        XCTAssertEqual(search.outputPixels, 2 * 512 * 512)
        let entry = try XCTUnwrap(PlatformManifest(built, findings: []).stickers.first { $0.name == sticker.name }?.search)
        XCTAssertEqual(entry.full_encodes, search.fullEncodes)
        XCTAssertEqual(entry.partial_encodes, search.partialEncodes)
        XCTAssertEqual(entry.cost, search.cost)
        XCTAssertTrue(String(decoding: try PlatformManifest(built, findings: []).encoded(), as: UTF8.self)
            .contains("\"partial_encodes\" : \(search.partialEncodes)"))
    }

    func testAPackOfStillsStaysStill() throws {
        let built = try PlatformPackBuilder(rules: .whatsapp)
            .build(try pack([("a.png", try PNGEncoder().encode(art(shade: 200))), ("b.png", try PNGEncoder().encode(art(shade: 90)))]))
        XCTAssertEqual(built.stickers.map(\.frames), [1, 1])
        XCTAssertEqual(built.stickers.map(\.notes.count), [0, 0])
    }

    /// A store keeps the first emoji it takes, in the order `emojis:` gives them, in its metadata and
    /// manifest; the manifest lists the rest, and the folder's stickerforge.yml keeps them all, so the
    /// check of the written folder names them (`emoji_dropped`).
    func testEachStoreKeepsTheFirstEmojiAndTheManifestNamesTheRest() throws {
        var source = try pack([("two.png", try PNGEncoder().encode(art(shade: 200))), ("one.png", try PNGEncoder().encode(art(shade: 60)))])
        source.config.emojis["two"] = ["🏃", "💨", "😀", "🎉"]
        for (rules, kept, dropped) in [(PlatformRules.whatsapp, ["🏃", "💨", "😀"], ["🎉"]), (.signal, ["🏃"], ["💨", "😀", "🎉"]),
                                       (.telegram, ["🏃", "💨", "😀", "🎉"], [])] {
            let built = try PlatformPackBuilder(rules: rules).build(source)
            let manifest = PlatformManifest(built, findings: [])
            XCTAssertEqual(manifest.stickers.map(\.emojis), [kept, ["😀"]], rules.id)
            XCTAssertEqual(manifest.stickers.map(\.emojis_dropped), [dropped.isEmpty ? nil : dropped, nil], rules.id)
            let config = PackConfig.parse(String(decoding: built.files["stickerforge.yml"] ?? [], as: UTF8.self), file: "stickerforge.yml")
            XCTAssertEqual(config.config.emojis[built.stickers[0].fileStem], ["🏃", "💨", "😀", "🎉"], rules.id)
            XCTAssertEqual(config.config.order, built.stickers.map(\.fileStem), "the folder's check lists the pack's order")
            if rules == .whatsapp {
                let contents = try JSONSerialization.jsonObject(with: Data(built.files["contents.json"] ?? [])) as? [String: Any]
                let packs = contents?["sticker_packs"] as? [[String: Any]]
                let stickers = packs?.first?["stickers"] as? [[String: Any]]
                XCTAssertEqual(stickers?.map { $0["emojis"] as? [String] ?? [] }, [kept, ["😀"]])
            }
            if rules == .telegram {
                let set = try JSONSerialization.jsonObject(with: Data(built.files["stickerset.json"] ?? [])) as? [String: Any]
                let stickers = set?["stickers"] as? [[String: Any]]
                XCTAssertEqual(stickers?.map { $0["emoji_list"] as? [String] ?? [] }, [kept, ["😀"]])
            }
        }
    }

    /// `packs`: a mixed pack for a one-kind store is two packs, each numbered from its start (LINE),
    /// named and identified by its half, its stills built once as stills; `stillsAsAnimations`
    /// keeps the one pack `build` makes; a store that mixes (Signal) keeps one pack.
    func testPacksSplitAMixedPackForAOneKindStore() throws {
        let codec = CountingCodec()
        let still = try PNGEncoder().encode(art(shade: 200)), other = try PNGEncoder().encode(art(shade: 60, margin: 20))
        let source = try pack([("still.png", still), ("moving.png", try moving()), ("other.png", other)])
        let halves = try PlatformPackBuilder(rules: .line, codec: codec).packs(source)
        XCTAssertEqual(halves.map(\.part), [.stills, .animated])
        XCTAssertEqual(halves.map(\.name), ["Mixed (stills)", "Mixed (animated)"])
        XCTAssertEqual(halves.map(\.identifier), ["mixed_stills", "mixed_animated"])
        XCTAssertEqual(halves.map { $0.stickers.map(\.name) }, [["still", "other"], ["moving"]])
        XCTAssertEqual(halves.map { $0.stickers.map(\.file) }, [["01.png", "02.png"], ["01.png"]])
        XCTAssertEqual(halves[0].stickers.map(\.frames), [1, 1], "stills stay stills")
        XCTAssertEqual(halves.map { $0.files.keys.filter { $0.hasSuffix(".png") }.sorted() },
                       [["01.png", "02.png", "main.png", "tab.png"], ["01.png", "main.png", "tab.png"]])
        XCTAssertEqual(codec.count(other), 1, "a still after the animation is decoded once")
        // LINE's main image: a PNG for the stills, an APNG of the animation for the animations.
        XCTAssertEqual(halves.map { FormatSniffer.sniff($0.files["main.png"] ?? []) }, [.png, .apng])
        XCTAssertEqual(halves.map { FormatSniffer.sniff($0.files["tab.png"] ?? []) }, [.png, .png])
        XCTAssertEqual(halves[1].images.first?.source, "the first animated sticker, moving")
        var flagged = PlatformPackBuilder(rules: .line)
        flagged.stillsAsAnimations = true
        let one = try flagged.packs(source)
        XCTAssertEqual(one.map(\.part), [nil])
        XCTAssertEqual(one[0].stickers.map(\.file), ["01.png", "02.png", "03.png"])
        XCTAssertEqual(one[0].images.first?.source, "the first animated sticker, moving", "not the still made an animation")
        XCTAssertEqual(try PlatformPackBuilder(rules: .signal).packs(source).map(\.part), [nil])
    }
}
