import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Each store's table against its published facts (docs/platforms.md), number by number.
final class PlatformRulesTests: XCTestCase {
    func testStoresAndIds() {
        XCTAssertEqual(PlatformRules.all.map(\.id), ["imessage", "whatsapp", "telegram", "signal", "discord", "line"])
        XCTAssertEqual(PlatformRules.named("line")?.name, "LINE")
        XCTAssertNil(PlatformRules.named("kakao"))
        XCTAssertEqual(CheckConfiguration().platform, .imessage)
    }

    func testWhatsApp() throws {
        let w = PlatformRules.whatsapp
        let still = try XCTUnwrap(w.still), animated = try XCTUnwrap(w.animated)
        XCTAssertEqual(still.formats, [.webp]); XCTAssertEqual(animated.formats, [.webp])
        XCTAssertEqual(still.pixels, .exactly(512, 512)); XCTAssertEqual(animated.pixels, .exactly(512, 512))
        XCTAssertEqual(still.maxBytes, 102_400); XCTAssertEqual(animated.maxBytes, 512_000)
        XCTAssertEqual(still.packSize, .range(3...30)); XCTAssertEqual(animated.packSize, .range(3...30))
        XCTAssertEqual(w.animation.maxDurationMilliseconds, 10_000); XCTAssertEqual(w.animation.minFrameDelayMilliseconds, 8)
        XCTAssertNil(w.animation.maxFPS)
        XCTAssertFalse(w.mixesStillAndAnimated)
        XCTAssertEqual(w.emojiPerSticker, 1...3)
        XCTAssertEqual(w.packImages, [PackImageRules(role: "tray image", size: PixelSize(width: 96, height: 96), formats: [.png],
                                                     maxBytes: 51_200, required: true, fromTray: true)])
        XCTAssertEqual(w.maxNameCharacters, 128); XCTAssertEqual(w.maxPublisherCharacters, 128)
        XCTAssertEqual(w.vectorBox, 512)
    }

    func testTelegram() throws {
        let t = PlatformRules.telegram
        let still = try XCTUnwrap(t.still), animated = try XCTUnwrap(t.animated)
        XCTAssertEqual(still.formats, [.png, .webp]); XCTAssertEqual(animated.formats, [.webm, .tgs])
        XCTAssertEqual(still.pixels, PixelLimits(maximum: PixelSize(width: 512, height: 512), oneSideAtLeast: 512))
        XCTAssertEqual(still.pixels.text, "at most 512x512 px, one side exactly 512 px")
        XCTAssertEqual(still.maxBytes, 524_288)
        XCTAssertEqual(animated.maxBytes(for: .webm), 262_144); XCTAssertEqual(animated.maxBytes(for: .tgs), 65_536)
        XCTAssertEqual(still.packSize, .range(1...120)); XCTAssertEqual(animated.packSize, .range(1...50))
        XCTAssertEqual(t.animation.maxDurationMilliseconds, 3000)
        XCTAssertEqual(t.animation.maxFPS(for: .webm), 30); XCTAssertEqual(t.animation.maxFPS(for: .tgs), 60)
        XCTAssertTrue(t.mixesStillAndAnimated)
        XCTAssertEqual(t.emojiPerSticker, 1...20)
        XCTAssertEqual(t.trayImage?.size, PixelSize(width: 100, height: 100)); XCTAssertEqual(t.trayImage?.maxBytes, 131_072)
        XCTAssertEqual(t.trayImage?.required, false)
        XCTAssertEqual(t.maxNameCharacters, 64)
    }

    func testSignal() throws {
        let s = PlatformRules.signal
        let still = try XCTUnwrap(s.still), animated = try XCTUnwrap(s.animated)
        XCTAssertEqual(still.formats, [.png, .webp]); XCTAssertEqual(animated.formats, [.apng, .webp])
        XCTAssertEqual(still.pixels, .exactly(512, 512)); XCTAssertEqual(still.maxBytes, 300_000); XCTAssertEqual(animated.maxBytes, 300_000)
        XCTAssertEqual(still.packSize, .range(1...200))
        XCTAssertEqual(s.animation.maxDurationMilliseconds, 3000)
        XCTAssertEqual(s.emojiPerSticker, 1...1)
        XCTAssertEqual(s.trayImage?.role, "cover"); XCTAssertEqual(s.trayImage?.required, false)
    }

    func testDiscord() throws {
        let d = PlatformRules.discord
        let still = try XCTUnwrap(d.still), animated = try XCTUnwrap(d.animated)
        XCTAssertEqual(still.formats, [.png]); XCTAssertEqual(animated.formats, [.apng])
        XCTAssertEqual(still.pixels, .exactly(320, 320)); XCTAssertEqual(still.maxBytes, 512_000); XCTAssertEqual(animated.maxBytes, 512_000)
        XCTAssertEqual(d.emojiPerSticker, 1...1)
        XCTAssertNil(d.trayImage)
        XCTAssertEqual(d.vectorBox, 320)
        XCTAssertEqual(d.animation.maxDurationMilliseconds, 5000)
    }

    /// Issue 42: how many times each store expects an animation to play, as table data, and which
    /// stores state it as a rule (an error) rather than an expectation (a warning).
    func testLoopExpectationsAndFirstFrameAndACTLFlags() {
        XCTAssertEqual(PlatformRules.whatsapp.animation.loops, .forever(published: false))
        XCTAssertEqual(PlatformRules.telegram.animation.loops, .forever(published: false))
        XCTAssertEqual(PlatformRules.signal.animation.loops, .forever(published: true))
        XCTAssertEqual(PlatformRules.discord.animation.loops, .forever(published: false))
        XCTAssertEqual(PlatformRules.line.animation.loops, .plays(1...4))
        XCTAssertNil(PlatformRules.imessage.animation.loops)
        XCTAssertNil(PlatformRules.signal.animation.plays)
        XCTAssertEqual(PlatformRules.all.filter(\.animation.firstFrameShowsSticker).map(\.id), ["whatsapp", "line"])
        XCTAssertEqual(PlatformRules.all.filter(\.animation.requiresACTLBeforeIDAT).map(\.id), ["signal"])
        XCTAssertEqual(LoopExpectation.plays(1...4).written(fromSource: 0), 0)
        XCTAssertEqual(LoopExpectation.forever(published: false).written(fromSource: 3), 0)
        XCTAssertNil(PlatformRules.whatsapp.refusal(ofLoops: 1))
        XCTAssertNil(PlatformRules.signal.refusal(ofLoops: 0))
        XCTAssertNil(PlatformRules.line.refusal(ofLoops: 4))
        XCTAssertEqual(PlatformRules.signal.refusal(ofLoops: 1),
                       "--loops 1 is refused for Signal: its animated stickers must loop forever (--loops 0)")
        XCTAssertEqual(PlatformRules.line.refusal(ofLoops: 0),
                       "--loops 0 is refused for LINE: its animated stickers must play 1 to 4 times (--loops 1 to 4)")
    }

    func testLINE() throws {
        let l = PlatformRules.line
        let still = try XCTUnwrap(l.still), animated = try XCTUnwrap(l.animated)
        XCTAssertEqual(still.formats, [.png]); XCTAssertEqual(animated.formats, [.apng])
        XCTAssertEqual(still.pixels, PixelLimits(maximum: PixelSize(width: 370, height: 320), evenSides: true))
        XCTAssertEqual(animated.pixels, PixelLimits(maximum: PixelSize(width: 320, height: 270), oneSideAtLeast: 270))
        XCTAssertEqual(animated.pixels.text, "at most 320x270 px, one side at least 270 px")
        XCTAssertEqual(still.maxBytes, 1_000_000); XCTAssertEqual(animated.maxBytes, 300_000)
        XCTAssertEqual(still.packSize, .oneOf([8, 16, 24, 32, 40])); XCTAssertEqual(animated.packSize, .oneOf([8, 16, 24]))
        XCTAssertEqual(animated.packSize.text, "8, 16 or 24")
        // How many a pack is short of the smallest size: the pack_size message's "N more".
        XCTAssertEqual([2, 7, 8, 10, 30].map(animated.packSize.missing), [6, 1, nil, nil, nil])
        XCTAssertEqual([0, 2, 3, 31].map(PlatformRules.whatsapp.animated!.packSize.missing), [3, 1, nil, nil])
        XCTAssertEqual(l.animation, AnimationLimits(maxDurationMilliseconds: 4000, durationCountsEveryPlay: true,
                                                    frameCount: 5...20, loops: .plays(1...4),
                                                    firstFrameShown: "as the sticker's still in its shop and where animation is off"))
        XCTAssertEqual(l.animation.plays, 1...4)
        XCTAssertFalse(l.mixesStillAndAnimated)
        XCTAssertNil(l.emojiPerSticker)
        XCTAssertEqual(l.packImages.map(\.role), ["main image", "tab image"])
        XCTAssertEqual(l.packImages.map(\.size), [PixelSize(width: 240, height: 240), PixelSize(width: 96, height: 74)])
        XCTAssertEqual(l.trayImage?.role, "main image")
        // The main image of an animated pack is an APNG, of a still one a PNG; the tab image always a PNG.
        XCTAssertEqual(l.packImages.map { $0.formats(animatedPack: false) }, [[.png], [.png]])
        XCTAssertEqual(l.packImages.map { $0.formats(animatedPack: true) }, [[.apng], [.png]])
        XCTAssertEqual(l.maxNameCharacters, 40); XCTAssertEqual(l.maxPublisherCharacters, 50)
    }

    func testIMessageRecordsTodaysLimitsAndKeepsStoreRulesOff() throws {
        let i = PlatformRules.imessage
        XCTAssertEqual(i.still?.maxBytes, CheckConfiguration().maxBytes)
        XCTAssertEqual(i.still?.pixels.maximum.width, DimensionsTooLargeCheck.maximumSide)
        XCTAssertEqual(i.still?.pixels.minimum?.width, DimensionsTooSmallCheck.minimumSide)
        XCTAssertNil(i.vectorBox)
        let configuration = CheckConfiguration()
        for rule in RuleRegistry.allDescriptions {
            let storeOnly = PlatformRules.storeOnlyRules.contains(rule.id)
            XCTAssertEqual(configuration.severity(for: rule), storeOnly ? .off : rule.defaultSeverity, rule.id)
        }
    }

    /// What makes iMessage judged and shown as it always was is data in its table; every other store
    /// takes the defaults a new table gets.
    func testIMessageDiffersOnlyByItsTableFields() throws {
        let i = PlatformRules.imessage
        XCTAssertEqual(i.layout, .messagesGrid); XCTAssertTrue(i.limitsDecodedMemory); XCTAssertTrue(i.configurableMaxBytes)
        XCTAssertEqual(i.convertedFiles, .convertibleForeign); XCTAssertFalse(i.wording.namesStore); XCTAssertTrue(i.buildsStickerCatalog)
        XCTAssertEqual(i.animation.advice, [.frameRate, .loopLength, .shortDelay])
        XCTAssertEqual(i.byteLimit(animated: true, format: .apng, configured: 400_000), 400_000)
        XCTAssertTrue(i.converts(.webp, animated: false)); XCTAssertFalse(i.converts(.heic, animated: false))
        for store in PlatformRules.all.dropFirst() {
            XCTAssertEqual(store.layout, .chat, store.id); XCTAssertFalse(store.limitsDecodedMemory, store.id)
            XCTAssertFalse(store.configurableMaxBytes, store.id); XCTAssertEqual(store.convertedFiles, .formatsNotTaken, store.id)
            XCTAssertEqual(store.wording, .store, store.id); XCTAssertFalse(store.buildsStickerCatalog, store.id)
            XCTAssertEqual(store.animation.advice, [.shortDelay], store.id)
            XCTAssertNotNil(store.vectorBox, store.id)
        }
        let t = PlatformRules.telegram
        XCTAssertEqual(t.byteLimit(animated: true, format: .tgs, configured: 400_000), 65_536)
        XCTAssertTrue(t.converts(.apng, animated: true)); XCTAssertFalse(t.converts(.webm, animated: true))
        XCTAssertTrue(t.converts(.webp, animated: true)); XCTAssertFalse(t.converts(.webp, animated: false))
    }

    /// Every rule a table switches off exists, so a renamed rule cannot silently stay on.
    func testInapplicableRulesNameRealRules() {
        let ids = Set(RuleRegistry.allDescriptions.map(\.id))
        for store in PlatformRules.all { XCTAssertTrue(store.inapplicableRules.isSubset(of: ids), store.id) }
        var whatsapp = CheckConfiguration()
        whatsapp.platform = .whatsapp
        XCTAssertEqual(whatsapp.severity(for: ExceedsGridSizeCheck.description), .off)
        XCTAssertEqual(whatsapp.severity(for: EmojiMissingCheck.description), .error)
        whatsapp.severities["not_square"] = .info
        XCTAssertEqual(whatsapp.severity(for: NotSquareCheck.description), .info, "a configured severity still wins")
    }

    func testStoreMessagesNameTheStoreAndItsLimit() {
        var configuration = CheckConfiguration()
        configuration.platform = .whatsapp
        let context = CheckContext(configuration: configuration, gridSize: .regular)
        let big = PlatformExamples.still(byteCount: 150_000, name: "wave")
        XCTAssertEqual(FileTooLargeCheck().check(big, context: context).map(\.message),
                       ["150,000 bytes, WhatsApp's limit for a still sticker (WebP) is 102,400 bytes (47,600 over)"])
        XCTAssertEqual(DimensionsTooSmallCheck().check(PlatformExamples.still(408), context: context).map(\.message),
                       ["408x408 px, smaller than WhatsApp takes for a still sticker: exactly 512x512 px"])
        XCTAssertEqual(PlatformFormatCheck().check(PlatformExamples.still(format: .png, name: "wave"), context: context).map(\.message),
                       ["wave.png holds PNG data; WhatsApp takes WebP for a still sticker"])
        XCTAssertEqual(PlatformFormatCheck().check(PlatformExamples.still(format: .png, name: "wave"), context: context).map(\.hint),
                       ["Convert it to WebP (exactly 512x512 px)."])
        let pack = PackSubject.storeExample(count: 2, emojis: nil)
        XCTAssertEqual(PackSizeCheck().check(pack, context: context).map(\.message),
                       ["the pack holds 2 stickers; WhatsApp takes 3 to 30 stickers a pack: 1 more needed for a pack of 3"])
        XCTAssertEqual(EmojiMissingCheck().check(pack, context: context).map(\.message),
                       ["s1 has no emoji; WhatsApp needs 1 to 3 per sticker", "s2 has no emoji; WhatsApp needs 1 to 3 per sticker"])
        XCTAssertEqual(TrayIconCheck().check(PackSubject.storeExample(count: 3, tray: .exampleTray(512, 512, byteCount: 60_000)),
                                             context: context).map(\.message),
                       ["WhatsApp's tray image must be a 96x96 px PNG of at most 51,200 bytes; it is 512x512 px and it has 60,000 bytes"])
        XCTAssertEqual(TrayIconCheck().check(PackSubject.storeExample(count: 3), context: context).map(\.hint),
                       ["Make a 96x96 px PNG of at most 51,200 bytes and name it with `tray:` in stickerforge.yml."])
        let fast = PlatformExamples.animation(frames: 3, delay: .milliseconds(5))
        XCTAssertEqual(ShortFrameDelayCheck().check(fast, context: context).map(\.message),
                       ["frames 0 (5 ms), 1 (5 ms) and 2 (5 ms) are shorter than WhatsApp's minimum of 8 ms"])
        XCTAssertEqual(ShortFrameDelayCheck().check(fast, context: context).map(\.severity), [.error])
        configuration.platform = .line
        let line = CheckContext(configuration: configuration, gridSize: .regular)
        let long = PlatformExamples.animation(320, height: 270, frames: 12, loopCount: 4, format: .apng)
        XCTAssertEqual(LoopTooLongCheck().check(long, context: line).map(\.message),
                       ["4 plays of 1,200 ms last 4,800 ms, LINE's limit is 4,000 ms"])
        XCTAssertEqual(LoopTooLongCheck().check(long, context: line).map(\.severity), [.error])
    }

    /// docs/rules.md's "Stores" table gives each store's limits as its table holds them: byte limits,
    /// largest sizes, durations, frame and play counts, pack sizes, emoji and name lengths, and "-"
    /// where the store sets none, so the page cannot drift from what `check --platform` enforces.
    func testRulesDocumentationStoresTableMatchesTheTables() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        func cells(_ line: Substring) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let lines = text.split(separator: "\n")
        let header = try XCTUnwrap(lines.first { $0.hasPrefix("| rule | WhatsApp |") })
        let stores = cells(header).dropFirst().map { name in PlatformRules.all.first { $0.name == name } }
        XCTAssertEqual(stores.map { $0?.id }, ["whatsapp", "telegram", "signal", "discord", "line"])
        var rows: [String: [String]] = [:]
        for line in lines where line.hasPrefix("| `") {
            let row = cells(line)
            rows[row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Array(row.dropFirst())
        }
        func range(_ r: ClosedRange<Int>) -> String { "\(r.lowerBound)-\(r.upperBound)" }
        for (column, store) in stores.enumerated() {
            let store = try XCTUnwrap(store)
            func cell(_ rule: String) -> String { rows[rule]?[column] ?? "(no row \(rule))" }
            func expect(_ rule: String, _ wanted: [String], file: StaticString = #filePath, line: UInt = #line) {
                for part in wanted.isEmpty ? ["-"] : wanted {
                    XCTAssertTrue(wanted.isEmpty ? cell(rule) == "-" : cell(rule).contains(part),
                                  "\(rule) for \(store.name): \"\(cell(rule))\" should name \(part)", file: file, line: line)
                }
            }
            let kinds = [store.still, store.animated].compactMap { $0 }
            expect("file_too_large", kinds.flatMap { [$0.maxBytes] + $0.maxBytesByFormat.values }.map(NumberText.int))
            expect("dimensions_too_large", kinds.map { "\($0.pixels.maximum.width)x\($0.pixels.maximum.height)" })
            expect("pack_size", kinds.map {
                switch $0.packSize {
                case .range(let r): return range(r)
                case .oneOf(let counts): return counts.map(String.init).joined(separator: "/")
                }
            })
            expect("loop_too_long", store.animation.maxDurationMilliseconds.map { ["\(Int($0 / 1000)) s"] } ?? [])
            expect("frame_count", store.animation.frameCount.map { [range($0)] } ?? [])
            switch store.animation.loops {
            case .plays(let plays)?: expect("loop_count", [range(plays), "(error)"])
            case .forever(let published)?: expect("loop_count", ["not forever", published ? "(error)" : "(warning)"])
            case nil: expect("loop_count", [])
            }
            expect("emoji_missing", store.emojiPerSticker.map { $0.count == 1 ? ["exactly \($0.lowerBound)"] : [range($0)] } ?? [])
            expect("name_too_long", [store.maxNameCharacters, store.maxPublisherCharacters].compactMap { $0 }.map(String.init))
            expect("mixed_animation", store.mixesStillAndAnimated ? [] : ["mixed"])
            expect("tray_icon", store.trayImage.map { $0.size.map { ["\($0.width)x\($0.height)"] } ?? [$0.role] } ?? [])
        }
    }
}
