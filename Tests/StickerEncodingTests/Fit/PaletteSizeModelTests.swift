import ImageCodec
import XCTest
@testable import StickerEncoding
import StickerCore

/// The palette ladder's size model: the next geometry's search starts where the geometry before
/// puts the boundary, and still ends on the most faithful palette predicted to fit.
final class PaletteSizeModelTests: XCTestCase {
    typealias Sizes = StickerFitter.PaletteSizes

    /// Known rungs scale with the pixels; rungs between them are interpolated, and rungs beyond
    /// them extrapolated, on a log scale.
    func testAnEstimateScalesByPixelsAndInterpolatesOnALogScale() throws {
        let ends = Sizes(pixels: 100, bytes: [0: 1000, 10: 10])
        let half = try XCTUnwrap(ends.estimate(rungs: 11, pixels: 50))
        XCTAssertEqual(half[0], 500, accuracy: 1e-9)
        XCTAssertEqual(half[10], 5, accuracy: 1e-9)
        XCTAssertEqual(half[5], 50, accuracy: 1e-9)   // the geometric mean of 1000 and 10, halved

        let middle = Sizes(pixels: 10, bytes: [2: 400, 4: 100])
        let same = try XCTUnwrap(middle.estimate(rungs: 11, pixels: 10))
        XCTAssertEqual(same[0], 1600, accuracy: 1e-9)   // doubling per rung, continued above
        XCTAssertEqual(same[3], 200, accuracy: 1e-9)
        XCTAssertEqual(same[6], 25, accuracy: 1e-9)     // and below

        XCTAssertNil(Sizes(pixels: 10, bytes: [3: 100]).estimate(rungs: 11, pixels: 10), "one rung gives no slope")
        XCTAssertNil(Sizes(pixels: 0, bytes: [0: 1, 1: 1]).estimate(rungs: 11, pixels: 10))
    }

    /// After a geometry's candidates: the rungs made are kept as they came out, a rung between two of
    /// them is interpolated between those, and one beyond them is the prior corrected by its miss at
    /// the nearest rung made. Without candidates the prior stands.
    func testTheModelKeepsWhatWasMadeAndCorrectsTheRestByTheNearestMiss() {
        let prior = [Double](repeating: 100, count: 11)
        let model = Sizes.updated(prior: prior, pixels: 7, tried: [3: 50, 7: 20])
        XCTAssertEqual(model.pixels, 7)
        XCTAssertEqual(model.bytes[3], 50)
        XCTAssertEqual(model.bytes[7], 20)
        XCTAssertEqual(model.bytes[5]!, (50.0 * 20).squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(model.bytes[0]!, 50, accuracy: 1e-9)
        XCTAssertEqual(model.bytes[10]!, 20, accuracy: 1e-9)
        XCTAssertEqual(Sizes.updated(prior: prior, pixels: 7, tried: [:]).bytes, Dictionary(uniqueKeysWithValues: (0..<11).map { ($0, 100.0) }))
        XCTAssertEqual(Sizes.updated(prior: nil, pixels: 7, tried: [0: 9, 10: 1]).bytes, [0: 9, 10: 1])
    }

    /// A noisy clip whose palette boundary moves with the frame count: at every geometry searched,
    /// the palette measured is the most faithful predicted to fit (the next one up was made and is
    /// over the limit, or it is 256 colours), and each geometry after the first, started from the
    /// model, makes at most three palettes (a bisection of the eleven made five or six).
    func testEveryGeometryEndsOnItsBoundaryAndLaterOnesMakeFewCandidates() throws {
        let clip = VideoFitTests.calmGrainyClip(frames: 24, side: 40)
        let lossless = try PNGEncoder().encodeAnimation(clip, loopCount: 0).count
        var options = FitOptions(maxBytes: lossless / 4, lossy: true, minQuality: 0.9999, dithering: .off, minSide: 40)
        options.keepBestBelowFloor = true
        let result = try StickerFitter(options: options).fit(frames: clip, loopCount: 0, gridSize: .large)
        let palettes = result.report.candidates.compactMap(PaletteLine.init)
        let geometries = palettes.map(\.geometry).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        XCTAssertGreaterThanOrEqual(geometries.count, 3, "\(result.report.candidates)")
        var measured = 0
        for (n, geometry) in geometries.enumerated() {
            let lines = palettes.filter { $0.geometry == geometry }
            if n > 0 { XCTAssertLessThanOrEqual(lines.count, 3, "\(geometry): \(lines.map(\.colours))") }
            guard let chosen = lines.first(where: \.measured) else { continue }
            measured += 1
            XCTAssertLessThanOrEqual(chosen.bytes, options.maxBytes)
            let ladder = [256, 200, 160, 128, 100, 80, 64, 48, 32, 24, 16]
            let rung = try XCTUnwrap(ladder.firstIndex(of: chosen.colours))
            guard rung > 0 else { continue }
            let above = try XCTUnwrap(lines.first { $0.colours == ladder[rung - 1] }, "\(geometry): the next palette up was not made")
            XCTAssertGreaterThan(above.bytes, options.maxBytes, "\(geometry)")
        }
        XCTAssertGreaterThanOrEqual(measured, 2, "\(result.report.candidates)")
        XCTAssertLessThanOrEqual(result.bytes.count, options.maxBytes)
    }

    /// One palette line of the candidate list: "40x40, 6 frames merged, palette 48 colours,
    /// dithering none: 9120 B predicted, quality 0.7310".
    private struct PaletteLine {
        var geometry: String, colours: Int, bytes: Int, measured: Bool

        init?(_ line: String) {
            guard let at = line.range(of: ", palette "), line.contains("dithering none") else { return nil }
            geometry = String(line[..<at.lowerBound])
            let rest = line[at.upperBound...].split(separator: " ")
            guard let colours = Int(rest[0]), let bytesAt = rest.firstIndex(of: "B"), let bytes = Int(rest[bytesAt - 1]) else { return nil }
            self.colours = colours; self.bytes = bytes
            measured = line.contains("quality")
        }
    }
}
