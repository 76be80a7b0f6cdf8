import Foundation
import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// Every icon `build` generates is what App Store Connect accepts (ITMS-90717): 8-bit RGB (colour
/// type 2), no tRNS, not interlaced, an sRGB chunk, every pixel opaque; from a transparent,
/// non-square source, with each background option and both fits.
final class IconGenerationTests: XCTestCase {
    /// 400x300: a transparent canvas with an opaque red disc and a half-transparent blue band.
    static var transparentSource: PixelBuffer {
        var image = PixelBuffer(width: 400, height: 300)
        for y in 0..<300 {
            for x in 0..<400 {
                let dx = x - 200, dy = y - 150
                if dx * dx + dy * dy < 100 * 100 { image[x, y] = RGBA(220, 30, 40) }
                if (140..<160).contains(y) { image[x, y] = RGBA(0, 0, 255, 128) }
            }
        }
        return image
    }

    /// 400x300 opaque: a uniform green border (4 px) around orange artwork.
    static var borderedSource: PixelBuffer {
        var image = PixelBuffer(width: 400, height: 300, fill: RGBA(30, 160, 90))
        for y in 4..<296 { for x in 4..<396 { image[x, y] = RGBA(250, 140, 20) } }
        return image
    }

    /// Builds the icons of `source` with `style`; returns each slot's file bytes.
    private func icons(_ source: PixelBuffer, style: IconStyle) async throws -> [IconSlot: [UInt8]] {
        try await icons(file: try PNGEncoder().encode(source), style: style)
    }

    private func icons(file source: [UInt8], style: IconStyle) async throws -> [IconSlot: [UInt8]] {
        try RealCodec.require()
        let folder = try TemporaryFolder()
        try folder.write("icon.png", source)
        try folder.write("cat/A.sticker/a.png", try PNGEncoder().encode(PixelBuffer(width: 300, height: 300, fill: RGBA(1, 2, 3, 4))))
        let pack = StickerPack(name: "Icons", root: folder.path + "/cat", kind: .folder, gridSize: .small, stickers: [
            StickerSource(name: "A", folder: "A.sticker", content: .file("A.sticker/a.png"), accessibilityLabel: "A"),
        ], iconSet: nil, problems: [])
        var options = PackBuildOptions(outputDirectory: folder.path + "/out", effort: .fast, iconSource: folder.path + "/icon.png")
        options.iconStyle = style
        let plan = try await PackBuilder(options: options).prepare(pack)
        var files: [IconSlot: [UInt8]] = [:]
        for slot in IconSlot.all {
            files[slot] = try XCTUnwrap(plan.files["Stickers.xcstickers/iMessage App Icon.stickersiconset/" + PackBuilder.iconFileName(slot)])
        }
        return files
    }

    /// The App Store form, for every slot; returns the decoded pixels.
    private func assertAppStoreReady(_ files: [IconSlot: [UInt8]], file: StaticString = #filePath, line: UInt = #line) throws -> [IconSlot: PixelBuffer] {
        var images: [IconSlot: PixelBuffer] = [:]
        for slot in IconSlot.all {
            let bytes = try XCTUnwrap(files[slot])
            let chunks = PNGChunkList(bytes)
            let header = try XCTUnwrap(chunks.header)
            XCTAssertEqual(header.colorType, 2, "\(slot.label): colour type", file: file, line: line)
            XCTAssertEqual(header.bitDepth, 8, "\(slot.label): bit depth", file: file, line: line)
            XCTAssertEqual(header.interlace, 0, "\(slot.label): interlace", file: file, line: line)
            XCTAssertFalse(chunks.types.contains("tRNS"), "\(slot.label): tRNS", file: file, line: line)
            XCTAssertFalse(chunks.types.contains("PLTE"), "\(slot.label): PLTE", file: file, line: line)
            XCTAssertEqual(chunks.chunks.first { $0.type == "sRGB" }?.data, [0], "\(slot.label): sRGB chunk", file: file, line: line)
            XCTAssertEqual(Array(chunks.types.prefix(2)), ["IHDR", "sRGB"], file: file, line: line)
            let image = try ImageDecoder().decode(bytes)
            XCTAssertEqual([image.width, image.height], [slot.pixelWidth, slot.pixelHeight], file: file, line: line)
            XCTAssertEqual(image.frames[0].image.transparentPixelCount, 0, "\(slot.label): transparent pixels", file: file, line: line)
            XCTAssertEqual(image.facts.transparency, .none, file: file, line: line)
            images[slot] = image.frames[0].image
        }
        return images
    }

    private var store: IconSlot { IconSlot.all.first { $0.isAppStoreIcon && $0.pixelWidth == $0.pixelHeight }! }
    private var storeWide: IconSlot { IconSlot.all.first { $0.isAppStoreIcon && $0.pixelWidth != $0.pixelHeight }! }

    func testTransparentSourceWithAnExplicitBackground() async throws {
        let images = try assertAppStoreReady(try await icons(Self.transparentSource, style: IconStyle(background: RGBA(10, 20, 30))))
        let square = try XCTUnwrap(images[store])
        // 400x300 letterboxed into 1024x1024: 1024x768 centred, bars of 128 rows above and below.
        XCTAssertEqual(square[0, 0], RGBA(10, 20, 30))
        XCTAssertEqual(square[512, 60], RGBA(10, 20, 30), "letterbox bar")
        XCTAssertEqual(square[20, 512 - 200], RGBA(10, 20, 30), "transparent artwork area")
        XCTAssertEqual(square[512, 512 - 120], RGBA(220, 30, 40), "opaque artwork kept")
        // The half-transparent blue band composited over the background: (255 x 128 + 30 x 127) / 255.
        let band = square[20, 512]
        XCTAssertEqual(Int(band.r), (10 * 127 + 127) / 255, accuracy: 2)
        XCTAssertEqual(Int(band.b), (255 * 128 + 30 * 127 + 127) / 255, accuracy: 2)
    }

    func testTransparentSourceDefaultsToWhite() async throws {
        let images = try assertAppStoreReady(try await icons(Self.transparentSource, style: IconStyle()))
        let square = try XCTUnwrap(images[store])
        XCTAssertEqual(square[0, 0], RGBA(255, 255, 255))
        XCTAssertEqual(square[20, 512 - 200], RGBA(255, 255, 255))
        XCTAssertEqual(try XCTUnwrap(images[storeWide])[0, 0], square[20, 512 - 200], "1024x768 has the source's aspect: no bars, white behind")
    }

    func testOpaqueUniformBorderIsTheDefaultBackground() async throws {
        let images = try assertAppStoreReady(try await icons(Self.borderedSource, style: IconStyle()))
        let square = try XCTUnwrap(images[store])
        XCTAssertEqual(square[512, 20], RGBA(30, 160, 90), "the bars take the source's border colour")
        XCTAssertEqual(square[512, 512], RGBA(250, 140, 20))
    }

    func testCoverFillsTheSlotAndCrops() async throws {
        let images = try assertAppStoreReady(try await icons(Self.transparentSource, style: IconStyle(background: RGBA(0, 0, 0), fit: .cover)))
        let square = try XCTUnwrap(images[store])
        // 400x300 covering 1024x1024 is 1365x1024, cropped 170 px left and right: the disc (radius
        // 100 of 150 rows) spans rows 171-853, so the top row is background and the centre is red.
        XCTAssertEqual(square[512, 512 - 200], RGBA(220, 30, 40))
        XCTAssertEqual(square[0, 0], RGBA(0, 0, 0))
        XCTAssertEqual(square[512, 0], RGBA(0, 0, 0))
    }

    /// A Display P3 source (the ImageCodec fixture's profile, on one of its colours) comes out in sRGB:
    /// the icons carry an sRGB chunk, so their pixels must be the colour converted (truth: transicc).
    func testAWideGamutSourceIsConvertedToSRGB() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ImageCodecTests/Fixtures/Color")
        let p3 = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("displayp3.png")))
        let truth = try JSONDecoder().decode([String: [[Int]]].self, from: Data(contentsOf: fixtures.appendingPathComponent("expected.json")))
        // Pixel 27 of the 7x7 fixture (row 3, column 6): P3 (128, 255, 30) is sRGB (56, 255, 0).
        let expected = try XCTUnwrap(truth["displayp3"]?[27])
        let raw = try XCTUnwrap(PNGChunkList(p3).chunks.first { $0.type == "iCCP" }?.data)
        var decodedRaw = try ImageDecoder().decode(p3).frames[0].image[6, 3]
        decodedRaw.a = 255
        let source = PixelBuffer(width: 40, height: 30, fill: decodedRaw)
        let file = PNGChunkWriter.file([PNGChunkSpec("IHDR", PNGChunkWriter.ihdr(width: 40, height: 30)), PNGChunkSpec("iCCP", raw),
                                        PNGChunkSpec("IDAT", PNGChunkWriter.imageData(source)), PNGChunkSpec("IEND", [])])
        let images = try assertAppStoreReady(try await icons(file: file, style: IconStyle()))
        let centre = try XCTUnwrap(images[store])[512, 512]
        XCTAssertLessThanOrEqual(max(abs(Int(centre.r) - expected[0]), abs(Int(centre.g) - expected[1]), abs(Int(centre.b) - expected[2])), 1,
                                 "\(centre) vs sRGB \(expected) (P3 \(decodedRaw))")
        XCTAssertNotEqual(centre, decodedRaw, "the P3 values are not copied unconverted")
    }

    func testIconStyleHexAndKey() {
        XCTAssertEqual(IconStyle.colour(hex: "#1A2b3C"), RGBA(0x1A, 0x2B, 0x3C))
        XCTAssertEqual(IconStyle.colour(hex: "1A2B3C"), RGBA(0x1A, 0x2B, 0x3C))
        XCTAssertNil(IconStyle.colour(hex: "#12345"))
        XCTAssertNil(IconStyle.colour(hex: "#12345G"))
        XCTAssertNil(IconStyle.colour(hex: "#+12345"))
        XCTAssertEqual(IconStyle.hex(RGBA(0x1A, 0x2B, 0x3C)), "#1A2B3C")
        XCTAssertNotEqual(IconStyle(fit: .cover).keyText, IconStyle().keyText)
    }

    func testFlattenedCompositesOverTheBackground() {
        var image = PixelBuffer(width: 3, height: 1)
        image[0, 0] = RGBA(255, 0, 0, 255)
        image[1, 0] = RGBA(255, 0, 0, 0)
        image[2, 0] = RGBA(255, 0, 0, 128)
        let flat = IconRenderer.flattened(image, onto: RGBA(0, 0, 255))
        XCTAssertEqual(flat[0, 0], RGBA(255, 0, 0))
        XCTAssertEqual(flat[1, 0], RGBA(0, 0, 255))
        XCTAssertEqual(flat[2, 0], RGBA(128, 0, 127))
    }

    func testTheEncoderRefusesTransparencyForIcons() {
        XCTAssertThrowsError(try IconRenderer.encode(PixelBuffer(width: 2, height: 2), effort: .fast))
    }
}
