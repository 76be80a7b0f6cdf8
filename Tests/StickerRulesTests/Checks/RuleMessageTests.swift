import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Exact messages: reports, golden files and users' scripts depend on the wording.
final class RuleMessageTests: XCTestCase {
    private let large = CheckContext(gridSize: .large)

    private func only<C: StickerCheck>(_ check: C, _ subject: StickerSubject, context: CheckContext? = nil,
                                       file: StaticString = #filePath, line: UInt = #line) -> Finding? {
        let findings = check.check(subject, context: context ?? large)
        XCTAssertEqual(findings.count, 1, "\(C.description.id): \(findings.map(\.message))", file: file, line: line)
        return findings.first
    }

    private func only<C: PackCheck>(_ check: C, _ pack: PackSubject,
                                    file: StaticString = #filePath, line: UInt = #line) -> Finding? {
        let findings = check.check(pack, context: large)
        XCTAssertEqual(findings.count, 1, "\(C.description.id): \(findings.map(\.message))", file: file, line: line)
        return findings.first
    }

    private let art = ExampleImage.canvas(408, 408, inset: 20)

    func testFileTooLarge() {
        let f = only(FileTooLargeCheck(), .example(image: ExampleImage.still(art), byteCount: 612_345))
        XCTAssertEqual(f, Finding(rule: "file_too_large", severity: .error, sticker: "Example", file: "Example.png",
                                  message: "612,345 bytes, limit 500,000 bytes (112,345 over)",
                                  hint: "Reduce the pixel size, the number of frames or the colours (a palette PNG is much smaller) until the file is under the limit."))
    }

    func testPixelSizes() {
        XCTAssertEqual(only(DimensionsTooSmallCheck(), .example(image: ExampleImage.still(ExampleImage.canvas(250, 400, inset: 10))))?.message,
                       "250x400 px, smaller than the minimum of 300x300 px")
        XCTAssertEqual(only(DimensionsTooLargeCheck(), .example(image: ExampleImage.still(ExampleImage.canvas(700, 600, inset: 10))))?.message,
                       "700x600 px, larger than the maximum of 618x618 px")
        XCTAssertEqual(only(ExceedsGridSizeCheck(), .example(image: ExampleImage.still(art)), context: CheckContext(gridSize: .small))?.message,
                       "408x408 px, larger than the small grid cell of 300x300 px; Messages shrinks it")
        // Beyond 618 px only dimensions_too_large speaks.
        XCTAssertEqual(ExceedsGridSizeCheck().check(.example(image: ExampleImage.still(ExampleImage.canvas(700, 700, inset: 10))),
                                                    context: CheckContext(gridSize: .small)), [])
    }

    func testFormatMessages() {
        let webp = only(UnsupportedFormatCheck(), .example(image: nil, name: "Wave", file: "Wave.png", format: .webp))
        XCTAssertEqual(webp?.message, "Wave.png holds WebP image data, which cannot ship in an iMessage pack")
        XCTAssertEqual(webp?.hint, "`stickerforge build` converts it to PNG or APNG on the way, or run `stickerforge convert Wave.png` "
                       + "to get the PNG/APNG yourself; Messages accepts only PNG, APNG, GIF and JPEG.")
        let mp4 = only(UnsupportedFormatCheck(), .example(image: nil, name: "Clip", file: "Clip.mp4", format: .mp4))
        XCTAssertEqual(mp4?.message, "Clip.mp4 holds MP4 video (ISO BMFF) data, not PNG, APNG, GIF or JPEG")
        XCTAssertEqual(mp4?.hint, "StickerForge cannot read it: export the animation as WebM with alpha, APNG or a PNG sequence "
                       + "(PNG for a still). Messages accepts only PNG, APNG, GIF and JPEG.")
        XCTAssertEqual(webp?.file, "Wave.png")
        let gif = only(ExtensionMismatchCheck(), .example(image: ExampleImage.still(art, format: .gif), name: "Wave", file: "Wave.png"))
        XCTAssertEqual(gif?.message, "Wave.png holds GIF data but is named .png")
        XCTAssertEqual(gif?.hint, "Rename it with the .gif extension.")
        let corrupt = only(CorruptImageCheck(), .example(image: nil, file: "Wave.png", format: .png,
                                                         failures: [FileFailure(file: "Wave.png", error: .corruptData("invalid stored block lengths"))]))
        XCTAssertEqual(corrupt?.message, "Wave.png cannot be decoded: corrupt image data: invalid stored block lengths")
        let limit = only(DecodeLimitExceededCheck(), .example(image: nil, file: "Huge.png", format: .png,
                                                              failures: [FileFailure(file: "Huge.png", error: .limitExceeded(what: "canvas 9000x9000 px", limit: "8192 px a side"))]))
        XCTAssertEqual(limit?.message, "Huge.png declares canvas 9000x9000 px, over the limit of 8192 px a side")
    }

    func testEdgeHaloReportsShareAndBackground() {
        // The blue artwork's half-transparent rim flattened on black: (30, 140, 220) x 0.5.
        let dark = only(EdgeHaloCheck(), .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20, fringe: RGBA(15, 70, 110, 128)))))
        // The fringe ring around a 368 px square: 370^2 - 368^2 = 1,476 pixels, all darker.
        XCTAssertEqual(dark?.message, "100% of 1,476 edge pixels were exported against a black matte: "
                       + "100% darker (a dark fringe, visible on light backgrounds); limit 10%")
    }

    func testTransparencyMessages() {
        XCTAssertEqual(only(ContentTouchesEdgeCheck(), .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 0).withClearPixel())))?.message,
                       "visible pixels touch the top, right, bottom and left edges of the canvas")
        let moving = only(ContentTouchesEdgeCheck(), .example(image: ExampleImage.animation([art, art.withClearPixel(opaqueAt: (0, 200))])))
        XCTAssertEqual(moving?.message, "visible pixels touch the left edge of the canvas in 1 of 2 frames (first: frame 1)")
        XCTAssertEqual(moving?.frame, 1)
        XCTAssertEqual(only(ExcessPaddingCheck(), .example(image: ExampleImage.still(ExampleImage.canvas(408, 408, inset: 136))))?.message,
                       "visible content spans 136x136 px of the 408x408 px canvas, leaving 67% of the width and 67% of the height empty; limit 25%")
        let blank = only(FullyTransparentCheck(), .example(image: ExampleImage.animation([PixelBuffer(width: 408, height: 408), art])))
        XCTAssertEqual(blank?.frame, 0)
        XCTAssertEqual(only(NoTransparencyCheck(), .example(image: ExampleImage.still(ExampleImage.opaque(408, 408), format: .jpeg)))?.message,
                       "JPEG has no transparency: every pixel is opaque")
    }

    func testAnimationMessages() {
        let frames = AnimationExamples.frames(3)
        let one = only(ShortFrameDelayCheck(), .example(image: ExampleImage.animation(frames, delays: [.milliseconds(100), .zero, .milliseconds(100)])))
        XCTAssertEqual(one?.message, "frame 1 (0 ms) has a delay of 10 ms or less, which many viewers show for 100 ms")
        XCTAssertEqual(one?.frame, 1)
        let all = only(ShortFrameDelayCheck(), .example(image: ExampleImage.animation(frames, delay: .centiseconds(1), format: .gif)))
        XCTAssertEqual(all?.message, "frames 0 (10 ms), 1 (10 ms) and 2 (10 ms) have delays of 10 ms or less, which many viewers show for 100 ms")
        XCTAssertNil(all?.frame)
        XCTAssertEqual(only(FrameRateHighCheck(), AnimationExamples.apng(12, delay: .fps(60)))?.message,
                       "60 fps on average (12 frames in 200 ms), limit 30 fps")
        XCTAssertEqual(only(LoopTooLongCheck(), AnimationExamples.apng(6, delay: .milliseconds(1000)))?.message,
                       "one loop lasts 6,000 ms, limit 5,000 ms")
        let big = ExampleImage.canvas(618, 618, inset: 20)
        XCTAssertEqual(only(AnimationMemoryCheck(), .example(image: ExampleImage.animation(Array(repeating: big, count: 44))))?.message,
                       "44 frames of 618x618 px decode to 67,218,624 bytes (64.1 MiB), limit 67,108,864 bytes (64 MiB)")
        XCTAssertEqual(only(FiniteLoopCheck(), AnimationExamples.apng(4, loopCount: 3))?.message,
                       "stops after 3 plays and then shows its last frame")
    }

    func testColorProfileMessage() {
        var p3 = ExampleImage.still(art)
        p3.facts.color.hasICCProfile = true
        p3.facts.color.iccProfileName = "Display P3"
        p3.facts.color.iccProfileIsSRGB = false
        p3.facts.bitDepth = 16
        XCTAssertEqual(only(ColorProfileCheck(), .example(image: p3))?.message,
                       "Example.png: ICC profile \"Display P3\" is not sRGB and 16 bits per sample")
    }

    func testCatalogMessages() {
        let label = only(AccessibilityLabelTooLongCheck(), .example(image: ExampleImage.still(art), label: String(repeating: "👋🏽", count: 151)))
        XCTAssertEqual(label?.message, "accessibility label has 151 characters, limit 150 (1 over)")
        let key = only(CatalogUnknownKeyCheck(), .example(problems: [.unknownKey(
            file: "P.stickerpack/Dance.stickersequence/Contents.json", key: "repetions", suggestion: "repetitions", sticker: "Dance")]))
        XCTAssertEqual(key, Finding(rule: "catalog_unknown_key", severity: .warning, sticker: "Dance",
                                    file: "P.stickerpack/Dance.stickersequence/Contents.json",
                                    message: "unknown key \"repetions\" (did you mean \"repetitions\"?)",
                                    hint: "Rename \"repetions\" to \"repetitions\"."))
        let duplicate = only(DuplicateStickerCheck(), .example(subjects: [PackSubject.exampleSticker("Wave"), PackSubject.exampleSticker("Smile", inset: 22),
                                                                          PackSubject.exampleSticker("Wave copy")]))
        XCTAssertEqual(duplicate?.sticker, "Wave copy")
        XCTAssertEqual(duplicate?.message, "identical pixels to \"Wave\" (1 frame equal)")
        let set = PackSubject.exampleIconSet()
        var icons = PackSubject.exampleIcons(set)
        icons[2].pixelSize = PixelSize(width: 100, height: 100)
        XCTAssertEqual(only(IconWrongSizeCheck(), .example(iconSet: set, icons: icons))?.message,
                       "icon-iphone-60x45@2x.png is 100x100 px; the iphone 60x45 pt @2x (120x90 px) slot needs 120x90 px")
        let partial = PackSubject.exampleIconSet(missing: [IconSlot.all[12]])
        XCTAssertEqual(only(IconSlotMissingCheck(), .example(iconSet: partial, icons: PackSubject.exampleIcons(partial)))?.message,
                       "no icon for ios-marketing (ios) 1024x768 pt @1x (1024x768 px)")
        let mismatch = only(SequenceFrameMismatchCheck(), .exampleSequence(frames: [
            ExampleImage.still(art), ExampleImage.still(art), ExampleImage.still(ExampleImage.canvas(418, 408, inset: 20))]))
        XCTAssertEqual(mismatch?.message, "1 of 3 frames differ from the first frame's 408x408 px (first: frame_3.png, 418x408 px)")
        XCTAssertEqual(mismatch?.frame, 2)
        XCTAssertEqual(mismatch?.file, "Sequence.stickersequence/frame_3.png")
    }

    func testSeverityOverrideAndOff() {
        let subject = StickerSubject.example(image: ExampleImage.still(ExampleImage.canvas(408, 300, inset: 10)), byteCount: 600_000)
        var configuration = CheckConfiguration()
        configuration.severities = ["not_square": .error, "file_too_large": .off]
        let context = CheckContext(configuration: configuration, gridSize: .large)
        XCTAssertEqual(NotSquareCheck().check(subject, context: context).map(\.severity), [.error])
        XCTAssertEqual(FileTooLargeCheck().check(subject, context: context), [])
        XCTAssertEqual(FileTooLargeCheck().check(subject, context: large).map(\.severity), [.error])
        let all = PackChecker.findings(for: subject, context: context)
        XCTAssertFalse(all.contains { $0.rule == "file_too_large" })
        XCTAssertTrue(all.contains { $0.rule == "not_square" && $0.severity == .error })
    }

    func testThresholdsComeFromConfiguration() {
        var configuration = CheckConfiguration()
        configuration.maxBytes = 512_000
        configuration.thresholds.maxFPS = 60
        let context = CheckContext(configuration: configuration, gridSize: .large)
        XCTAssertEqual(FileTooLargeCheck().check(.example(image: ExampleImage.still(art), byteCount: 506_190), context: context), [])
        XCTAssertEqual(FrameRateHighCheck().check(AnimationExamples.apng(12, delay: .fps(60)), context: context), [])
    }
}
