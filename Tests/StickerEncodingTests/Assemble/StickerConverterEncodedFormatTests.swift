import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// `convert --to webp|webm` in the library: the frames the file stores are counted from the file,
/// and `--fit` places into the grid cell before fitting, as it does for APNG.
final class StickerConverterEncodedFormatTests: XCTestCase {
    private let codec = FakeStickerCodec()

    private func gif(_ frames: [(PixelBuffer, FrameDelay)]) -> [UInt8] {
        FakeStickerCodec.file(.gif, frames: frames, loop: 0)
    }

    func testWebPReportsTheFramesItStoresAfterMergingRepeats() throws {
        let red = PixelBuffer(width: 8, height: 8, fill: RGBA(255, 0, 0)), blue = PixelBuffer(width: 8, height: 8, fill: RGBA(0, 0, 255))
        // Frames 1 and 2 look the same: WebPAnimEncoder stores them as one frame of 70 ms.
        let source = gif([(red, .centiseconds(3)), (red, .centiseconds(4)), (blue, .centiseconds(5))])
        let result = try StickerConverter(codec: codec, format: .webp).convert(source, name: "a.gif")
        XCTAssertEqual(result.framesIn, 3)
        XCTAssertEqual(result.framesWritten, 2)
        let back = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(back.frames.count, 2)
        XCTAssertEqual(back.frames.map(\.delay.milliseconds), [70, 50])
        XCTAssertEqual(try WebPEncoder.storedFrameCount(result.bytes), 2)
        // WebM stores every frame handed in.
        let video = try StickerConverter(codec: codec, format: .webm).convert(source, name: "a.gif")
        XCTAssertEqual(video.framesWritten, 3)
        XCTAssertEqual(try ImageDecoder().decode(video.bytes).frames.count, 3)
    }

    func testFitPlacesWebPAndWebMIntoTheGridCell() throws {
        var art = PixelBuffer(width: 40, height: 20, fill: RGBA(200, 40, 90))
        art[0, 0] = .clear
        let source = gif([(art, .centiseconds(10)), (PixelBuffer(width: 40, height: 20, fill: RGBA(20, 140, 90)), .centiseconds(10))])
        let target = FitTarget(options: FitOptions(maxBytes: 400_000, minQuality: 0.5), gridSize: .small)  // lossless WebP fits
        for format in [ConvertFormat.webp, .webm] {
            let result = try StickerConverter(codec: codec, fit: target, format: format).convert(source, name: "a.gif")
            // 40x20 -> 300x150 (the shorter side reaches 300 only past the 300 px cell), padded to 300x300.
            XCTAssertEqual([result.width, result.height], [300, 300], "\(format)")
            let fit = try XCTUnwrap(result.fit)
            XCTAssertEqual(fit.placement, "40x20 px -> 300x150 px (scale 7.5) into the 300 px grid cell, padded with transparency "
                           + "to 300x300 px (300 px minimum on both sides)", "\(format)")
            XCTAssertTrue(fit.steps[0].hasPrefix("into the cell: 40x20 px -> 300x150 px"), "\(format): \(fit.steps)")
            let back = try ImageDecoder().decode(result.bytes)
            XCTAssertEqual([back.width, back.height], [300, 300], "\(format)")
            XCTAssertLessThanOrEqual(result.bytes.count, 400_000)
        }
    }
}
