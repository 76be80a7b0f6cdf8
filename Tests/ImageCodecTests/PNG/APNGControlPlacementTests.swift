import ImageCodec
import TestSupport
import XCTest

/// Where acTL and fcTL may stand, and what an acTL browsers cannot use leaves: checked against
/// Chromium's ImageDecoder (Tests/Oracles/oracle-chromium.py, docs/verification.md).
final class APNGControlPlacementTests: XCTestCase {
    private typealias W = PNGChunkWriter
    let red = PixelBuffer(width: 4, height: 4, fill: RGBA(255, 0, 0))
    let blue = PixelBuffer(width: 2, height: 2, fill: RGBA(0, 0, 255, 200))

    /// IHDR, fcTL 0, acTL, IDAT, fcTL 1, fdAT 2, IEND: the spec only asks acTL to precede IDAT, and
    /// sequence numbers count fcTL and fdAT in file order wherever acTL stands.
    var controlBeforeACTL: [PNGChunkSpec] {
        var chunks = APNGFixture(width: 4, height: 4, frames: [.init(red), .init(blue, x: 1, y: 1, blend: 1)]).chunks()
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "IEND"])
        chunks.swapAt(1, 2)
        return chunks
    }

    func testFrameZeroControlBeforeACTLDecodes() throws {
        let image = try PNGDecoder().decode(W.file(controlBeforeACTL))
        XCTAssertEqual(image.facts.format, .apng)
        XCTAssertEqual(image.facts.defaultImage, .firstFrame)
        XCTAssertEqual(image.frames.count, 2)
        XCTAssertEqual(image.frames[0].image, red)
        var second = red
        for y in 1...2 { for x in 1...2 { second[x, y] = RGBA(55, 0, 200, 255) } }
        XCTAssertEqual(image.frames[1].image, second, "blend over: 200/255 blue over opaque red")
        XCTAssertEqual(image.frames.map(\.delay), [FrameDelay(numerator: 1, denominator: 10), FrameDelay(numerator: 1, denominator: 10)])
        XCTAssertNil(image.facts.ignoredAnimation)
    }

    func testSequenceStillCountsFromZeroInFileOrder() {
        var chunks = controlBeforeACTL
        chunks[1].data.replaceSubrange(0..<4, with: W.be32(1))   // frame 0's fcTL, before acTL
        let offset = 8 + 12 + chunks[0].data.count
        XCTAssertThrowsError(try PNGDecoder().decode(W.file(chunks))) { error in
            XCTAssertEqual(error as? CodecError, .malformed("fcTL sequence number 0 expected, found 1 (chunk at offset \(offset))"))
        }
    }

    func testControlBeforeIDATWithoutACTLLeavesAStill() throws {
        var chunks = controlBeforeACTL
        chunks.remove(at: 2)                                          // no acTL at all
        let image = try PNGDecoder().decode(W.file(chunks))
        XCTAssertEqual(image.facts.format, .png)
        XCTAssertEqual(image.frames, [Frame(image: red, delay: .zero)])
    }

    /// Chromium shows the default image alone for each of these; so do we, and say why.
    func testUnusableACTLReadsAsTheDefaultImageWithTheReason() throws {
        let cases: [(UInt32, UInt32, String)] = [
            (0, 0, "acTL declares 0 frames"),
            (1 << 31, 0, "acTL declares 2147483648 frames, over PNG's 2^31-1 limit"),
            (0xFFFF_FFFF, 0, "acTL declares 4294967295 frames, over PNG's 2^31-1 limit"),
            (2, 1 << 31, "acTL declares 2147483648 plays, over PNG's 2^31-1 limit"),
        ]
        for (frames, plays, reason) in cases {
            for chunks in [APNGFixture(width: 4, height: 4, frames: [.init(red), .init(blue)]).chunks(), controlBeforeACTL] {
                var broken = chunks
                let actl = try XCTUnwrap(broken.firstIndex { $0.type == "acTL" })
                broken[actl].data = W.be32(frames) + W.be32(plays)
                let image = try PNGDecoder().decode(W.file(broken))
                XCTAssertEqual(image.facts.format, .png, reason)
                XCTAssertEqual(image.facts.ignoredAnimation, reason)
                XCTAssertEqual(image.frames, [Frame(image: red, delay: .zero)], reason)
                XCTAssertEqual(image.facts.frameCount, 1)
                XCTAssertNil(image.facts.defaultImage)
            }
        }
    }

    func testHiddenDefaultImageIsWhatAnIgnoredAnimationShows() throws {
        var chunks = APNGFixture(width: 4, height: 4, frames: [.init(PixelBuffer(width: 4, height: 4, fill: RGBA(0, 255, 0)))],
                                 hiddenDefault: red).chunks()
        chunks[1].data = W.be32(0) + W.be32(0)
        let image = try PNGDecoder().decode(W.file(chunks))
        XCTAssertEqual(image.frames, [Frame(image: red, delay: .zero)])
        XCTAssertEqual(image.facts.ignoredAnimation, "acTL declares 0 frames")
    }

    func testShortACTLIsStillRefused() {
        var chunks = controlBeforeACTL
        chunks[2].data.removeLast()
        let offset = 8 + 12 + chunks[0].data.count + 12 + chunks[1].data.count
        XCTAssertThrowsError(try PNGDecoder().decode(W.file(chunks))) { error in
            XCTAssertEqual(error as? CodecError, .malformed("acTL chunk at offset \(offset) has 7 bytes, expected 8"))
        }
    }
}
