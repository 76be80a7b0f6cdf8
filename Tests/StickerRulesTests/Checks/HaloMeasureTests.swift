import ImageCodec
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

final class HaloMeasureTests: XCTestCase {
    /// 9x9: clear border, a 7x7 block whose outer ring (24 px, alpha 200) is the edge and whose 5x5
    /// centre is opaque grey 100. The ring's bottom row and right column (13 px) are the grey
    /// flattened on white (a matte the model explains); the rest is the artwork's own colour.
    func testCountsMattePixelsExactly() {
        var buffer = ExampleImage.canvas(9, 9, inset: 2, content: RGBA(100, 100, 100), fringe: RGBA(100, 100, 100, 200))
        let mixed: UInt8 = 139   // 200/255 x 100 + 55/255 x 255, rounded
        for i in 1...7 { buffer[i, 7] = RGBA(mixed, mixed, mixed, 200); buffer[7, i] = RGBA(mixed, mixed, mixed, 200) }
        var measure = HaloMeasure()
        measure.add(buffer)
        XCTAssertEqual(measure, HaloMeasure(judged: 24, darker: 0, lighter: 13, matte: RGBA(255, 255, 255)))
        XCTAssertEqual(measure.share, 13.0 / 24.0, accuracy: 1e-12)
    }

    /// A feathered rim 8 px wide (alpha 28 to 252) of one near-black colour around light artwork is
    /// a designed dark rim, not a matte: the model explains none of it. The same rim flattened on
    /// black (colour a x artwork) is matte wherever it differs visibly (all but the most opaque pixel).
    func testFeatheredRimIsJudgedByTheModel() {
        func feathered(_ colour: (Double) -> RGBA) -> PixelBuffer {
            var buffer = PixelBuffer(width: 40, height: 1)
            for x in 0..<8 { buffer[x, 0] = colour(Double(28 + 32 * x) / 255) }
            for x in 8..<40 { buffer[x, 0] = RGBA(252, 236, 149) }
            return buffer
        }
        var rim = HaloMeasure()
        rim.add(feathered { RGBA(22, 18, 12, UInt8(($0 * 255).rounded())) })
        XCTAssertEqual(rim, HaloMeasure(judged: 8, darker: 0, lighter: 0))
        var matte = HaloMeasure()
        matte.add(feathered { a in
            let r = UInt8((a * 252).rounded()), g = UInt8((a * 236).rounded())
            let b = UInt8((a * 149).rounded()), alpha = UInt8((a * 255).rounded())
            return RGBA(r, g, b, alpha)
        })
        XCTAssertEqual(matte.judged, 8)
        XCTAssertEqual(matte.darker, 7)   // the most opaque pixel is within 3 levels of the artwork
        XCTAssertEqual(matte.matte, RGBA(0, 0, 0))
    }

    /// A drawn outline is artwork: opaque dark pixels next to transparency are never a halo.
    func testOpaqueOutlineIsNotAnEdge() {
        var buffer = ExampleImage.canvas(12, 12, inset: 2, content: RGBA(250, 250, 250))
        for i in 2..<10 { buffer[i, 2] = RGBA(0, 0, 0); buffer[i, 9] = RGBA(0, 0, 0); buffer[2, i] = RGBA(0, 0, 0); buffer[9, i] = RGBA(0, 0, 0) }
        var measure = HaloMeasure()
        measure.add(buffer)
        XCTAssertEqual(measure, HaloMeasure())
    }

    func testOpaqueImageHasNoEdge() {
        var measure = HaloMeasure()
        measure.add(ExampleImage.opaque(20, 20))
        XCTAssertEqual(measure, HaloMeasure())
    }

    func testLightFringeNamesDarkBackgroundsAndTheMatte() {
        let image = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20, content: RGBA(20, 20, 60), fringe: RGBA(138, 138, 158, 128)))
        let findings = EdgeHaloCheck().check(.example(image: image), context: CheckContext(gridSize: .large))
        XCTAssertEqual(findings.map(\.message), ["100% of 1,476 edge pixels were exported against a white matte: "
                                                 + "100% lighter (a light fringe, visible on dark backgrounds); limit 10%"])
    }

    /// The wide feathered edges the old measure (3 px reach, luma 64) missed entirely.
    func testWideFeatherAgainstBlackAndWhiteIsMostlyMatte() {
        for (matte, name) in [(RGBA(0, 0, 0), "black"), (RGBA(255, 255, 255), "white")] {
            let measure = HaloMeasure.of(ExampleImage.still(EdgeExamples.featheredDisc(matte: matte)))
            XCTAssertGreaterThan(measure.share, 0.5, name)
            XCTAssertEqual(measure.matte, matte, name)
        }
    }
}

final class NumberTextTests: XCTestCase {
    func testGroupingAndDecimals() {
        XCTAssertEqual(NumberText.int(0), "0")
        XCTAssertEqual(NumberText.int(999), "999")
        XCTAssertEqual(NumberText.int(1000), "1,000")
        XCTAssertEqual(NumberText.int(-67_108_864), "-67,108,864")
        XCTAssertEqual(NumberText.decimal(66.66666), "66.67")
        XCTAssertEqual(NumberText.decimal(30), "30")
        XCTAssertEqual(NumberText.decimal(1234.5), "1,234.5")
        XCTAssertEqual(NumberText.decimal(0.45455, places: 5), "0.45455")
        XCTAssertEqual(NumberText.percent(0.666), "67%")
        XCTAssertEqual(NumberText.list(["a", "b", "c"]), "a, b and c")
    }

    /// The first frame of a video sticker sticker-convert 2.x wrote for Telegram (VP9 with alpha, its
    /// `--preset telegram` on a 480 px animated WebP, cut to one frame with `ffmpeg -c copy`): too few
    /// visibly differing edge pixels to estimate a matte, while nearly opaque pixels on the drifting
    /// edge were "explained" by the stand-in matte, which then trapped converting -1000 to a colour.
    func testNoMatteEstimateMeansNoMatte() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Peer/sticker-convert-vp9-alpha.webm").path
        let image = try ImageDecoder().decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(image.frames.count, 1)
        let measure = HaloMeasure.of(image)
        XCTAssertEqual(measure.darker + measure.lighter, 0)
        XCTAssertNil(measure.matte)
        XCTAssertGreaterThan(measure.judged, 0)
    }

    /// Frames the alpha scan found no pixel to judge in are skipped, with the same measure: every
    /// `edge_halo` example, and an animation mixing a matted frame with hard-edged and opaque ones.
    func testSkippingFramesWithoutEdgePixelsKeepsTheMeasure() throws {
        let examples = EdgeHaloCheck.examples
        var subjects = (examples.triggering + examples.nonTriggering).compactMap { example -> StickerSubject? in
            if case .sticker(let subject) = example.input { return subject }
            return nil
        }
        subjects.append(.example(image: ExampleImage.animation([
            ExampleImage.canvas(60, 60, inset: 8), ExampleImage.opaque(60, 60),
            ExampleImage.canvas(60, 60, inset: 8, fringe: RGBA(15, 70, 110, 128))])))
        XCTAssertGreaterThan(subjects.count, 10)
        for subject in subjects {
            let image = try XCTUnwrap(subject.image)
            XCTAssertEqual(HaloMeasure.of(image, scans: subject.alphaScans), HaloMeasure.of(image))
        }
        XCTAssertGreaterThan(HaloMeasure.of(try XCTUnwrap(subjects.last?.image), scans: subjects.last?.alphaScans).judged, 0)
    }
}
