import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The one-pass alpha scan against the separate scans it replaced (`PixelScan.bounds` at alpha 1
/// and 128, and a search for any alpha below 255).
final class FrameAlphaScanTests: XCTestCase {
    /// A `width` x `height` buffer whose alpha is `alpha(x, y)`.
    private func buffer(_ width: Int, _ height: Int, _ alpha: (Int, Int) -> UInt8) -> PixelBuffer {
        var pixels = [UInt8](repeating: 90, count: width * height * 4)
        for y in 0..<height { for x in 0..<width { pixels[(y * width + x) * 4 + 3] = alpha(x, y) } }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    func testMatchesTheSeparateScans() {
        var state: UInt32 = 7
        func next() -> UInt32 { state = state &* 1_103_515_245 &+ 12345; return state >> 16 }
        for _ in 0..<40 {
            let (width, height) = (Int(next() % 30) + 1, Int(next() % 30) + 1)
            let (cx, cy, r) = (Int(next()) % width, Int(next()) % height, Int(next() % 12))
            let background = UInt8([0, 0, 255, 40][Int(next() % 4)])
            let image = buffer(width, height) { x, y in
                abs(x - cx) + abs(y - cy) <= r ? UInt8(truncatingIfNeeded: 100 + (x * 37 + y * 11) % 156) : background
            }
            let scan = FrameAlphaScan(image)
            XCTAssertEqual(scan.contentBounds, PixelScan.bounds(of: image, minAlpha: 1))
            XCTAssertEqual(scan.visibleBounds, PixelScan.bounds(of: image, minAlpha: 128))
            XCTAssertEqual(scan.hasTransparency, image.hasTransparency)
            XCTAssertEqual(scan.hasEdgePixels, image.pixels.enumerated().contains { $0.offset % 4 == 3 && (16...254).contains($0.element) })
            XCTAssertEqual(scan.digest, PixelDigest.Frame(image))
        }
    }

    /// Opaque and clear rows are read four pixels at a time: one pixel of another alpha at any
    /// place of a block (and in the short tail of a row) is still seen, at every row width 1-13.
    func testOneDifferentPixelInAnOpaqueOrClearRow() {
        for width in 1...13 {
            for background: UInt8 in [0, 255] {
                for odd: UInt8 in [0, 1, 15, 16, 127, 128, 254, 255] where odd != background {
                    for at in 0..<width {
                        let image = buffer(width, 2) { x, y in y == 1 && x == at ? odd : background }
                        let scan = FrameAlphaScan(image)
                        let label = "\(width) px, \(odd) at \(at) in \(background)"
                        XCTAssertEqual(scan.contentBounds, PixelScan.bounds(of: image, minAlpha: 1), label)
                        XCTAssertEqual(scan.visibleBounds, PixelScan.bounds(of: image, minAlpha: 128), label)
                        XCTAssertEqual(scan.hasTransparency, image.hasTransparency, label)
                        XCTAssertEqual(scan.hasEdgePixels, (16...254).contains(odd), label)
                    }
                }
            }
        }
    }

    /// The digest hashed strip by strip is the hash of the whole buffer, whether a strip holds
    /// many rows and ends part-way (300 x 70), one row (5,000 px rows are over a strip's bytes), or
    /// the frame is one partial strip.
    func testStripDigestIsTheWholeBufferDigest() {
        for (width, height) in [(300, 70), (5_000, 3), (7, 2), (1, 1)] {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13) }
            let image = PixelBuffer(width: width, height: height, pixels: pixels)
            let scan = FrameAlphaScan(image)
            XCTAssertEqual(scan.digest, PixelDigest.Frame(image), "\(width)x\(height)")
            XCTAssertEqual(scan.digest.width, width)
            XCTAssertTrue(scan.hasEdgePixels)
        }
        XCTAssertFalse(FrameAlphaScan(buffer(4, 4) { x, _ in x == 0 ? 15 : 255 }).hasEdgePixels)
        XCTAssertTrue(FrameAlphaScan(buffer(4, 4) { x, _ in x == 0 ? 16 : 255 }).hasEdgePixels)
        XCTAssertFalse(FrameAlphaScan(buffer(4, 4) { _, _ in 0 }).hasEdgePixels)
    }

    /// The summary's digest, taken from the scans, equals the digest of the image hashed on its own.
    func testSummaryDigestFromTheScans() throws {
        let subject = StickerSubject.example(image: ExampleImage.animation(
            [ExampleImage.canvas(40, 30, inset: 3), ExampleImage.opaque(40, 30)]))
        XCTAssertEqual(StickerSummary(subject).pixels, PixelDigest(try XCTUnwrap(subject.image)))
    }

    func testEdgesAndEmptyFrames() {
        let dot = FrameAlphaScan(buffer(5, 4) { x, y in x == 4 && y == 1 ? 200 : (x == 0 && y == 3 ? 60 : 0) })
        XCTAssertEqual(dot.contentBounds, PixelRegion(x: 0, y: 1, width: 5, height: 3))
        XCTAssertEqual(dot.visibleBounds, PixelRegion(x: 4, y: 1, width: 1, height: 1))
        XCTAssertEqual(dot.sidesTouched(width: 5, height: 4), [.right])
        let empty = FrameAlphaScan(buffer(3, 3) { _, _ in 0 })
        XCTAssertNil(empty.contentBounds)
        XCTAssertTrue(empty.hasTransparency)
        let opaque = FrameAlphaScan(buffer(3, 3) { _, _ in 255 })
        XCTAssertFalse(opaque.hasTransparency)
        XCTAssertEqual(opaque.sidesTouched(width: 3, height: 3), [.top, .right, .bottom, .left])
    }

    /// Replacing a subject's image scans the new frames.
    func testReplacingTheImageRescans() {
        var subject = StickerSubject.example(image: ExampleImage.still(ExampleImage.opaque(8, 8)))
        XCTAssertFalse(subject.hasTransparency)
        subject.image = ExampleImage.still(ExampleImage.canvas(8, 8, inset: 2))
        XCTAssertTrue(subject.hasTransparency)
        XCTAssertEqual(subject.alphaScans.count, 1)
    }
}
