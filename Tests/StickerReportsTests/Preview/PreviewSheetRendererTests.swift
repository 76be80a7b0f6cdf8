import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class PreviewSheetRendererTests: XCTestCase {
    private let red = RGBA(255, 0, 0)

    private func still(_ buffer: PixelBuffer, name: String = "Example") -> StickerSubject {
        .example(image: ExampleImage.still(buffer), name: name)
    }

    /// The centre pixel of the tile in `row`, `column`.
    private func centre(_ sheet: PixelBuffer, row: Int, column: Int, cell: Int) -> RGBA {
        sheet[12 + column * (cell + 12) + cell / 2, 12 + row * (cell + 12) + cell / 2]
    }

    func testSheetSizeFormula() throws {
        let subjects = [still(ExampleImage.opaque(30, 30)), still(ExampleImage.opaque(30, 30))]
        for grid in GridSize.allCases {
            for scale in 1...3 {
                let cell = grid.points * scale
                let sheet = try PreviewSheetRenderer(scale: scale).render(subjects, gridSize: grid)
                XCTAssertEqual(sheet.width, 12 + 5 * (cell + 12), "\(grid) @\(scale)x")
                XCTAssertEqual(sheet.height, 12 + 2 * (cell + 12), "\(grid) @\(scale)x")
                // The gaps keep the sheet colour.
                XCTAssertEqual(sheet[0, 0], RGBA(236, 236, 240))
                XCTAssertEqual(sheet[12 + cell, 12 + cell / 2], RGBA(236, 236, 240))
            }
        }
        // No subjects: one empty row; scales outside 1...3 are clamped.
        let empty = try PreviewSheetRenderer(scale: 1).render([], gridSize: .small)
        XCTAssertEqual(empty.width, 12 + 5 * 112)
        XCTAssertEqual(empty.height, 12 + 112)
        XCTAssertEqual(PreviewSheetRenderer(scale: 9).scale, 3)
        XCTAssertEqual(PreviewSheetRenderer(scale: 0).scale, 1)
        XCTAssertEqual(PreviewSheetRenderer(frame: -4).frame, 0)
    }

    func testOpaqueRedShowsRedAtTheTileCentreOnEveryBackground() throws {
        for grid in GridSize.allCases {
            for scale in 1...3 {
                let cell = grid.points * scale
                let sheet = try PreviewSheetRenderer(scale: scale).render([still(ExampleImage.opaque(grid.maxPixels, grid.maxPixels, red))],
                                                                         gridSize: grid)
                for column in 0..<PreviewBackground.allCases.count {
                    XCTAssertEqual(centre(sheet, row: 0, column: column, cell: cell), red, "\(grid) @\(scale)x column \(column)")
                }
            }
        }
    }

    func testHalfAlphaWhiteOverTheDarkTileIsMidGrey() throws {
        let white = ExampleImage.opaque(408, 408, RGBA(255, 255, 255, 128))
        for scale in 1...3 {
            let sheet = try PreviewSheetRenderer(scale: scale).render([still(white)], gridSize: .regular)
            let pixel = centre(sheet, row: 0, column: 0, cell: 136 * scale)
            for channel in [pixel.r, pixel.g, pixel.b] {
                XCTAssertEqual(Int(channel), 128, accuracy: 1, "@\(scale)x \(pixel)")
            }
            XCTAssertEqual(pixel.a, 255)
        }
    }

    func testSmallStickerIsCentredAtItsDisplaySize() throws {
        // 30 px = 10 pt: 20 px at 2x, centred in the 272 px cell (126..<146), dark around it.
        let sheet = try PreviewSheetRenderer(scale: 2).render([still(ExampleImage.opaque(30, 30, red))], gridSize: .regular)
        XCTAssertEqual(sheet[12 + 126, 12 + 126], red)
        XCTAssertEqual(sheet[12 + 145, 12 + 145], red)
        XCTAssertEqual(sheet[12 + 125, 12 + 136], RGBA(0, 0, 0))
        XCTAssertEqual(sheet[12 + 146, 12 + 136], RGBA(0, 0, 0))
    }

    func testStickerWithoutImageGetsARedCross() throws {
        let broken = StickerSubject.example(image: nil, name: "Broken")
        let sheet = try PreviewSheetRenderer(scale: 1).render([broken], gridSize: .small)
        let cross = RGBA(200, 30, 30)
        for column in 0..<5 {
            let x0 = 12 + column * 112, y0 = 12
            XCTAssertEqual(sheet[x0, y0], cross)                  // top-left end
            XCTAssertEqual(sheet[x0 + 99, y0], cross)             // top-right end
            XCTAssertEqual(sheet[x0 + 50, y0 + 50], cross)        // the middle
            XCTAssertEqual(sheet[x0 + 99, y0 + 99], cross)
        }
        // Off the diagonals the background shows: dark, light.
        XCTAssertEqual(sheet[12 + 50, 12 + 10], RGBA(0, 0, 0))
        XCTAssertEqual(sheet[12 + 112 + 50, 12 + 10], RGBA(255, 255, 255))
    }

    func testFramePastTheEndShowsTheLastFrame() throws {
        let frames = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255)].map { ExampleImage.opaque(408, 408, $0) }
        let subject = StickerSubject.example(image: ExampleImage.animation(frames))
        for (frame, colour) in [(0, RGBA(255, 0, 0)), (1, RGBA(0, 255, 0)), (2, RGBA(0, 0, 255)), (3, RGBA(0, 0, 255)), (99, RGBA(0, 0, 255))] {
            let sheet = try PreviewSheetRenderer(frame: frame, scale: 3).render([subject], gridSize: .regular)
            XCTAssertEqual(centre(sheet, row: 0, column: 1, cell: 408), colour, "frame \(frame)")
        }
    }

    func testRowsFollowSubjectOrder() throws {
        let subjects = [still(ExampleImage.opaque(300, 300, red), name: "A"),
                        still(ExampleImage.opaque(300, 300, RGBA(0, 0, 255)), name: "B")]
        let sheet = try PreviewSheetRenderer(scale: 1).render(subjects, gridSize: .small)
        XCTAssertEqual(centre(sheet, row: 0, column: 2, cell: 100), red)
        XCTAssertEqual(centre(sheet, row: 1, column: 2, cell: 100), RGBA(0, 0, 255))
    }
}

final class PreviewBackgroundTests: XCTestCase {
    func testTilesAreDeterministicAndOpaque() {
        for background in PreviewBackground.allCases {
            let a = background.tile(width: 37, height: 29), b = background.tile(width: 37, height: 29)
            XCTAssertEqual(a, b, "\(background)")
            XCTAssertEqual(a.width, 37)
            XCTAssertEqual(a.height, 29)
            XCTAssertFalse(a.hasTransparency, "\(background)")
        }
    }

    func testFlatColours() {
        XCTAssertEqual(Set(PreviewBackground.dark.tile(width: 5, height: 5).pixels), [0, 255])
        XCTAssertEqual(PreviewBackground.dark.tile(width: 3, height: 3)[1, 1], RGBA(0, 0, 0))
        XCTAssertEqual(PreviewBackground.light.tile(width: 3, height: 3)[2, 2], RGBA(255, 255, 255))
        XCTAssertEqual(PreviewBackground.bubble.tile(width: 3, height: 3)[0, 2], RGBA(11, 132, 255))
    }

    func testCheckerboardSquaresAreEightPixels() {
        let tile = PreviewBackground.checkerboard.tile(width: 40, height: 40)
        let white = RGBA(255, 255, 255), grey = RGBA(200, 200, 208)
        for y in 0..<40 {
            for x in 0..<40 {
                XCTAssertEqual(tile[x, y], (x / 8 + y / 8).isMultiple(of: 2) ? white : grey, "(\(x),\(y))")
            }
        }
        XCTAssertEqual(tile[7, 7], white)
        XCTAssertEqual(tile[8, 7], grey)
        XCTAssertEqual(tile[7, 8], grey)
        XCTAssertEqual(tile[8, 8], white)
    }

    func testPhotoIsBusy() {
        let tile = PreviewBackground.photo.tile(width: 64, height: 64)
        var colours = Set<RGBA>()
        for y in 0..<64 { for x in 0..<64 { colours.insert(tile[x, y]) } }
        XCTAssertGreaterThan(colours.count, 500)
        XCTAssertEqual(PreviewBackground.allCases.map(\.label), ["Dark", "Light", "Transparency", "Sent bubble", "Photo"])
    }
}

/// Row labels drawn with the built-in 5x7 font, checked pixel by pixel.
final class PreviewLabelTests: XCTestCase {
    func testGlyphPixelsAreDrawnExactly() {
        var buffer = PixelBuffer(width: 12, height: 8, fill: RGBA(255, 255, 255))
        BitmapFont.draw("1-", into: &buffer, x: 0, y: 0, scale: 1, colour: RGBA(0, 0, 0))
        let ink = (0..<8).map { y in String((0..<12).map { buffer[$0, y].r == 0 ? "#" : "." }) }
        XCTAssertEqual(ink, [
            "..#.........",
            ".##.........",
            "..#.........",
            "..#...#####.",
            "..#.........",
            "..#.........",
            ".###........",
            "............",
        ])
        XCTAssertEqual(BitmapFont.glyph("a"), BitmapFont.glyph("A"))
        XCTAssertEqual(BitmapFont.glyph("€"), BitmapFont.box)
    }

    func testEachRowIsLabelledAboveItsTiles() {
        let renderer = PreviewSheetRenderer(scale: 1)
        let art = ExampleImage.opaque(20, 20, RGBA(200, 0, 0))
        let label = PreviewSheetRenderer.label(name: "sun", width: 408, height: 408, bytes: 53_059)
        XCTAssertEqual(label, "sun  408x408 px  53,059 bytes")
        let plain = renderer.render(arts: [art, art], gridSize: .small)
        let sheet = renderer.render(arts: [art, art], labels: [label, "heart"], gridSize: .small)
        XCTAssertEqual(sheet.height, plain.height + 2 * renderer.labelHeight)
        // The label's first glyph ("S") starts at the gap; its top row is .####
        let gap = PreviewSheetRenderer.gap
        XCTAssertEqual((0..<5).map { sheet[gap + $0, gap] == PreviewSheetRenderer.labelColour }, [false, true, true, true, true])
        // The second row's label sits below the first row's tiles.
        let secondTop = gap + 100 + renderer.labelHeight + gap
        XCTAssertEqual((0..<5).map { sheet[gap + $0, secondTop] == PreviewSheetRenderer.labelColour }, [true, false, false, false, true])
        XCTAssertNotEqual(sheet[gap, gap + renderer.labelHeight + 1], PreviewSheetRenderer.sheetColour)   // a tile
    }
}
