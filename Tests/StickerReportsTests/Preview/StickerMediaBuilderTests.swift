import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class StickerMediaBuilderTests: XCTestCase {
    private let builder = StickerMediaBuilder()

    private func finding(_ rule: String) -> Finding {
        Finding(rule: rule, severity: .warning, sticker: "Example", file: nil, message: "m", hint: "h")
    }

    func testStillPNGKeepsItsFileBytes() throws {
        let image = ExampleImage.still(ExampleImage.canvas(30, 20, inset: 4))
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let media = try XCTUnwrap(builder.media(for: .example(image: image), fileBytes: bytes, findings: []))
        XCTAssertEqual(media, StickerMedia(data: bytes, mimeType: "image/png", width: 30, height: 20))
    }

    func testGIFAndJPEGKeepTheirBytesAndMimeTypes() throws {
        let gif = ExampleImage.still(ExampleImage.canvas(12, 12, inset: 2), format: .gif)
        let gifMedia = try XCTUnwrap(builder.media(for: .example(image: gif), fileBytes: [0x47, 0x49, 0x46], findings: []))
        XCTAssertEqual(gifMedia.mimeType, "image/gif")
        XCTAssertEqual(gifMedia.data, [0x47, 0x49, 0x46])
        let jpeg = ExampleImage.still(ExampleImage.opaque(8, 8), format: .jpeg)
        let jpegMedia = try XCTUnwrap(builder.media(for: .example(image: jpeg), fileBytes: [0xFF, 0xD8], findings: []))
        XCTAssertEqual(jpegMedia.mimeType, "image/jpeg")
    }

    func testNoImageGivesNoMedia() {
        XCTAssertNil(builder.media(for: .example(image: nil), fileBytes: [1, 2, 3], findings: []))
    }

    func testSequenceBecomesAnAPNGThatDecodesToTheSameFrames() throws {
        let colours = [RGBA(200, 30, 30), RGBA(30, 200, 30), RGBA(30, 30, 200, 128)]
        let frames = colours.map { ExampleImage.still(ExampleImage.canvas(16, 12, inset: 3, content: $0)) }
        let subject = StickerSubject.exampleSequence(frames: frames, timing: .perFrame([100, 40, 250]), repetitions: 2)
        let assembled = try XCTUnwrap(subject.image)
        // Bytes given for a sequence are an APNG a build already made: shown as they are.
        XCTAssertEqual(builder.media(for: subject, fileBytes: [1, 2, 3], findings: [])?.data, [1, 2, 3])
        let media = try XCTUnwrap(builder.media(for: subject, fileBytes: nil, findings: []))
        XCTAssertEqual(media.mimeType, "image/png")
        XCTAssertEqual(media.width, 16)
        XCTAssertEqual(media.height, 12)
        XCTAssertNil(media.overlayPNG)
        let decoded = try ImageDecoder().decode(media.data)
        XCTAssertEqual(decoded.facts.format, .apng)
        XCTAssertEqual(decoded.frames.map(\.image), assembled.frames.map(\.image))
        XCTAssertEqual(decoded.frames.map(\.image), frames.map { $0.frames[0].image })
        XCTAssertEqual(decoded.frames.map { $0.delay.milliseconds }, [100, 40, 250])
        XCTAssertEqual(decoded.loopCount, 3)
    }

    func testEdgeHaloOverlayMarksExactlyTheDarkerAndLighterRimPixels() throws {
        // A blue square with a half-transparent rim exported against black (darker) on most sides,
        // and in the artwork's own colour (clean) along the top row.
        var buffer = ExampleImage.canvas(24, 24, inset: 6, fringe: RGBA(15, 70, 110, 128))
        for x in 6...17 { buffer[x, 5] = RGBA(30, 140, 220, 128) }
        var expected = Set<Int>(), clean = Set<Int>()
        HaloMeasure.visitEdges(of: buffer) { index, verdict in
            switch verdict {
            case .darker, .lighter: expected.insert(index)
            case .clean: clean.insert(index)
            }
        }
        XCTAssertFalse(clean.isEmpty)
        XCTAssertTrue(expected.contains(5 * 24 + 10) == false)   // a clean top-row pixel
        XCTAssertTrue(expected.contains(10 * 24 + 5))            // a darker left-column pixel
        XCTAssertTrue(expected.contains(18 * 24 + 10))           // a darker bottom-row pixel

        let media = try XCTUnwrap(builder.media(for: .example(image: ExampleImage.still(buffer)), fileBytes: nil,
                                                findings: [finding("edge_halo"), finding("file_too_large")]))
        XCTAssertEqual(media.overlayRules, ["edge_halo"])
        XCTAssertEqual(try marked(media), expected)
    }

    func testGIFHardEdgesOverlayMarksVisiblePixelsBorderingTransparency() throws {
        let buffer = ExampleImage.canvas(20, 16, inset: 5)   // an opaque 10x6 box, 1-bit alpha
        var expected = Set<Int>()
        for y in 5..<11 { for x in 5..<15 where x == 5 || x == 14 || y == 5 || y == 10 { expected.insert(y * 20 + x) } }
        XCTAssertEqual(expected.count, 2 * 10 + 2 * 4)
        let gif = ExampleImage.still(buffer, format: .gif)
        let media = try XCTUnwrap(builder.media(for: .example(image: gif), fileBytes: [0x47], findings: [finding("gif_hard_edges")]))
        XCTAssertEqual(media.overlayRules, ["gif_hard_edges"])
        XCTAssertEqual(try marked(media), expected)
    }

    func testBothRulesAreListedInOrder() throws {
        let gif = ExampleImage.still(ExampleImage.canvas(20, 16, inset: 5), format: .gif)
        let media = try XCTUnwrap(builder.media(for: .example(image: gif), fileBytes: [0x47],
                                                findings: [finding("gif_hard_edges"), finding("edge_halo"), finding("edge_halo")]))
        XCTAssertEqual(media.overlayRules, ["edge_halo", "gif_hard_edges"])
    }

    func testNoOverlayWithoutEdgeFindings() throws {
        let buffer = ExampleImage.canvas(24, 24, inset: 6, fringe: RGBA(0, 0, 0, 128))
        let media = try XCTUnwrap(builder.media(for: .example(image: ExampleImage.still(buffer)), fileBytes: nil,
                                                findings: [finding("file_too_large"), finding("padding_excessive")]))
        XCTAssertNil(media.overlayPNG)
        XCTAssertEqual(media.overlayRules, [])
        // Without file bytes the still is encoded: it decodes back to the same pixels.
        XCTAssertEqual(try ImageDecoder().decode(media.data).frames.map(\.image), [buffer])
    }

    func testNoOverlayWhenTheFlaggedRuleMarksNothing() throws {
        // An opaque square has no rim at all: nothing to mark, so no overlay and no rules.
        let media = try XCTUnwrap(builder.media(for: .example(image: ExampleImage.still(ExampleImage.opaque(8, 8))),
                                                fileBytes: nil, findings: [finding("edge_halo")]))
        XCTAssertNil(media.overlayPNG)
        XCTAssertEqual(media.overlayRules, [])
    }

    /// Indices of the overlay's marked pixels, checking every pixel is either clear or opaque magenta.
    private func marked(_ media: StickerMedia) throws -> Set<Int> {
        let png = try XCTUnwrap(media.overlayPNG)
        let overlay = try ImageDecoder().decode(png)
        XCTAssertEqual(overlay.width, media.width)
        XCTAssertEqual(overlay.height, media.height)
        let pixels = overlay.frames[0].image
        var out = Set<Int>()
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = pixels[x, y]
                if p == RGBA(255, 0, 255) { out.insert(y * pixels.width + x) } else { XCTAssertEqual(p.a, 0, "(\(x),\(y))") }
            }
        }
        return out
    }
}
