import ImageCodec
import TestSupport
import XCTest

/// Disposal exactly as browsers do it, and frames that reach past the logical screen.
final class GIFDisposalTests: XCTestCase {
    private typealias F = GIFFixtures
    private let clear = RGBA.clear

    /// Frame 1 fills a 3x2 screen with blue, frame 2 puts red at (1,0), frame 3 green at (2,1).
    private func frames(firstDisposal: Int, secondDisposal: Int) throws -> [PixelBuffer] {
        let bytes = GIFFixtureEncoder(width: 3, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(width: 3, height: 2, indices: [2, 2, 2, 2, 2, 2], disposal: firstDisposal),
            GIFFixtureFrame(left: 1, top: 0, width: 1, height: 1, indices: [0], disposal: secondDisposal),
            GIFFixtureFrame(left: 2, top: 1, width: 1, height: 1, indices: [1]),
        ]).encode()
        return try ImageDecoder().decode(bytes).frames.map(\.image)
    }

    func testDisposalNoneAndDoNotDisposeKeepTheFrame() throws {
        for method in [0, 1] {
            let shown = try frames(firstDisposal: method, secondDisposal: method)
            XCTAssertEqual(shown, [
                F.canvas([[F.blue, F.blue, F.blue], [F.blue, F.blue, F.blue]]),
                F.canvas([[F.blue, F.red, F.blue], [F.blue, F.blue, F.blue]]),
                F.canvas([[F.blue, F.red, F.blue], [F.blue, F.blue, F.green]]),
            ], "disposal \(method)")
        }
    }

    func testDisposalBackgroundClearsTheRectangleToTransparent() throws {
        let shown = try frames(firstDisposal: 2, secondDisposal: 2)
        XCTAssertEqual(shown, [
            F.canvas([[F.blue, F.blue, F.blue], [F.blue, F.blue, F.blue]]),
            F.canvas([[clear, F.red, clear], [clear, clear, clear]]),
            F.canvas([[clear, clear, clear], [clear, clear, F.green]]),
        ])
    }

    func testDisposalPreviousRestoresTheRectangle() throws {
        let shown = try frames(firstDisposal: 0, secondDisposal: 3)
        XCTAssertEqual(shown, [
            F.canvas([[F.blue, F.blue, F.blue], [F.blue, F.blue, F.blue]]),
            F.canvas([[F.blue, F.red, F.blue], [F.blue, F.blue, F.blue]]),
            F.canvas([[F.blue, F.blue, F.blue], [F.blue, F.blue, F.green]]),
        ])
    }

    func testDisposalPreviousOnTheFirstFrameRestoresTransparency() throws {
        let shown = try frames(firstDisposal: 3, secondDisposal: 0)
        XCTAssertEqual(shown[1], F.canvas([[clear, F.red, clear], [clear, clear, clear]]))
    }

    func testAnimatedFixtureCanvases() throws {
        // Frame 2 (interlaced, local table, index 0 transparent, restore-previous) over frame 1;
        // frame 3 draws after the restore, then clears its own rectangle.
        let image = try ImageDecoder().decode(F.animated())
        let first = F.canvas((0..<9).map { _ in [F.red, F.green, F.blue, F.white] })
        XCTAssertEqual(image.frames[0].image, first)
        var second = first
        let yellow = RGBA(255, 255, 0)
        for y in 2..<9 { for x in 1..<4 where ((y - 2) * 3 + (x - 1)) % 2 == 1 { second[x, y] = yellow } }
        XCTAssertEqual(image.frames[1].image, second)
        var third = first
        third[2, 0] = F.white; third[3, 0] = F.blue; third[2, 1] = F.green; third[3, 1] = F.red
        XCTAssertEqual(image.frames[2].image, third)
    }

    /// Chromium grows the canvas to hold the first frame and clips later ones (both measured with
    /// ImageDecoder on these two files: 4x3 and 2x2 canvases).
    func testFirstFrameReachingPastTheScreenGrowsTheCanvas() throws {
        let bytes = GIFFixtureEncoder(width: 2, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(left: 1, top: 1, width: 3, height: 2, indices: [0, 1, 2, 3, 3, 3], disposal: 2),
            GIFFixtureFrame(left: 0, top: 0, width: 1, height: 1, indices: [3]),
        ]).encode()
        let image = try ImageDecoder().decode(bytes)
        XCTAssertEqual([image.width, image.height], [4, 3])
        XCTAssertEqual(image.frames[0].image, F.canvas([[clear, clear, clear, clear], [clear, F.red, F.green, F.blue],
                                                        [clear, F.white, F.white, F.white]]))
        XCTAssertEqual(image.frames[1].image, F.canvas([[F.white, clear, clear, clear], [clear, clear, clear, clear],
                                                        [clear, clear, clear, clear]]))
        XCTAssertEqual(image.facts.rawFrames[0],
                       RawFrameInfo(region: PixelRegion(x: 1, y: 1, width: 3, height: 2), dispose: .background, blend: .over))
    }

    func testLaterFrameReachingPastTheScreenIsClipped() throws {
        let bytes = GIFFixtureEncoder(width: 2, height: 2, globalPalette: F.palette, frames: [
            GIFFixtureFrame(left: 0, top: 0, width: 1, height: 1, indices: [3]),
            GIFFixtureFrame(left: 1, top: 1, width: 3, height: 2, indices: [0, 1, 2, 3, 3, 3]),
        ]).encode()
        let image = try ImageDecoder().decode(bytes)
        XCTAssertEqual([image.width, image.height], [2, 2])
        XCTAssertEqual(image.frames[1].image, F.canvas([[F.white, clear], [clear, F.red]]))
    }
}
