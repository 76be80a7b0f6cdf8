@testable import ImageCodec
import XCTest

/// The JSON rewrites and pass plans behind `LottieWebReferenceTests`, exactly.
final class LottieRewriteTests: XCTestCase {
    private func document(_ name: String) throws -> LottieJSON { try LottieJSON.parse(LottieFixture.bytes(name + ".json")) }

    private func layerNames(_ doc: LottieJSON, drawn: Bool = true) -> [String] {
        (doc["layers"]?.elements ?? []).compactMap { layer in
            guard case .string(let name)? = layer["nm"] else { return nil }
            return (layer["ty"]?.double != 3) == drawn ? name : nil
        }
    }

    func testJSONKeepsKeyOrderAndNumberTextAndRoundTrips() throws {
        let bytes = try LottieFixture.bytes("shapes.json")
        XCTAssertEqual(try LottieJSON.parse(bytes).bytes, bytes)
        let text = Array(#"{"ty":4,"a":[1.50,-2e3,true,null],"s":"q\"\\\n\u00e9\ud83d\ude00"}"#.utf8)
        let parsed = try LottieJSON.parse(text)
        XCTAssertEqual(parsed.members?.map(\.key), ["ty", "a", "s"])
        XCTAssertEqual(parsed["a"], .array([.number("1.50"), .number("-2e3"), .bool(true), .null]))
        XCTAssertEqual(parsed["s"], .string("q\"\\\n\u{e9}\u{1F600}"))
        XCTAssertEqual(String(decoding: parsed.bytes, as: UTF8.self), #"{"ty":4,"a":[1.50,-2e3,true,null],"s":"q\"\\\u000aé😀"}"#)
        XCTAssertThrowsError(try LottieJSON.parse(Array("{\"a\":[1,}".utf8)))
        XCTAssertEqual(LottieJSON.number(26.5), .number("26.5"))
        XCTAssertEqual(LottieJSON.number(16), .number("16"))
    }

    func testTopLevelMattePlan() throws {
        var planner = LottiePassPlanner(try document("matte-alpha"))
        let plan = planner.plan()
        guard case .over(let parts) = plan, parts.count == 3, case .render(let above) = parts[0],
              case .matte(.render(let content), .render(let matte), 1) = parts[1], case .render(let below) = parts[2] else {
            return XCTFail("\(plan)")
        }
        XCTAssertEqual(plan.passCount, 4)
        XCTAssertEqual(layerNames(above), ["above"])
        XCTAssertEqual(layerNames(content), ["content"])
        XCTAssertEqual(layerNames(matte), ["matte"])
        XCTAssertEqual(layerNames(below), ["background"])
        XCTAssertEqual(layerNames(matte, drawn: false), ["above", "content", "background"], "null layers keep parenting")
        let source = try document("matte-alpha")["layers"]?.elements ?? []
        for (pass, index) in [(content, 2), (matte, 1)] {
            XCTAssertTrue((pass["layers"]?.elements ?? []).allSatisfy { $0["tt"] == nil && $0["td"] == nil })
            // Keys keep their order (rlottie reads a shape's ty before the rest).
            XCTAssertEqual(pass["layers"]?.elements?[index].members?.map(\.key),
                           source[index].members?.map(\.key).filter { $0 != "tt" && $0 != "td" })
        }
        XCTAssertTrue(planner.unsupported.isEmpty)
        XCTAssertFalse(planner.drawsDocumentAsIs, "composited: not the document itself")
    }

    /// A document with nothing to composite is planned as itself, and said to be (no tree compared).
    func testAPlainDocumentIsDrawnAsIs() throws {
        let plain = try document("shapes")
        var planner = LottiePassPlanner(plain)
        XCTAssertEqual(planner.plan(), .render(plain))
        XCTAssertTrue(planner.drawsDocumentAsIs)
        XCTAssertFalse(try LottieDecoder.prepare(LottieFixture.bytes("shapes.json")).rewritten)
        XCTAssertTrue(try LottieDecoder.prepare(LottieFixture.bytes("matte-alpha.json")).rewritten)
    }

    /// lottie-web 5.7.4 builds no mask for a luma-inverted matte: the content is drawn plain, the matte not at all.
    func testLumaInvertedMatteIsDrawnAsLottieWebDrawsIt() throws {
        var planner = LottiePassPlanner(try document("matte-luma-inverted"))
        guard case .over(let parts) = planner.plan(), parts.count == 3, case .render(let content) = parts[1] else { return XCTFail() }
        XCTAssertEqual(layerNames(content), ["content"])
    }

    func testPrecompMattePlanCopiesTheAssetPerPass() throws {
        var planner = LottiePassPlanner(try document("precomp-matte-alpha"))
        let plan = planner.plan()
        guard case .over(let top) = plan, top.count == 2, case .over(let inner) = top[0], inner.count == 3,
              case .matte(.render(let content), .render, 1) = inner[1], case .render(let outer) = top[1] else { return XCTFail("\(plan)") }
        XCTAssertEqual(plan.passCount, 5)
        XCTAssertEqual(layerNames(content), ["precomp"])
        XCTAssertEqual(content["layers"]?.elements?[0]["refId"], .string("matted~pass0"))
        let copy = content["assets"]?.elements?.first { $0["id"] == .string("matted~pass0") }
        XCTAssertEqual(copy.map { layerNames($0) }, ["content"])
        XCTAssertEqual(layerNames(outer), ["outer"])
    }

    func testFillEffectPlanAndUnrewrittenFiles() throws {
        var planner = LottiePassPlanner(try document("fill-effect"))
        guard case .over(let parts) = planner.plan(), case .fill(.render(let bell), let color, let opacity) = parts[0] else { return XCTFail() }
        XCTAssertEqual(layerNames(bell), ["bell"])
        XCTAssertNil(bell["layers"]?.elements?[0]["ef"])
        XCTAssertEqual(color, [1, 0.95, 0.7]); XCTAssertEqual(opacity, 0.8)
        let plain = try LottieDecoder.prepare(LottieFixture.bytes("shapes.json"))
        XCTAssertFalse(plain.rewritten, "files without these features go to rlottie byte for byte")
        XCTAssertEqual(plain.plan.passCount, 1)
    }

    func testTooManyPassesFallBackToOnePassAndSaySo() throws {
        let pair = #"{"ty":4,"nm":"m","td":1,"ks":{},"ip":0,"op":4,"shapes":[]},{"ty":4,"nm":"c","tt":1,"ks":{},"ip":0,"op":4,"shapes":[]}"#
        let json = LottieFixture.json(layers: "[" + Array(repeating: pair, count: 13).joined(separator: ",") + "]")
        let preparation = try LottieDecoder.prepare(json)
        XCTAssertEqual(preparation.plan.passCount, 1)
        XCTAssertEqual(preparation.unsupported, [LottieUnsupportedFeature(feature: "track mattes and Fill effects needing more than 24 render passes", layer: "")])
    }

    func testStretchedPrecompsAreFoldedIntoCopiesOfTheirAsset() throws {
        var rewrite = LottieTimeRewrite(try document("stretched-precomp"))
        XCTAssertTrue(rewrite.foldPrecompTiming())
        XCTAssertTrue(rewrite.changed)
        let layers = rewrite.document["layers"]?.elements ?? []
        XCTAssertEqual(layers.map { $0["refId"] }, [.string("inner~sf1"), .string("inner~sf2")])
        XCTAssertEqual(layers.map { $0["sr"] }, [.number("1"), .number("1")])
        XCTAssertEqual(layers.map { $0["st"] }, [.number("0"), .number("0")])
        let assets = rewrite.document["assets"]?.elements ?? []
        func mover(_ id: String) -> LottieJSON? { assets.first { $0["id"] == .string(id) }?["layers"]?.elements?.first }
        // Inner time (t - st) / sr becomes t: every time in the copy is sr * time + st.
        XCTAssertEqual(mover("inner~sf1")?["op"], .number("32"))
        XCTAssertEqual(mover("inner~sf2")?["op"], .number("52.5"))
        let position = mover("inner~sf2")?["shapes"]?.elements?[0]["it"]?.elements?[0]["p"]?["k"]?.elements
        XCTAssertEqual(position?.map { $0["t"] }, [.number("0.5"), .number("26.5")])
        XCTAssertEqual(mover("inner")?["op"], .number("40"), "the original asset is left as it was")
    }

    func testPerDimensionEasingIsBakedAtWholeFrames() throws {
        var rewrite = LottieTimeRewrite(try document("per-dimension-easing"))
        rewrite.bakePerDimensionEasing()
        let items = rewrite.document["layers"]?.elements?[0]["shapes"]?.elements?[0]["it"]?.elements ?? []
        let keys = items.last?["s"]?["k"]?.elements ?? []
        XCTAssertEqual(keys.count, 16, "frames 0 to 14, then the last keyframe")
        XCTAssertEqual(keys.map { $0["t"]?.double ?? -1 }, (0...15).map(Double.init))
        let five = keys[5]["s"]?.elements?.compactMap(\.double) ?? []
        // x eases with (0.9, 0) (0.9, 1), y with (0.1, 0.9) (0.1, 0.2): 30 + 150 * ease(5/15).
        XCTAssertEqual(five[0], 38.298277422004034, accuracy: 1e-6)
        XCTAssertEqual(five[1], 116.28431380364403, accuracy: 1e-6)
        XCTAssertEqual(CubicBezierEasing(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).value(at: 0.5), 0.802403387584857, accuracy: 1e-9)
        // A moving square eased the same in both dimensions is left alone.
        let moved = rewrite.document["layers"]?.elements?[1]["shapes"]?.elements?[0]["it"]?.elements?.last?["p"]?["k"]?.elements
        XCTAssertEqual(moved?.count, 2)
    }

    /// lottie-web draws a layer at whole frames ceil(ip) to before ceil(op); rlottie rounds ip and op to
    /// the nearest frame (half away from zero), so only fractions where the two differ are rewritten.
    func testLayerSpansSnapToTheWholeFramesLottieWebDraws() throws {
        XCTAssertEqual([2.4, 6.4, 2.45, -2.5, -2.6, 0.1].map(LottieTimeRewrite.wholeFrame), [3, 7, 3, -2, -2, 1])
        XCTAssertEqual([2.5, 2.6, 3, -2.4, -3, 1e300, .infinity].map(LottieTimeRewrite.wholeFrame), Array(repeating: nil, count: 7))
        let layers = #"[{"ty":4,"nm":"early","ks":{},"ip":2.4,"op":6.4,"st":0.3,"shapes":[]},"#
            + #"{"ty":4,"nm":"late","ks":{},"ip":2.5,"op":6.75,"shapes":[]},{"ty":0,"nm":"p","refId":"a","ks":{},"ip":0,"op":8}]"#
        let assets = #","assets":[{"id":"a","layers":[{"ty":4,"ks":{},"ip":1.25,"op":1e300,"shapes":[]}]}]"#
        var rewrite = LottieTimeRewrite(try LottieJSON.parse(LottieFixture.json(op: "8", layers: layers, extra: assets)))
        rewrite.snapLayerSpansToWholeFrames()
        XCTAssertTrue(rewrite.changed)
        let top = rewrite.document["layers"]?.elements ?? []
        XCTAssertEqual(top.map { $0["ip"] }, [.number("3"), .number("2.5"), .number("0")])
        XCTAssertEqual(top.map { $0["op"] }, [.number("7"), .number("6.75"), .number("8")])
        XCTAssertEqual(top[0]["st"], .number("0.3"), "start times (keyframe offsets) are rlottie's as lottie-web's")
        XCTAssertEqual(top[0].members?.map(\.key), ["ty", "nm", "ks", "ip", "op", "st", "shapes"])
        let inner = rewrite.document["assets"]?.elements?[0]["layers"]?.elements?[0]
        XCTAssertEqual(inner?["ip"], .number("2"))
        XCTAssertEqual(inner?["op"], .number("1e300"))
        XCTAssertEqual(rewrite.document["op"], .number("8"), "the document's own frames are left alone")

        // Whole and late-half frames need nothing: the file still goes to rlottie byte for byte.
        let agreeing = #"[{"ty":4,"ks":{},"ip":2.5,"op":6.6,"shapes":[]},{"ty":4,"ks":{},"ip":-2.4,"op":5,"shapes":[]}]"#
        XCTAssertFalse(try LottieDecoder.prepare(LottieFixture.json(op: "8", layers: agreeing)).rewritten)
        XCTAssertTrue(try LottieDecoder.prepare(LottieFixture.json(op: "8", layers: layers, extra: assets)).rewritten)
    }

    func testUnsupportedFeaturesAreNamedWithTheirLayer() throws {
        let layers = #"[{"ty":4,"nm":"glow","bm":3,"ef":[{"ty":29,"ef":[]}],"ks":{},"ip":0,"op":4,"shapes":[]},"#
            + #"{"ty":5,"ind":7,"ks":{},"ip":0,"op":4,"t":{}},"#
            + #"{"ty":4,"nm":"ring","ks":{},"ip":0,"op":4,"shapes":[{"ty":"gr","it":[{"ty":"el"},{"ty":"st"},"#
            + #"{"ty":"tr","s":{"a":0,"k":[100,50]}}]}]},"#
            + #"{"ty":4,"nm":"even","ks":{"s":{"a":0,"k":[50,50]}},"ip":0,"op":4,"shapes":[{"ty":"st"}]},"#
            + #"{"ty":4,"nm":"orphan","tt":1,"ks":{},"ip":0,"op":4,"shapes":[]}]"#
        let found = LottieFeatureScan.scan(try LottieJSON.parse(LottieFixture.json(layers: layers)))
        XCTAssertEqual(found.map(\.description), [
            "Gaussian Blur effect on layer 'glow'", "blend mode 3 (overlay) on layer 'glow'", "text layer on layer 'layer 7'",
            "stroke in a non-uniformly scaled or skewed group on layer 'ring'", "track matte with no matte layer before it on layer 'orphan'",
        ])
        let image = try LottieDecoder().decode(LottieFixture.json(layers: layers), format: .lottie)
        XCTAssertEqual(image.facts.lottieUnsupportedFeatures?.count, 5)
    }

    /// Out-of-range numbers anywhere below the top level never trap the rewrites, plans or scan.
    func testHostileNumbersAreLeftAloneNotTrapped() throws {
        let eased = #"{"a":1,"k":[{"t":0,"s":[1e300,2],"o":{"x":[0.1,0.9],"y":[0,1]},"i":{"x":[0.1,0.9],"y":[0,1]}},{"t":1e300,"s":[1,2]}]}"#
        let empty = #"{"a":1,"k":[{"t":0,"s":[1,2],"o":{"x":[0.1,0.9],"y":[]},"i":{"x":[],"y":[1]}},{"t":4,"s":[3,4]}]}"#
        var rewrite = LottieTimeRewrite(try LottieJSON.parse(Array(#"{"s":"#.utf8) + Array(empty.utf8) + [UInt8(ascii: "}")]))
        rewrite.bakePerDimensionEasing()
        XCTAssertFalse(rewrite.changed, "empty easing arrays are left alone")
        let layers = #"[{"ty":0,"nm":"p","refId":"a","sr":1e300,"st":1e308,"ind":1e300,"bm":1e300,"ks":{"s":"#
            + eased + #"},"ip":0,"op":4,"ef":[{"ty":1e300,"ef":[]},{"ty":21,"ef":[{},{},{"v":{"k":[1,0,0,1]}},{},{},{},{"v":{"k":1e999}}]}]}]"#
        let json = LottieFixture.json(layers: layers, extra: #","assets":[{"id":"a","layers":[{"ty":4,"ks":{},"ip":0,"op":1e300,"shapes":[]}]}]"#)
        let preparation = try LottieDecoder.prepare(json)
        XCTAssertFalse(preparation.rewritten)
        XCTAssertEqual(preparation.unsupported.map(\.description), ["blend mode 1e+300 on layer 'p'"])
        // rlottie refuses it (a clear error); the rewrites got it there without trapping.
        XCTAssertThrowsError(try LottieDecoder().decode(json, format: .lottie)) {
            XCTAssertEqual("\($0)", "rlottie: rlottie could not parse the animation")
        }
    }

    /// The compositor's arithmetic on single pixels: source-over, the three masks, the Fill effect.
    func testCompositorPixelsAreExact() {
        func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> [PixelBuffer] { [PixelBuffer(width: 1, height: 1, fill: RGBA(r, g, b, a))] }
        XCTAssertEqual(LottieCompositor.over(px(255, 0, 0, 128), px(0, 0, 255, 255))[0][0, 0], RGBA(128, 0, 127, 255))
        XCTAssertEqual(LottieCompositor.over(px(255, 0, 0, 0), px(0, 0, 255, 77))[0][0, 0], RGBA(0, 0, 255, 77))
        let grey = px(128, 128, 128, 255)
        XCTAssertEqual(LottieCompositor.matte(px(10, 20, 30, 200), by: grey, mode: 1)[0][0, 0], RGBA(10, 20, 30, 200))
        XCTAssertEqual(LottieCompositor.matte(px(10, 20, 30, 200), by: grey, mode: 2)[0][0, 0], .clear)
        // Luma: (0.2125 + 0.7154 + 0.0721) x 128 / 255 x 200 = 100.4.
        XCTAssertEqual(LottieCompositor.matte(px(10, 20, 30, 200), by: grey, mode: 3)[0][0, 0], RGBA(10, 20, 30, 100))
        XCTAssertEqual(LottieCompositor.fill(px(0, 0, 0, 100), color: [1, 0.5, 0], opacity: 0.5)[0][0, 0], RGBA(255, 128, 0, 50))
        // After Effects writes the Fill opacity in percent; lottie-web multiplies alpha by it, clamped.
        XCTAssertEqual(LottieCompositor.fill(px(0, 0, 0, 3), color: [0, 1, 0], opacity: 100)[0][0, 0], RGBA(0, 255, 0, 255))
    }
}
