import ImageCodec
import XCTest
@testable import StickerRules
@testable import StickerCore
import StickerTestSupport

/// The size and timing rules read every limit from the table judged: where it lets the configuration
/// set the limit (iMessage's `maxBytes`, the advice thresholds), and where the store's own limit wins.
final class TableLimitsTests: XCTestCase {
    private func context(_ platform: PlatformRules, _ edit: (inout CheckConfiguration) -> Void = { _ in }) -> CheckContext {
        var configuration = CheckConfiguration()
        configuration.platform = platform
        edit(&configuration)
        return CheckContext(configuration: configuration, gridSize: .large)
    }

    func testConfiguredMaxBytesIsTheLimitOnlyWhereTheTableSaysSo() {
        let loose = { (c: inout CheckConfiguration) in c.maxBytes = 1_000_000 }
        let tight = { (c: inout CheckConfiguration) in c.maxBytes = 50_000 }
        let png = PlatformExamples.still(408, format: .png, byteCount: 600_000)
        XCTAssertEqual(FileTooLargeCheck().check(png, context: context(.imessage, loose)), [])
        XCTAssertEqual(FileTooLargeCheck().check(PlatformExamples.still(408, format: .png, byteCount: 60_000),
                                                 context: context(.imessage, tight)).map(\.message),
                       ["60,000 bytes, limit 50,000 bytes (10,000 over)"])
        // WhatsApp's 100 KB is its own, whatever --max-bytes says.
        XCTAssertEqual(FileTooLargeCheck().check(PlatformExamples.still(byteCount: 200_000), context: context(.whatsapp, loose)).map(\.message),
                       ["200,000 bytes, WhatsApp's limit for a still sticker (WebP) is 102,400 bytes (97,600 over)"])
        XCTAssertEqual(FileTooLargeCheck().check(PlatformExamples.still(byteCount: 60_000), context: context(.whatsapp, tight)), [])
    }

    func testWhichFilesShipAsTheyAreComesFromTheTable() {
        // A still PNG ships as it is for iMessage; WhatsApp's build converts it to WebP.
        let png = PlatformExamples.still(408, format: .png, byteCount: 600_000)
        XCTAssertEqual(FileTooLargeCheck().check(png, context: context(.imessage)).count, 1)
        XCTAssertEqual(FileTooLargeCheck().check(png, context: context(.whatsapp)), [])
        // A WebP is converted for iMessage and ships as it is to WhatsApp.
        let webp = PlatformExamples.still(408, byteCount: 600_000)
        XCTAssertEqual(FileTooLargeCheck().check(webp, context: context(.imessage)), [])
        XCTAssertEqual(FileTooLargeCheck().check(webp, context: context(.whatsapp)).count, 1)
    }

    func testAdviceThresholdsApplyWhereTheTableSetsNoLimitOfItsOwn() {
        let slow = { (c: inout CheckConfiguration) in
            c.thresholds.maxLoopMilliseconds = 1000; c.thresholds.maxFPS = 5; c.thresholds.shortDelayMilliseconds = 150
        }
        let clip = PlatformExamples.animation(frames: 20, delay: .milliseconds(100), format: .apng)
        // iMessage takes all three pieces of advice, at the rules' own (warning) severity.
        for check in [LoopTooLongCheck() as any StickerCheck, FrameRateHighCheck(), ShortFrameDelayCheck()] {
            XCTAssertEqual(check.check(clip, context: context(.imessage, slow)).map(\.severity), [.warning], "\(type(of: check))")
        }
        // Discord sets no timing limit and takes only the short-delay advice.
        XCTAssertEqual(LoopTooLongCheck().check(clip, context: context(.discord, slow)), [])
        XCTAssertEqual(FrameRateHighCheck().check(clip, context: context(.discord, slow)), [])
        XCTAssertEqual(ShortFrameDelayCheck().check(clip, context: context(.discord, slow)).map(\.message),
                       ["frames 0 (100 ms), 1 (100 ms), 2 (100 ms), 3 (100 ms), 4 (100 ms), 5 (100 ms), 6 (100 ms), 7 (100 ms), "
                        + "8 (100 ms), 9 (100 ms) and 10 more have delays of 150 ms or less, which many viewers show for 100 ms"])
        // Signal's 3 s cap is its own: an error naming it, the configured 1 s not consulted.
        let signal = LoopTooLongCheck().check(PlatformExamples.animation(frames: 20, delay: .milliseconds(100), format: .apng),
                                              context: context(.signal, slow))
        XCTAssertEqual(signal, [])
        XCTAssertEqual(LoopTooLongCheck().check(PlatformExamples.animation(frames: 31, format: .apng), context: context(.signal, slow))
                        .map { "\($0.severity) \($0.message)" }, ["error one loop lasts 3,100 ms, Signal's limit is 3,000 ms"])
        // WhatsApp's 8 ms minimum replaces the short-delay advice.
        XCTAssertEqual(ShortFrameDelayCheck().check(clip, context: context(.whatsapp, slow)), [])
    }

    func testDimensionWordingIsTheTables() {
        let small = PlatformExamples.still(250, format: .png)
        XCTAssertEqual(DimensionsTooSmallCheck().check(small, context: context(.imessage)).map(\.message),
                       ["250x250 px, smaller than the minimum of 300x300 px"])
        XCTAssertEqual(DimensionsTooSmallCheck().check(small, context: context(.discord)).map { "\($0.message) / \($0.hint)" },
                       ["250x250 px, smaller than Discord takes for a still sticker: exactly 320x320 px / "
                        + "Export the artwork larger (or scale it up) to exactly 320x320 px."])
        let large = PlatformExamples.still(640, format: .png)
        XCTAssertEqual(DimensionsTooLargeCheck().check(large, context: context(.imessage)).map { "\($0.message) / \($0.hint)" },
                       ["640x640 px, larger than the maximum of 618x618 px / "
                        + "Scale it down to fit the grid cell: 300, 408 or 618 px a side for small, regular or large."])
        XCTAssertEqual(DimensionsTooLargeCheck().check(large, context: context(.discord)).map { "\($0.message) / \($0.hint)" },
                       ["640x640 px, larger than Discord takes for a still sticker: exactly 320x320 px / "
                        + "Scale it to fit 320x320 px, keeping the aspect ratio."])
    }
}
