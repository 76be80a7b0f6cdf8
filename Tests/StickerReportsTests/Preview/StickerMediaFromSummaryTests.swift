import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// The HTML report's media from a sticker's summary: the frames are decoded again only when a card
/// needs them, and the media equals what the loaded subject gives.
final class StickerMediaFromSummaryTests: XCTestCase {
    private let builder = StickerMediaBuilder()
    private let haloed = ExampleImage.canvas(24, 24, inset: 6, fringe: RGBA(15, 70, 110, 128))   // flattened on black

    private func finding(_ rule: String) -> Finding {
        Finding(rule: rule, severity: .warning, sticker: "Example", file: nil, frame: nil, message: "m", hint: "h")
    }

    /// Media from the summary with a counting loader, and the media of the subject itself.
    private func both(_ subject: StickerSubject, fileBytes: [UInt8]?, findings: [Finding])
        -> (fromSummary: StickerMedia?, fromSubject: StickerMedia?, loads: Int) {
        var loads = 0
        let media = builder.media(for: StickerSummary(subject), fileBytes: fileBytes, findings: findings,
                                  load: { loads += 1; return subject })
        return (media, builder.media(for: subject, fileBytes: fileBytes, findings: findings), loads)
    }

    func testAFileABrowserShowsNeedsNoDecode() throws {
        let r = both(.example(image: ExampleImage.still(haloed)), fileBytes: [1, 2, 3], findings: [finding("file_too_large")])
        XCTAssertEqual(r.loads, 0)
        XCTAssertEqual(r.fromSummary?.data, [1, 2, 3])
        XCTAssertEqual(r.fromSummary?.width, 24)
        XCTAssertEqual(r.fromSummary, r.fromSubject)
    }

    func testAnOverlayDecodesOnce() throws {
        let r = both(.example(image: ExampleImage.still(haloed)), fileBytes: nil, findings: [finding("edge_halo")])
        XCTAssertEqual(r.loads, 1, "encoding and the overlay share one decode")
        XCTAssertNotNil(r.fromSummary?.overlayPNG)
        XCTAssertEqual(r.fromSummary, r.fromSubject)
    }

    func testASequenceWithoutABuiltFileIsEncodedFromItsFramesDecodedAgain() throws {
        let frames = [ExampleImage.canvas(16, 16, inset: 2), ExampleImage.canvas(16, 16, inset: 4)]
        let sequence = StickerSubject.exampleSequence(frames: frames.map { ExampleImage.still($0) })
        let r = both(sequence, fileBytes: nil, findings: [])
        XCTAssertEqual(r.loads, 1)
        let media = try XCTUnwrap(r.fromSummary)
        XCTAssertEqual(try ImageDecoder().decode(media.data).frames.map(\.image), frames)
        XCTAssertEqual(r.fromSummary, r.fromSubject)
    }

    func testNoPixelsNoMediaAndNoDecode() {
        let r = both(.example(image: nil), fileBytes: [1], findings: [finding("edge_halo")])
        XCTAssertNil(r.fromSummary)
        XCTAssertEqual(r.loads, 0)
    }

    func testPreviewArtPerStickerDrawsTheSameSheet() throws {
        let subjects = [StickerSubject.example(image: ExampleImage.still(haloed), name: "A"), .example(image: nil, name: "B")]
        let renderer = PreviewSheetRenderer(scale: 1)
        let arts = try subjects.map { try renderer.art(for: $0, gridSize: .regular) }
        // 24 px shown at a third, one pixel per point; nothing to show for a sticker without pixels.
        XCTAssertEqual(arts[0].map { [$0.width, $0.height] }, [8, 8])
        XCTAssertNil(arts[1])
        let sheet = renderer.render(arts: arts, gridSize: .regular)
        XCTAssertEqual(sheet.height, 12 + 2 * (GridSize.regular.points + 12))
        XCTAssertEqual(sheet, try renderer.render(subjects, gridSize: .regular))
    }
}
