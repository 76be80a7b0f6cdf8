import ImageCodec
import TestSupport
import XCTest

/// PNG, APNG and GIF through `visitFrames`: each frame lent from the compositor's canvas between
/// drawing it and disposing it, byte for byte the kept decode's frame, with the frame count known
/// before the first frame, and no copy of the canvas made for any frame.
final class CompositedFrameVisitTests: XCTestCase {
    private let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0, 128), blue = RGBA(0, 0, 255)

    private func assertVisitMatchesDecode(_ bytes: [UInt8], _ name: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = try ImageDecoder().decode(bytes)
        var seen = 0, buffers = Set<UnsafePointer<UInt8>>()
        let summary = try ImageDecoder().visitFrames(bytes) { frame in
            XCTAssertEqual(frame.index, seen, name, file: file, line: line)
            XCTAssertEqual(frame.expectedFrames, kept.frames.count, name, file: file, line: line)
            XCTAssertEqual(frame.width, kept.width, name, file: file, line: line)
            XCTAssertEqual(frame.height, kept.height, name, file: file, line: line)
            XCTAssertTrue(Array(frame.pixels) == kept.frames[frame.index].image.pixels, "\(name) frame \(frame.index)",
                          file: file, line: line)
            buffers.insert(frame.pixels.baseAddress!)
            seen += 1
        }
        XCTAssertEqual(seen, kept.frames.count, name, file: file, line: line)
        XCTAssertEqual(summary, DecodedSummary(kept), name, file: file, line: line)
        if kept.facts.format != .png {
            XCTAssertEqual(buffers.count, 1, "\(name): the canvas is lent, never copied", file: file, line: line)
        }
    }

    /// Every APNG dispose and blend op, with a frame reaching the canvas edge and one drawn over a
    /// half-transparent frame, so each disposal writes the canvas just lent.
    func testAPNGFramesAreTheKeptFramesForEveryDisposeAndBlend() throws {
        for dispose: UInt8 in 0...2 {
            for blend: UInt8 in 0...1 {
                let fixture = APNGFixture(width: 6, height: 5, frames: [
                    .init(PixelBuffer(width: 6, height: 5, fill: red), dispose: dispose),
                    .init(PixelBuffer(width: 3, height: 2, fill: green), x: 1, y: 1, dispose: dispose, blend: blend),
                    .init(PixelBuffer(width: 2, height: 4, fill: blue), x: 4, y: 1, dispose: dispose, blend: blend),
                    .init(PixelBuffer(width: 4, height: 3, fill: green), x: 2, y: 2, blend: blend),
                ])
                try assertVisitMatchesDecode(fixture.bytes(), "APNG dispose \(dispose) blend \(blend)")
            }
        }
    }

    func testAStillPNGIsOneFrameOfOne() throws {
        let bytes = try PNGEncoder().encode(PixelBuffer(width: 7, height: 3, fill: green))
        try assertVisitMatchesDecode(bytes, "still")
    }

    /// Every GIF disposal, and a frame reaching past the logical screen (clipped).
    func testGIFFramesAreTheKeptFramesForEveryDisposal() throws {
        let palette = [RGBA(0, 0, 255), RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(9, 9, 9)]
        for disposal in 0...3 {
            let bytes = GIFFixtureEncoder(width: 4, height: 3, globalPalette: palette, frames: [
                GIFFixtureFrame(width: 4, height: 3, indices: [UInt8](repeating: 0, count: 12), disposal: disposal),
                GIFFixtureFrame(left: 1, top: 1, width: 2, height: 2, indices: [1, 3, 3, 1], disposal: disposal,
                                transparentIndex: 3),
                GIFFixtureFrame(left: 3, top: 0, width: 2, height: 2, indices: [2, 2, 2, 2], disposal: disposal),
                GIFFixtureFrame(left: 0, top: 0, width: 1, height: 1, indices: [1]),
            ]).encode()
            try assertVisitMatchesDecode(bytes, "GIF disposal \(disposal)")
        }
    }

    /// The lending render shows what the returning one returns, and leaves the same canvas.
    func testLendingAndReturningRenderAgree() {
        let frames: [(PixelBuffer, Int, Int, BlendOp, DisposeOp)] = [
            (PixelBuffer(width: 5, height: 5, fill: red), 0, 0, .source, .none),
            (PixelBuffer(width: 3, height: 3, fill: green), 1, 1, .over, .previous),
            (PixelBuffer(width: 4, height: 2, fill: blue), 3, 3, .source, .background),
            (PixelBuffer(width: 2, height: 2, fill: green), -1, -1, .over, .none),
        ]
        var returning = FrameCompositor(width: 5, height: 5), lending = FrameCompositor(width: 5, height: 5)
        for (index, (pixels, x, y, blend, dispose)) in frames.enumerated() {
            let returned = returning.render(pixels, atX: x, y: y, blend: blend, dispose: dispose)
            let lent = lending.render(pixels, atX: x, y: y, blend: blend, dispose: dispose) { $0.pixels }
            XCTAssertEqual(lent, returned.pixels, "frame \(index)")
            XCTAssertEqual(lending.canvas, returning.canvas, "canvas after frame \(index)")
        }
    }
}
