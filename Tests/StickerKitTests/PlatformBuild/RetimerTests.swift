import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Retiming to a store's caps: the examples (a 4 s loop for a 3 s cap is sped up 1.33x, a
/// 6 s one trimmed), the forced modes, frame-rate and frame-count resampling, LINE's plays.
final class RetimerTests: XCTestCase {
    /// `count` frames of `ms` milliseconds, frame i filled with grey level i (so frames are told apart).
    private func frames(_ count: Int, ms: Int) -> [AnimationFrame] {
        (0..<count).map { AnimationFrame(image: PixelBuffer(width: 2, height: 2, fill: RGBA(UInt8($0), 0, 0, 255)), delay: .milliseconds(ms)) }
    }

    private func delays(_ frames: [AnimationFrame]) -> [Double] { frames.map(\.delay.milliseconds) }
    private func levels(_ frames: [AnimationFrame]) -> [Int] { frames.map { Int($0.image[0, 0].r) } }

    func testFourSecondsForAThreeSecondCapIsSpedUp() {
        let timed = Retimer(limits: PlatformRules.signal.animation, format: .webp).retime(frames(8, ms: 500), plays: 0)
        XCTAssertEqual(delays(timed.frames), [375, 375, 375, 375, 375, 375, 375, 375])
        XCTAssertEqual(timed.notes, ["sped up 1.33x: 4,000 ms -> 3,000 ms, every frame kept"])
        XCTAssertEqual(timed.plays, 0)
    }

    /// Millisecond timestamps can leave a 3 s clip a fraction of a millisecond over the cap: it is
    /// brought to the cap, and the note does not call that a speed-up.
    func testAHairOverTheCapIsShortenedWithoutASpeedUpNote() {
        var input = frames(10, ms: 300)
        input[9].delay = FrameDelay(numerator: 901, denominator: 3000)   // 300.33 ms: 3,000.33 ms in all
        let timed = Retimer(limits: PlatformRules.signal.animation, format: .webp).retime(input, plays: 0)
        XCTAssertEqual(timed.notes, ["loop of 3,000.33 ms shortened to 3,000 ms (the cap), every frame kept"])
        XCTAssertEqual(Retimer.milliseconds(timed.frames), 3000, accuracy: 0.001)
        XCTAssertEqual(timed.frames.count, 10)
    }

    func testSixSecondsForAThreeSecondCapIsTrimmed() {
        let timed = Retimer(limits: PlatformRules.signal.animation, format: .webp).retime(frames(12, ms: 500), plays: 0)
        XCTAssertEqual(levels(timed.frames), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(delays(timed.frames), Array(repeating: 500, count: 6))
        XCTAssertEqual(timed.notes, ["trimmed to the first 3,000 ms of 6,000 ms (6 of 12 frames kept)"])
    }

    func testForcedModes() {
        let sped = Retimer(limits: PlatformRules.signal.animation, format: .webp, mode: .speed).retime(frames(12, ms: 500), plays: 0)
        XCTAssertEqual(sped.frames.count, 12)
        XCTAssertEqual(Retimer.milliseconds(sped.frames), 3000)
        XCTAssertEqual(sped.notes, ["sped up 2x: 6,000 ms -> 3,000 ms, every frame kept"])
        let cut = Retimer(limits: PlatformRules.signal.animation, format: .webp, mode: .trim).retime(frames(7, ms: 500), plays: 0)
        XCTAssertEqual(delays(cut.frames), [500, 500, 500, 500, 500, 500])
        // A last frame cut by the cap keeps only what is left of it.
        let uneven = Retimer(limits: PlatformRules.signal.animation, format: .webp, mode: .trim).retime(frames(4, ms: 800), plays: 0)
        XCTAssertEqual(delays(uneven.frames), [800, 800, 800, 600])
    }

    func testWithinTheCapsNothingChanges() {
        let input = frames(10, ms: 100)
        let timed = Retimer(limits: PlatformRules.telegram.animation, format: .webm).retime(input, plays: 0)
        XCTAssertEqual(timed.frames, input)
        XCTAssertEqual(timed.notes, [])
    }

    func testTelegramVideoIsResampledTo30FPS() {
        // 60 frames at 60 fps (1 s): every other frame is kept, one every 34 ms.
        let input = (0..<60).map { AnimationFrame(image: PixelBuffer(width: 2, height: 2, fill: RGBA(UInt8($0), 0, 0, 255)),
                                                  delay: FrameDelay(numerator: 1, denominator: 60)) }
        let timed = Retimer(limits: PlatformRules.telegram.animation, format: .webm).retime(input, plays: 0)
        XCTAssertEqual(timed.frames.count, 30)
        XCTAssertEqual(Retimer.milliseconds(timed.frames), 1000)
        XCTAssertLessThanOrEqual(Double(timed.frames.count) / 1.0, 30)
        XCTAssertEqual(Array(levels(timed.frames).prefix(4)), [0, 2, 4, 6])
        XCTAssertEqual(timed.notes, ["resampled to one frame every 34 ms (60 -> 30 frames)"])
        // The same animation as TGS may keep 60 fps.
        XCTAssertEqual(Retimer(limits: PlatformRules.telegram.animation, format: .tgs).retime(input, plays: 0).frames.count, 60)
    }

    func testLINEPlaysAndFrameCount() {
        // A 1.5 s loop that plays forever: LINE takes 1-4 plays totalling at most 4 s, so 2 plays.
        let twice = Retimer(limits: PlatformRules.line.animation, format: .apng).retime(frames(6, ms: 250), plays: 0)
        XCTAssertEqual(twice.plays, 2)
        XCTAssertEqual(twice.notes, ["plays 2 times (was forever)"])
        // A still made into an animation had no play count to change.
        let made = Retimer(limits: PlatformRules.line.animation, format: .apng).retime(frames(6, ms: 250), plays: 0, playsFromSource: false)
        XCTAssertEqual(made.plays, 2)
        XCTAssertEqual(made.notes, ["plays 2 times"])
        // A 5 s loop: one play, sped up 1.25x to 4 s; its 40 frames become at most 20.
        let long = Retimer(limits: PlatformRules.line.animation, format: .apng).retime(frames(40, ms: 125), plays: 0)
        XCTAssertEqual(long.plays, 1)
        XCTAssertEqual(Retimer.milliseconds(long.frames), 4000)
        XCTAssertLessThanOrEqual(long.frames.count, 20)
        XCTAssertEqual(long.notes.count, 3, "\(long.notes)")
    }

    /// LINE takes 5 to 20 distinct frames: a 3-frame animation has its longest frames shown in two
    /// halves, the second a picture one alpha level apart, so it counts 5 and plays the same.
    func testLINEFewFramesAreSplitIntoDistinctHalves() {
        let input = frames(3, ms: 300)
        let timed = Retimer(limits: PlatformRules.line.animation, format: .apng).retime(input, plays: 1)
        XCTAssertEqual(delays(timed.frames), [150, 150, 150, 150, 300])
        XCTAssertEqual(levels(timed.frames), [0, 0, 1, 1, 2], "each half shows its frame's picture")
        XCTAssertEqual(timed.frames[1].image, StillAnimator.nudged(input[0].image))
        XCTAssertEqual(timed.frames[3].image, StillAnimator.nudged(input[1].image))
        XCTAssertEqual(Retimer.distinctCount(timed.frames), 5)
        XCTAssertEqual(timed.notes, ["split into 5 distinct frames (was 3): the longest frames shown in two halves, "
                                     + "the second with one pixel's alpha 1/255 lower, the timing unchanged"])
        // Six identical frames count as one: split until five distinct; the loop keeps its length.
        let held = (0..<6).map { _ in AnimationFrame(image: input[0].image, delay: .milliseconds(100)) }
        let split = Retimer(limits: PlatformRules.line.animation, format: .apng).retime(held, plays: 1)
        XCTAssertEqual(Retimer.distinctCount(split.frames), 5)
        XCTAssertEqual(Retimer.milliseconds(split.frames), 600)
        // Stores without a fewest-frames rule are left alone.
        XCTAssertEqual(Retimer(limits: PlatformRules.telegram.animation, format: .webm).retime(input, plays: 0).frames, input)
    }

    func testWhatsAppMinimumFrameDelay() {
        // 4 ms frames are below WhatsApp's 8 ms: resampled to 8 ms.
        let timed = Retimer(limits: PlatformRules.whatsapp.animation, format: .webp).retime(frames(10, ms: 4), plays: 0)
        XCTAssertEqual(delays(timed.frames), [8, 8, 8, 8, 8])
        XCTAssertEqual(levels(timed.frames), [0, 2, 4, 6, 8])
    }
}

