import ImageCodec
import XCTest
@testable import StickerFixes
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// fix's scaling into the cell uses `--fit`'s geometry (`CellPlacement`): both sides stay at or
/// above 300 px, padding with transparency where scaling alone would not; vector sources are
/// rendered again, never enlarged as pixels (issues 19 and 20).
final class ScaleIntoCellFixTests: XCTestCase {
    private func context(_ grid: GridSize, upscale: Bool = false) -> FixContext {
        var settings = FixSettings()
        settings.upscale = upscale
        return FixContext(check: CheckContext(configuration: CheckConfiguration(), gridSize: grid), settings: settings)
    }

    private func work(_ image: PixelBuffer, bytes: [UInt8]? = nil) throws -> FixWork {
        let png = try PNGEncoder().encode(image)
        return FixWork(sticker: "S", file: "S.png", image: try ImageDecoder().decode(png), bytes: bytes ?? png)
    }

    func testScalingIntoTheCellPadsRatherThanGoBelow300() throws {
        try RealCodec.require()
        var w = try work(CellFixtures.art(375, 519))
        let c = context(.regular)
        let record = try XCTUnwrap(try ScaleToGridFix().apply(to: &w, context: c))
        XCTAssertEqual([w.image.width, w.image.height], [300, 408])
        XCTAssertEqual(record.details, "375x519 px -> 295x408 px (scale 0.7867) into the regular grid cell of 408 px, padded with "
                       + "transparency to 300x408 px (300 px minimum on both sides), 1 frame, timing unchanged")
        XCTAssertTrue(DimensionsTooSmallCheck().check(w.subject, context: c.check).isEmpty)
        XCTAssertTrue(ExceedsGridSizeCheck().check(w.subject, context: c.check).isEmpty)
        // The padding is transparent, two columns on the left, three on the right.
        XCTAssertEqual(w.image.frames[0].image[1, 204], .clear)
        XCTAssertEqual(w.image.frames[0].image[297, 204], .clear)
    }

    func testUpscaleStopsAtTheCellAndPads() throws {
        try RealCodec.require()
        var w = try work(CellFixtures.art(200, 40))
        let record = try XCTUnwrap(try UpscaleFix().apply(to: &w, context: context(.large, upscale: true)))
        XCTAssertEqual([w.image.width, w.image.height], [618, 300])
        XCTAssertTrue(record.details.hasPrefix("200x40 px -> 618x124 px (scale 3.09) into the 618 px grid cell, padded with "
                                               + "transparency to 618x300 px"), record.details)
    }

    func testUpscaleRendersAVectorSourceAgainInsteadOfEnlargingPixels() throws {
        try RealCodec.require()
        let bytes = Array(CellFixtures.smallLottie.utf8)
        let canvas = try ImageDecoder().decode(bytes)
        XCTAssertEqual([canvas.width, canvas.height], [100, 100])
        var w = FixWork(sticker: "V", file: "V.json", image: canvas, bytes: bytes)
        let record = try XCTUnwrap(try UpscaleFix().apply(to: &w, context: context(.large, upscale: true)))
        XCTAssertEqual(record.details, "100x100 px -> rendered again at 618x618 px into the 618 px grid cell; "
                       + "vector source: sharp, not enlarged as pixels")
        XCTAssertEqual([w.image.width, w.image.height], [618, 618])
        XCTAssertEqual(w.format, .apng)
        // Sharp: at most one partly covered pixel at each edge of the square (enlarged pixels blur over several).
        XCTAssertLessThanOrEqual(CellFixtures.partialAlphaPixels(row: 309, of: w.image.frames[0].image), 2)
        var blurred = try work(canvas.frames[0].image)
        _ = try UpscaleFix().apply(to: &blurred, context: context(.large, upscale: true))
        XCTAssertGreaterThan(CellFixtures.partialAlphaPixels(row: 150, of: blurred.image.frames[0].image), 2)
    }
}
