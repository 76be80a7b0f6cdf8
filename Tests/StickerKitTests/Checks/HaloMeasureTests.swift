import ImageCodec
@testable import StickerKit
import XCTest

final class HaloMeasureTests: XCTestCase {
    /// 9x9: clear border, a 7x7 block whose outer ring (24 px) is the edge and whose 5x5 centre is
    /// interior. The ring's top row (7 px) is white: exactly those are lighter; the rest match.
    func testCountsEdgePixelsExactly() {
        var buffer = ExampleImage.canvas(9, 9, inset: 2, content: RGBA(100, 100, 100), fringe: RGBA(100, 100, 100, 200))
        for x in 1...7 { buffer[x, 1] = RGBA(255, 255, 255, 200) }
        var measure = HaloMeasure()
        measure.add(buffer)
        XCTAssertEqual(measure, HaloMeasure(judged: 24, darker: 0, lighter: 7))
        XCTAssertEqual(measure.share, 7.0 / 24.0, accuracy: 1e-12)
    }

    /// A feathered rim 8 px wide (alpha 28 to 252) in a near-black matte around light artwork: only
    /// the rim pixels within 3 px of the opaque artwork are judged, and all of them are darker.
    /// The same rim in the artwork's own colour is clean.
    func testFeatheredMatteIsJudgedNearTheArtwork() {
        func feathered(rim: RGBA) -> PixelBuffer {
            var buffer = PixelBuffer(width: 40, height: 1)
            for x in 0..<8 { buffer[x, 0] = RGBA(rim.r, rim.g, rim.b, UInt8(28 + 32 * x)) }
            for x in 8..<40 { buffer[x, 0] = RGBA(252, 236, 149) }
            return buffer
        }
        var dark = HaloMeasure()
        dark.add(feathered(rim: RGBA(22, 18, 12)))
        XCTAssertEqual(dark, HaloMeasure(judged: 3, darker: 3, lighter: 0))
        var clean = HaloMeasure()
        clean.add(feathered(rim: RGBA(252, 236, 149)))
        XCTAssertEqual(clean, HaloMeasure(judged: 3, darker: 0, lighter: 0))
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

    func testLightFringeNamesDarkBackgrounds() {
        let image = ExampleImage.still(ExampleImage.canvas(408, 408, inset: 20, content: RGBA(20, 20, 60), fringe: RGBA(255, 255, 255, 128)))
        let findings = EdgeHaloCheck().check(.example(image: image), context: CheckContext(gridSize: .large))
        XCTAssertEqual(findings.map(\.message), ["100% of 1,476 edge pixels differ from the artwork next to them: "
                                                 + "100% lighter (a light fringe, visible on dark backgrounds); limit 10%"])
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
}
