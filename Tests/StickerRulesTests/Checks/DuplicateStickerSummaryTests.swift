import Foundation
import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `duplicate_sticker` judges stickers by their pixel digests (the frames are gone by the time pack
/// rules run); it must find exactly what comparing the frames byte by byte found.
final class DuplicateStickerSummaryTests: XCTestCase {
    private let red = ExampleImage.canvas(64, 64, inset: 8, content: RGBA(200, 30, 30))
    private let blue = ExampleImage.canvas(64, 64, inset: 8, content: RGBA(30, 30, 200))
    private let green = ExampleImage.canvas(64, 64, inset: 8, content: RGBA(30, 200, 30))

    private func still(_ name: String, _ buffer: PixelBuffer) -> StickerSubject {
        .example(image: ExampleImage.still(buffer), name: name)
    }

    private func animation(_ name: String, _ frames: [PixelBuffer], delay: FrameDelay = .fps(15)) -> StickerSubject {
        .example(image: ExampleImage.animation(frames, delay: delay), name: name)
    }

    private func findings(_ subjects: [StickerSubject]) -> [Finding] {
        DuplicateStickerCheck().check(.example(subjects: subjects),
                                      context: CheckContext(configuration: CheckConfiguration(), gridSize: .regular))
    }

    func testIdenticalStillsNameTheFirstStickerWithThosePixels() {
        let found = findings([still("A", red), still("B", blue), still("A copy", red), still("A again", red)])
        XCTAssertEqual(found.map(\.sticker), ["A copy", "A again"])
        XCTAssertEqual(found.map(\.message), ["identical pixels to \"A\" (1 frame equal)",
                                              "identical pixels to \"A\" (1 frame equal)"])
        XCTAssertEqual(found.map(\.file), ["A copy.png", "A again.png"])
        XCTAssertEqual(found.map(\.severity), [.warning, .warning])
    }

    func testIdenticalAnimationsCountTheirFramesAndIgnoreDelays() {
        let found = findings([animation("Run", [red, blue, green]),
                              animation("Run slow", [red, blue, green], delay: .fps(5))])
        XCTAssertEqual(found.map(\.message), ["identical pixels to \"Run\" (all 3 frames equal)"])
    }

    func testSameFramesInAnotherOrderAreNotDuplicates() {
        XCTAssertEqual(findings([animation("Run", [red, blue, green]), animation("Nur", [green, blue, red])]), [])
    }

    func testOneFrameMoreOrLessIsNotADuplicate() {
        XCTAssertEqual(findings([animation("Run", [red, blue]), animation("Run long", [red, blue, blue])]), [])
        XCTAssertEqual(findings([still("Red", red), animation("Red twice", [red, red])]), [])
    }

    func testOnePixelOffIsNotADuplicate() {
        var nearly = red
        nearly[10, 10] = RGBA(201, 30, 30)
        XCTAssertEqual(findings([still("Red", red), still("Nearly red", nearly)]), [])
        var alpha = red
        alpha[0, 0] = RGBA(0, 0, 0, 1)
        XCTAssertEqual(findings([still("Red", red), still("Almost clear", alpha)]), [])
    }

    func testSamePixelBytesInAnotherShapeAreNotDuplicates() {
        // 32x8 and 8x32 transparent canvases hold the same 1,024 zero bytes.
        let wide = PixelBuffer(width: 32, height: 8), tall = PixelBuffer(width: 8, height: 32)
        XCTAssertEqual(wide.pixels, tall.pixels)
        XCTAssertEqual(findings([still("Wide", wide), still("Tall", tall)]), [])
    }

    func testStickersWithoutPixelsAreNeverDuplicates() {
        XCTAssertEqual(findings([.example(image: nil, name: "Broken"), .example(image: nil, name: "Broken too")]), [])
    }

    func testDigestTellsFramesApartByContentOrderAndSize() {
        let digest = PixelDigest(ExampleImage.animation([red, blue]))
        XCTAssertEqual(digest.width, 64)
        XCTAssertEqual(digest.frames.map(\.width), [64, 64])
        XCTAssertEqual(digest, PixelDigest(ExampleImage.animation([red, blue], delay: .fps(2))))
        XCTAssertNotEqual(digest, PixelDigest(ExampleImage.animation([blue, red])))
        // XXH3-128 of 16,384 zero bytes: checked against xxHash's own command on the same bytes.
        XCTAssertEqual(PixelDigest.Frame(PixelBuffer(width: 64, height: 64)).hash.description, Self.zeroXXH128)
    }

    /// `head -c 16384 /dev/zero | xxh128sum` (Debian's xxhash package).
    private static let zeroXXH128 = "a21d459c03bf6c99b7ce04b81707a4d0"
}
