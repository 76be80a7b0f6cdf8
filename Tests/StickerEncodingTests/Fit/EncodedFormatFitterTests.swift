import ImageCodec
import TestSupport
import XCTest
@testable import StickerKit
@testable import StickerReports
@testable import StickerRules
@testable import StickerEncoding
@testable import StickerCore
import StickerTestSupport

/// WebP and WebM fitting: lossless when it fits, the least measured loss under the limit when it
/// does not, a fixed number of candidates, the same file every run.
final class EncodedFormatFitterTests: XCTestCase {
    private func frames(_ count: Int, size: Int = 96) -> [AnimationFrame] {
        (0..<count).map { AnimationFrame(image: StickerArt.frame(width: size, height: size, phase: $0), delay: .fps(30)) }
    }

    private func fitter(_ format: ConvertFormat, maxBytes: Int, lossy: Bool = true, minQuality: Double = 0.5) -> EncodedFormatFitter {
        EncodedFormatFitter(options: FitOptions(maxBytes: maxBytes, lossy: lossy, minQuality: minQuality), format: format)
    }

    func testWebPKeepsLosslessWhenItFits() throws {
        let input = frames(1)
        let result = try fitter(.webp, maxBytes: 1_000_000).fit(input, loopCount: 0)
        XCTAssertTrue(result.report.lossless)
        XCTAssertEqual(result.report.quality, 1)
        // The quick lossless estimate, then the full-effort lossless file.
        XCTAssertEqual(result.report.candidates.count, 2, "\(result.report.candidates)")
        XCTAssertEqual(result.format, .webp)
        XCTAssertEqual(result.bytes, try WebPEncoder().encode(input[0].image))
    }

    func testWebPAtFastEffortShipsTheCheapLosslessFileWhenItFits() throws {
        let input = frames(3)
        var options = FitOptions(maxBytes: 1_000_000, lossy: true)
        options.effort = .fast
        let result = try EncodedFormatFitter(options: options, format: .webp).fit(input, loopCount: 0)
        XCTAssertTrue(result.report.lossless)
        XCTAssertEqual(result.report.candidates.count, 1, "\(result.report.candidates)")
        XCTAssertTrue(result.report.candidates[0].hasPrefix("lossless WebP method 2 effort 25: "), "\(result.report.candidates)")
        let cheap = try WebPEncoder(options: EncodedFormatFitter.webpCheapLossless).encodeAnimation(input, loopCount: 0)
        XCTAssertEqual(result.bytes, cheap)
        // Exact at any effort: every visible pixel as the source (the RGB under transparency is dropped).
        XCTAssertLessThan(try WebPEncoder().encodeAnimation(input, loopCount: 0).count, cheap.count)
        for (decoded, source) in zip(try ImageDecoder().decode(result.bytes).frames, input) {
            let differing = stride(from: 0, to: source.image.pixels.count, by: 4).filter { i in
                let visible = source.image.pixels[i + 3] > 0
                return decoded.image.pixels[i + 3] != source.image.pixels[i + 3]
                    || (visible && decoded.image.pixels[i..<i + 3] != source.image.pixels[i..<i + 3])
            }
            XCTAssertEqual(differing.count, 0, "exact at any effort")
        }
        // Below the cheap file's size it is not shipped: the full-effort lossless file or the lossy search follows.
        options.maxBytes = cheap.count - 1
        let tighter = try EncodedFormatFitter(options: options, format: .webp).fit(input, loopCount: 0)
        XCTAssertLessThan(tighter.bytes.count, cheap.count)
        XCTAssertGreaterThan(tighter.report.candidates.count, 1)
    }

    /// At `.fast` effort (store builds), and for frames over 4 megapixels at any effort, the lossy
    /// winner is its search file, byte for byte: no encode at a final method follows. Under 4
    /// megapixels at the default effort the winner is encoded again at method 6.
    func testWebPWritesTheLossySearchFileAtFastEffortAndOverFourMegapixels() throws {
        func searchFile(_ input: [AnimationFrame], quality: Int, alpha: Int = 100) throws -> [UInt8] {
            try WebPEncoder(options: EncodedFormatFitter.webpSearchOptions(quality: quality, alphaQuality: alpha))
                .encodeAnimation(input, loopCount: 0)
        }
        func fit(_ input: [AnimationFrame], effort: DeflateEffort, limitQuality: Int) throws -> FitResult {
            var options = FitOptions(maxBytes: try searchFile(input, quality: limitQuality).count, lossy: true, minQuality: 0)
            options.effort = effort
            return try EncodedFormatFitter(options: options, format: .webp).fit(input, loopCount: 0)
        }
        func assertSearchFile(_ input: [AnimationFrame], effort: DeflateEffort, limitQuality: Int) throws {
            let result = try fit(input, effort: effort, limitQuality: limitQuality)
            let step = try XCTUnwrap(result.report.steps.last)
            XCTAssertTrue(step.hasPrefix("lossy WebP quality ") && step.contains(" method \(EncodedFormatFitter.webpSearchMethod)"), step)
            XCTAssertFalse(result.report.candidates.contains { $0.contains("method 5") || $0.contains("method 6") },
                           "\(result.report.candidates)")
            XCTAssertFalse(step.contains(" of \(input.count) frames"), "every frame fits: \(step)")
            let quality = try XCTUnwrap(Int(step.dropFirst("lossy WebP quality ".count).prefix { $0.isNumber }))
            XCTAssertEqual(result.bytes, try searchFile(input, quality: quality, alpha: step.contains("alpha quality 50") ? 50 : 100))
        }
        let small = frames(6, size: 128)
        try assertSearchFile(small, effort: .fast, limitQuality: 40)
        try assertSearchFile(frames(3, size: 1184), effort: .default, limitQuality: 20)   // 4.2 megapixels
        let full = try fit(small, effort: .default, limitQuality: 40)
        XCTAssertTrue(full.report.steps.last?.contains(" method 6") == true, "\(full.report.steps)")
    }

    func testWebPTriesNearLosslessBetweenLossyQuality100AndLossless() throws {
        let input = frames(1, size: 128)
        // The quick lossless estimate 1.4 times the limit: within near-lossless's reach (1.5).
        let estimate = try WebPEncoder(options: EncodedFormatFitter.webpCheapLossless)
            .encode(input[0].image).count
        let limit = Int(Double(estimate) / 1.4)
        let result = try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0)
        let near = result.report.candidates.filter { $0.hasPrefix("near-lossless WebP level ") }
        XCTAssertFalse(near.isEmpty, "\(result.report.candidates)")
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        XCTAssertFalse(result.report.lossless)
        // The winner measures at least as well as the best lossy file that fits.
        let lossy = try WebPEncoder(options: .lossy(quality: 100)).encode(input[0].image)
        if lossy.count <= limit {
            let measured = try EncodedFormatQuality.measure(source: input, candidate: try ImageDecoder().decode(lossy).frames)
            XCTAssertGreaterThanOrEqual(result.report.quality, measured)
        }
        // A near-lossless winner is libwebp's file at that level, byte for byte.
        if let step = result.report.steps.first, step.hasPrefix("near-lossless WebP level ") {
            let level = try XCTUnwrap(Int(step.dropFirst("near-lossless WebP level ".count).prefix { $0.isNumber }))
            XCTAssertEqual(result.bytes, try WebPEncoder(options: .nearLossless(level: level)).encode(input[0].image))
        }
        XCTAssertEqual(try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0).bytes, result.bytes)
    }

    func testWebPGoesLossyUnderTheLimitAndIsDeterministic() throws {
        let input = frames(4, size: 64)
        let lossless = try WebPEncoder().encodeAnimation(input, loopCount: 0).count
        let estimate = try WebPEncoder(options: EncodedFormatFitter.webpCheapLossless)
            .encodeAnimation(input, loopCount: 0).count
        let limit = lossless / 3
        let result = try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0)
        XCTAssertFalse(result.report.lossless)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        // The quick lossless estimate is far over the limit, so the full-effort lossless file is not made.
        XCTAssertGreaterThan(Double(estimate), Double(limit) * EncodedFormatFitter.webpQuickLosslessSlack)
        XCTAssertEqual(result.report.losslessBytes, estimate)
        XCTAssertFalse(result.report.candidates.contains { $0.hasPrefix("lossless WebP: ") }, "\(result.report.candidates)")
        XCTAssertGreaterThan(result.report.quality, 0.9)
        XCTAssertLessThanOrEqual(result.report.encodes, EncodedFormatFitter.webpEncodeBudget)
        XCTAssertTrue(result.report.candidates[0].hasPrefix("lossless WebP method 2 effort 25 (estimate): "), "\(result.report.candidates)")
        XCTAssertTrue(result.report.steps[0].hasPrefix("lossy WebP quality "), "\(result.report.steps)")
        // The search is bounded by a count of encodes, and says that, not a budget in seconds.
        XCTAssertTrue(result.report.searchText.hasSuffix("(at most \(EncodedFormatFitter.webpEncodeBudget) encodes)"),
                      result.report.searchText)
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(decoded.loopDurationMilliseconds, 133)
        XCTAssertEqual(try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0).bytes, result.bytes)
    }

    func testKeepingTheBestBelowTheFloorGivesTheFileOfASearchWithoutAFloorAndMarksIt() throws {
        let input = frames(4, size: 64)
        let limit = try WebPEncoder().encodeAnimation(input, loopCount: 0).count / 3
        var options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0.9999)
        XCTAssertThrowsError(try EncodedFormatFitter(options: options, format: .webp).fit(input, loopCount: 0)) { error in
            guard case .belowQualityFloor? = error as? FitError else { return XCTFail("\(error)") }
        }
        // A store build keeps the best file under the limit, from the one search (it used to search again without a floor).
        options.keepBestBelowFloor = true
        let kept = try EncodedFormatFitter(options: options, format: .webp).fit(input, loopCount: 0)
        XCTAssertTrue(kept.report.belowQualityFloor)
        XCTAssertLessThan(kept.report.quality, 0.9999)
        var free = options
        (free.minQuality, free.keepBestBelowFloor) = (0, false)
        let unbounded = try EncodedFormatFitter(options: free, format: .webp).fit(input, loopCount: 0)
        XCTAssertFalse(unbounded.report.belowQualityFloor)
        XCTAssertEqual(kept.bytes, unbounded.bytes)
        XCTAssertEqual(kept.report.candidates, unbounded.report.candidates)
    }

    func testWebPProbesEveryFrameWithExactAlphaOnlyWhenBothCheaperVariantsFitAtQuality0() throws {
        let input = frames(6, size: 64)
        func zero(_ frames: [AnimationFrame], alpha: Int) throws -> Int {
            try WebPEncoder(options: EncodedFormatFitter.webpSearchOptions(quality: 0, alphaQuality: alpha))
                .encodeAnimation(frames, loopCount: 0).count
        }
        let half = try zero(try XCTUnwrap(fitter(.webp, maxBytes: 1).halved(input, minimum: 4)), alpha: 100)
        let lessAlpha = try zero(input, alpha: 50), exact = try zero(input, alpha: 100)
        XCTAssertGreaterThan(exact, max(half, lessAlpha))
        let exactLabel = "lossy WebP quality 0 method \(EncodedFormatFitter.webpSearchMethod): "
        // One cheaper variant over at quality 0: every frame with exact alpha (larger than both) is not encoded.
        let tight = try fitter(.webp, maxBytes: (half + lessAlpha) / 2, minQuality: 0).fit(input, loopCount: 0)
        XCTAssertFalse(tight.report.candidates.contains { $0.hasPrefix(exactLabel) }, "\(tight.report.candidates)")
        // Both fit: it is probed, after them (they were probed side by side).
        let roomy = try fitter(.webp, maxBytes: exact + 1, minQuality: 0).fit(input, loopCount: 0)
        let zeros = roomy.report.candidates.filter { $0.hasPrefix("lossy WebP quality 0 method") }
        XCTAssertEqual(zeros.count, 3, "\(roomy.report.candidates)")
        XCTAssertTrue(zeros[2].hasPrefix(exactLabel), "\(zeros)")
        XCTAssertEqual(try fitter(.webp, maxBytes: exact + 1, minQuality: 0).fit(input, loopCount: 0).bytes, roomy.bytes)
    }

    func testWebPOfOpaqueFramesSearchesNoAlphaQuality() throws {
        let input = frames(6, size: 64).map { frame -> AnimationFrame in
            var image = frame.image
            for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
            return AnimationFrame(image: image, delay: frame.delay)
        }
        // Far below quality 0: the deeper levers too go through frame counts only.
        let lossless = try WebPEncoder().encodeAnimation(input, loopCount: 0).count
        for limit in [lossless / 3, lossless / 40] {
            let lines: [String]
            do {
                lines = try fitter(.webp, maxBytes: limit, minQuality: 0).fit(input, loopCount: 0).report.candidates
            } catch let FitError.nothingFits(_, _, steps) {
                lines = steps
            }
            XCTAssertGreaterThan(lines.count, 3)
            XCTAssertFalse(lines.contains { $0.contains("alpha quality") }, "\(lines)")
        }
    }

    /// `count` frames of 48 px grain (every frame new, as a video's), or one picture with a pixel
    /// moving (`moving`).
    private func grain(_ count: Int, moving: Bool = false) -> [AnimationFrame] {
        var seed: UInt32 = 11
        let base = frames(1, size: 48)[0].image
        return (0..<count).map { index in
            var image = base
            if moving {
                image[index % 48, 20] = RGBA(255, 0, 0)
            } else {
                for i in 0..<image.pixels.count where i % 4 != 3 {
                    seed = seed &* 1_664_525 &+ 1_013_904_223
                    image.pixels[i] = UInt8(truncatingIfNeeded: seed >> 24)
                }
            }
            return AnimationFrame(image: image, delay: .fps(30))
        }
    }

    func testTheLosslessSizeOfALongAnimationIsToldFromPairsOfFrames() throws {
        let fitter = fitter(.webp, maxBytes: 1)
        let quick = EncodedFormatFitter.webpCheapLossless
        for moving in [false, true] {
            let input = grain(24, moving: moving)
            let made = try WebPEncoder(options: quick).encodeAnimation(input, loopCount: 0).count
            let told = try XCTUnwrap(try fitter.sampledEstimate(input, quick, loopCount: 0))
            XCTAssertEqual(Double(told), Double(made), accuracy: Double(made) * 0.15, "moving \(moving): told \(told), made \(made)")
        }
        XCTAssertNil(try fitter.sampledEstimate(grain(15), quick, loopCount: 0), "short animations are encoded whole")
    }

    func testALongAnimationFarOverTheLimitLosslessMakesNoLosslessEncode() throws {
        let input = grain(24)
        let made = try WebPEncoder(options: EncodedFormatFitter.webpCheapLossless)
            .encodeAnimation(input, loopCount: 0).count
        let far = try fitter(.webp, maxBytes: made / 10, minQuality: 0).fit(input, loopCount: 0)
        XCTAssertTrue(far.report.candidates[0].hasPrefix("lossless WebP method 2 effort 25 (estimate), estimated from 4 pairs of frames: about "),
                      "\(far.report.candidates)")
        XCTAssertFalse(far.report.candidates.dropFirst().contains { $0.hasPrefix("lossless") }, "\(far.report.candidates)")
        XCTAssertLessThanOrEqual(far.bytes.count, made / 10)
        // Within reach of the limit the lossless files are made as before.
        let near = try fitter(.webp, maxBytes: made / 2, minQuality: 0).fit(input, loopCount: 0)
        XCTAssertTrue(near.report.candidates[0].hasPrefix("lossless WebP method 2 effort 25 (estimate): "), "\(near.report.candidates)")
    }

    func testEveryFrameWithExactAlphaFarOverTheLimitAtQualityZeroIsToldNotEncoded() throws {
        // 24 frames of grain whose alpha is grain too: exact alpha costs far more than alpha quality
        // 50, and every frame about twice every other frame.
        var seed: UInt32 = 7
        let input = grain(24).map { frame -> AnimationFrame in
            var image = frame.image
            for i in stride(from: 3, to: image.pixels.count, by: 4) {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                image.pixels[i] = UInt8(1 + (seed >> 24) % 255)
            }
            return AnimationFrame(image: image, delay: frame.delay)
        }
        func quality0(_ frames: [AnimationFrame], alpha: Int) throws -> Int {
            try WebPEncoder(options: EncodedFormatFitter.webpSearchOptions(quality: 0, alphaQuality: alpha))
                .encodeAnimation(frames, loopCount: 0).count
        }
        let half = try quality0(input.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), alpha: 100)
        let alpha50 = try quality0(input, alpha: 50), every = try quality0(input, alpha: 100)
        let limit = max(half, alpha50)
        XCTAssertGreaterThan(Double(every), Double(limit) * EncodedFormatFitter.webpSampledLossyReach * 1.1, "the fixture's premise")
        let result = try fitter(.webp, maxBytes: limit, minQuality: 0).fit(input, loopCount: 0)
        let steps = result.report.candidates
        XCTAssertTrue(steps.contains { $0.hasPrefix("lossy WebP quality 0 method 4, estimated from 4 pairs of frames: about ") }, "\(steps)")
        XCTAssertFalse(steps.contains { $0.hasPrefix("lossy WebP quality 0 method 4:") }, "\(steps)")
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        // Within reach the search goes on from the estimates (24 frames are a sampled variant), and
        // the file written is made at the quality they found, not estimated.
        let nearFit = try fitter(.webp, maxBytes: every, minQuality: 0).fit(input, loopCount: 0)
        let near = nearFit.report.candidates
        XCTAssertTrue(near.contains { $0.hasPrefix("lossy WebP quality 0 method 4, estimated from 4 pairs of frames: about ") }, "\(near)")
        XCTAssertLessThanOrEqual(nearFit.bytes.count, every)
        XCTAssertTrue(near.contains { $0.hasPrefix(nearFit.report.steps[0] + ": \(NumberText.int(nearFit.bytes.count)) B") },
                      "\(nearFit.report.steps) \(near)")
    }

    /// A variant of 24 frames or more is searched on estimates told from 4 pairs of its frames
    /// (partial encodes of 13 frames each); only the qualities they find are made (full encodes), so
    /// the search costs a few encodes of the output, and the file is the same every time.
    func testALongAnimationIsSearchedOnEstimatesAndOnlyItsWinnersAreMade() throws {
        let input = grain(48)
        let lossless = try WebPEncoder(options: EncodedFormatFitter.webpCheapLossless).encodeAnimation(input, loopCount: 0).count
        let limit = lossless / 4
        let result = try fitter(.webp, maxBytes: limit, minQuality: 0).fit(input, loopCount: 0)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        let lines = result.report.candidates
        let estimates = lines.filter { $0.contains(", estimated from 4 pairs of frames: about ") }
        let made = lines.filter { $0.hasPrefix("lossy WebP quality ") && !$0.contains("estimated") }
        XCTAssertGreaterThanOrEqual(estimates.count, 3, "\(lines)")
        XCTAssertFalse(made.isEmpty, "\(lines)")
        // The written file is one the search made, named by its step.
        XCTAssertTrue(made.contains { $0.hasPrefix(result.report.steps[0] + ": \(NumberText.int(result.bytes.count)) B") }, "\(lines)")
        let cost = try XCTUnwrap(result.report.searchCost)
        XCTAssertEqual(cost.fullEncodes, made.count)
        // Every estimate is listed (the lossless one too: far over the limit, no lossless file is
        // made), each a partial encode of 13 frames.
        XCTAssertTrue(lines[0].hasPrefix("lossless WebP method 2 effort 25 (estimate), estimated from 4 pairs of frames: "), "\(lines)")
        XCTAssertEqual(cost.partialEncodes, estimates.count, "\(lines)")
        let frame = 48 * 48
        XCTAssertEqual(cost.outputPixels, (48 - result.report.framesDropped) * frame)
        XCTAssertEqual(cost.encodedPixels % frame, 0)
        XCTAssertEqual(cost.cost, (Double(cost.encodedPixels) / Double(cost.outputPixels) * 100).rounded() / 100)
        // Without sampling the same search would encode every frame of every probe: more than the
        // partial encodes' 13 frames each.
        XCTAssertLessThan(cost.partialEncodes * EncodedFormatFitter.webpSampledFrames, estimates.count * 24 + 13)
        XCTAssertEqual(try fitter(.webp, maxBytes: limit, minQuality: 0).fit(input, loopCount: 0).bytes, result.bytes)
    }

    /// Below `webpSampledSearchMinFrames` every search file is made, each a full encode of its frames,
    /// and the cost counts exactly their pixels.
    func testAShortAnimationsSearchCostCountsEveryFileItMade() throws {
        let input = frames(4, size: 64)
        let lossless = try WebPEncoder().encodeAnimation(input, loopCount: 0).count
        let result = try fitter(.webp, maxBytes: lossless / 3).fit(input, loopCount: 0)
        let cost = try XCTUnwrap(result.report.searchCost)
        XCTAssertEqual(cost.partialEncodes, 0)
        XCTAssertEqual(cost.fullEncodes, result.report.candidates.count)
        // Each candidate line names its frames when it drops some ("2 of 4 frames").
        let pixels = result.report.candidates.reduce(0) { sum, line in
            sum + (line.contains(", 2 of 4 frames") ? 2 : 4) * 64 * 64
        }
        XCTAssertEqual(cost.encodedPixels, pixels, "\(result.report.candidates)")
        XCTAssertEqual(cost.outputPixels, (4 - result.report.framesDropped) * 64 * 64)
        XCTAssertTrue(result.report.indentedText.contains("  encodes: \(cost.fullEncodes) full and 0 partial encodes, "), result.report.indentedText)
    }

    func testWebPSearchesAtACheapMethodAndWritesOnlyTheWinnerAtMethod6() throws {
        let input = frames(1, size: 96)
        let lossless = try WebPEncoder().encode(input[0].image).count
        let limit = lossless / 3
        let result = try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0)
        let steps = result.report.candidates
        let search = steps.filter { $0.contains(" method \(EncodedFormatFitter.webpSearchMethod)") }
        let final = steps.filter { $0.contains(" method 6") }
        // Two variants for a still (exact alpha, alpha quality 50), each searched at the cheap method
        // (quality 0, then the `QualityStepper`'s probes); then one or two encodes of the winner at
        // method 6, at the end.
        XCTAssertGreaterThanOrEqual(search.count, 2 * 2, "\(steps)")
        XCTAssertTrue(search.contains { $0.hasPrefix("lossy WebP quality 0 method 4:") }, "\(steps)")
        XCTAssertTrue(search.contains { $0.hasPrefix("lossy WebP quality 0 method 4, alpha quality 50:") }, "\(steps)")
        XCTAssertTrue((1...2).contains(final.count), "\(steps)")
        XCTAssertEqual(steps.last, final.last, "\(steps)")
        // The written file is the last of them under the limit (a second, aimed higher, may land over).
        let fitting = try XCTUnwrap(final.last { !$0.hasSuffix("over \(NumberText.int(limit))") }, "\(steps)")
        XCTAssertEqual(result.report.steps, [String(fitting.prefix { $0 != ":" })], "\(steps)")
        // The written file is that method-6 encode, byte for byte.
        let label = result.report.steps[0]
        let quality = try XCTUnwrap(Int(label.dropFirst("lossy WebP quality ".count).prefix { $0.isNumber }))
        let alpha = label.contains("alpha quality 50") ? 50 : 100
        XCTAssertEqual(result.bytes, try WebPEncoder(options: .lossy(quality: Double(quality), alphaQuality: alpha)).encode(input[0].image))
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        XCTAssertEqual(try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0).bytes, result.bytes)
    }

    func testWebPAtQuality100WithRoomLeftTriesLibwebpsSizeSearchAimedAtTheLimit() throws {
        // Grain over a gradient in a soft disc: lossless is far bigger than lossy quality 100.
        var image = PixelBuffer(width: 128, height: 128)
        var seed: UInt32 = 12345
        for y in 0..<128 {
            for x in 0..<128 {
                seed = seed &* 1_103_515_245 &+ 12345
                let grain = Int(seed >> 27)
                let d = ((Double(x) - 63.5) * (Double(x) - 63.5) + (Double(y) - 63.5) * (Double(y) - 63.5)).squareRoot()
                let i = (y * 128 + x) * 4
                image.pixels[i] = UInt8(min(255, x * 2 + grain)); image.pixels[i + 1] = UInt8(min(255, y * 2 + grain))
                image.pixels[i + 2] = UInt8(min(255, 128 + grain * 3)); image.pixels[i + 3] = UInt8(max(0, min(255, (60 - d) * 64)))
            }
        }
        let input = [AnimationFrame(image: image, delay: .zero)]
        let q100 = try WebPEncoder(options: .lossy(quality: 100)).encode(image)
        let limit = q100.count * 12 / 10
        let estimate = try WebPEncoder(options: EncodedFormatFitter.webpCheapLossless).encode(image).count
        XCTAssertGreaterThan(Double(estimate), Double(limit) * EncodedFormatFitter.webpNearLosslessReach, "near-lossless is out of reach")
        let result = try fitter(.webp, maxBytes: limit).fit(input, loopCount: 0)
        let label = "lossy WebP aimed at \(NumberText.int(limit)) B (10 passes) method 6"
        XCTAssertTrue(result.report.candidates.contains { $0.hasPrefix(label + ": ") }, "\(result.report.candidates)")
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        // Kept only when it measures better than quality 100, and then it is libwebp's file for that aim.
        let plain = try EncodedFormatQuality.measure(source: input, candidate: try ImageDecoder().decode(q100).frames)
        if result.report.steps == [label] {
            XCTAssertGreaterThan(result.report.quality, plain)
            var aimed = WebPEncodeOptions.lossy(quality: EncodedFormatFitter.webpSizeSearchStart)
            (aimed.targetSize, aimed.passes) = (limit, 10)
            XCTAssertEqual(result.bytes, try WebPEncoder(options: aimed).encode(image))
        } else {
            XCTAssertEqual(result.bytes, q100)
        }
        // At `.fast` effort (store builds) the extra passes are not spent.
        var fast = FitOptions(maxBytes: limit, lossy: true, minQuality: 0.5)
        fast.effort = .fast
        let quick = try EncodedFormatFitter(options: fast, format: .webp).fit(input, loopCount: 0)
        XCTAssertFalse(quick.report.candidates.contains { $0.hasPrefix(label) }, "\(quick.report.candidates)")
    }

    func testWebPFitPlacesIntoTheBoxFirst() throws {
        let input = [AnimationFrame(image: StickerArt.frame(width: 40, height: 20, phase: 0), delay: .zero)]
        let fitter = EncodedFormatFitter(options: FitOptions(maxBytes: 1_000_000), format: .webp, box: 96)
        let result = try fitter.fit(input, loopCount: 0)
        XCTAssertEqual(result.report.steps.first, "into the cell: 40x20 px -> 96x48 px (scale 2.4) into the 96 px grid cell"
                       + ", padded with transparency to 96x96 px (300 px minimum on both sides)")
        XCTAssertEqual(result.report.placement.map { $0.hasPrefix("40x20 px -> 96x48 px") }, true)
        XCTAssertEqual([result.report.width, result.report.height], [96, 96])
        XCTAssertEqual(result.report.scale, 2.4)
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual([decoded.width, decoded.height], [96, 96])
        XCTAssertEqual(decoded.frames[0].image.pixels[(5 * 96 + 48) * 4 + 3], 0, "the padding is transparent")
        // Without a box nothing is placed.
        let plain = try EncodedFormatFitter(options: FitOptions(maxBytes: 1_000_000), format: .webp).fit(input, loopCount: 0)
        XCTAssertEqual([plain.report.width, plain.report.height], [40, 20])
        XCTAssertNil(plain.report.placement)
    }

    /// Size of the lossy quality-0 file at the search method: the smallest a variant can be.
    private func quality0(_ frames: [AnimationFrame], alpha: Int = 100) throws -> Int {
        let encoder = WebPEncoder(options: .lossy(quality: 0, alphaQuality: alpha, method: EncodedFormatFitter.webpSearchMethod))
        return frames.count > 1 ? try encoder.encodeAnimation(frames, loopCount: 0).count : try encoder.encode(frames[0].image).count
    }

    func testWebPCutsTheFrameRateEvenlyWhenNoVariantFitsAtQuality0() throws {
        let input = frames(8, size: 96)
        let half = FrameDropper.merge(input, kept: FrameDropper(images: input.map(\.image)).kept(count: 4))
        // Below quality 0 of the three variants and of every frame at alpha quality 20.
        let limit = try [quality0(input), quality0(half), quality0(input, alpha: 50), quality0(input, alpha: 20)].min()! - 1
        let result = try fitter(.webp, maxBytes: limit, minQuality: 0).fit(input, loopCount: 0)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        let steps = result.report.candidates
        XCTAssertTrue(steps.contains { $0.hasPrefix("lossy WebP quality 0 method 4, alpha quality 20: ") }, "\(steps)")
        XCTAssertGreaterThan(result.report.framesDropped, 0, "\(steps)")
        XCTAssertTrue(result.report.steps[0].contains(" of 8 frames"), "\(result.report.steps)")
        XCTAssertLessThanOrEqual(result.report.encodes, EncodedFormatFitter.webpEncodeBudget)
        // Uniform: every kept frame held for whole source frames, at most one longer than another,
        // and the loop as long as the source's.
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual(decoded.frames.count, 8 - result.report.framesDropped)
        XCTAssertEqual(decoded.loopDurationMilliseconds, 267)
        let delays = decoded.frames.map(\.delay.milliseconds)
        XCTAssertLessThanOrEqual(delays.max()! - delays.min()!, 34, "\(delays)")
        XCTAssertGreaterThan(result.report.quality, 0)
        XCTAssertEqual(try fitter(.webp, maxBytes: limit, minQuality: 0).fit(input, loopCount: 0).bytes, result.bytes)
    }

    func testWebPShrinksTheCanvasOnlyWhereTheMinimumSideAllowsIt() throws {
        let input = frames(1, size: 96)
        let limit = try [quality0(input), quality0(input, alpha: 50), quality0(input, alpha: 20)].min()! - 1
        let options = FitOptions(maxBytes: limit, lossy: true, minQuality: 0, minSide: 48)
        let result = try EncodedFormatFitter(options: options, format: .webp).fit(input, loopCount: 0)
        XCTAssertLessThanOrEqual(result.bytes.count, limit)
        // The largest smaller canvas whose most lossy file fits: 7/8 of the side.
        XCTAssertEqual([result.report.width, result.report.height], [84, 84])
        XCTAssertEqual(result.report.scale, 0.875)
        XCTAssertTrue(result.report.steps[0].contains(", scaled to 84x84 px"), "\(result.report.steps)")
        let decoded = try ImageDecoder().decode(result.bytes)
        XCTAssertEqual([decoded.width, decoded.height], [84, 84])
        // Measured at the source's size, so the lost resolution counts.
        let measured = try EncodedFormatQuality.measure(source: input, candidate: decoded.frames)
        XCTAssertEqual(result.report.quality, measured, accuracy: 1e-12)
        XCTAssertLessThan(measured, 1)
        XCTAssertTrue(result.report.summary.contains("scaled to 84x84 (88%)"), result.report.summary)
        // Not below the minimum side (300 by default, as a store's one size), nor when the box is to be filled.
        for fitter in [EncodedFormatFitter(options: FitOptions(maxBytes: limit, lossy: true, minQuality: 0), format: .webp),
                       EncodedFormatFitter(options: options, format: .webp, box: 96, fillBox: true)] {
            XCTAssertThrowsError(try fitter.fit(input, loopCount: 0)) { error in
                guard case .nothingFits(let smallest, _, let steps)? = error as? FitError else { return XCTFail("\(error)") }
                XCTAssertGreaterThan(smallest, limit)
                XCTAssertFalse(steps.contains { $0.contains("scaled to") }, "\(steps)")
            }
        }
    }

    func testWebPWithoutLossyRefusesWithTheLosslessSize() throws {
        let input = frames(1)
        let lossless = try WebPEncoder().encode(input[0].image).count
        XCTAssertThrowsError(try fitter(.webp, maxBytes: lossless - 1, lossy: false).fit(input, loopCount: 0)) {
            XCTAssertEqual($0 as? FitError, .overLimitLossless(bytes: lossless, limit: lossless - 1))
        }
    }

    func testWebMAimsUnderTheLimitAndReportsItsCandidates() throws {
        let input = frames(12)
        let result = try fitter(.webm, maxBytes: 9000, lossy: false).fit(input, loopCount: 0)
        XCTAssertLessThanOrEqual(result.bytes.count, 9000)
        XCTAssertEqual(result.format, .webm)
        XCTAssertFalse(result.report.lossless)
        XCTAssertTrue(result.report.candidates.allSatisfy { $0.hasPrefix("two-pass VP9 aimed at ") }, "\(result.report.candidates)")
        XCTAssertLessThanOrEqual(result.report.encodes, EncodedFormatFitter.webmEncodeBudget)
        XCTAssertTrue(result.report.searchText.hasSuffix("(at most \(EncodedFormatFitter.webmEncodeBudget) encodes)"),
                      result.report.searchText)
        XCTAssertGreaterThan(result.report.quality, 0.8)
        XCTAssertEqual(try ImageDecoder().decode(result.bytes).frames.count, 12 - result.report.framesDropped)
    }

    func testWebMReAimsTheColourByItsMissAndStaysUnderTheLimit() throws {
        let input = frames(12)
        let result = try fitter(.webm, maxBytes: 9000, lossy: false).fit(input, loopCount: 0)
        let steps = result.report.candidates
        func figures(_ line: String) -> (aim: Int, bytes: Int) {
            let numbers = line.split { !$0.isNumber && $0 != "," }.map { Int($0.replacingOccurrences(of: ",", with: "")) ?? 0 }
                .filter { $0 > 0 }
            return (numbers[1], numbers.last!)
        }
        // "two-pass VP9 aimed at 8,910 B, alpha 35%: 8,123 B": the first aim is 99% of the limit;
        // when it lands more than 3% under, the colour is re-aimed higher by its miss.
        let first = figures(steps[0])
        XCTAssertEqual(first.aim, 8910, steps[0])
        XCTAssertTrue(steps[0].contains("alpha 35%"), steps[0])
        if Double(first.bytes) * EncodedFormatFitter.webmUndershoot < 9000 {
            let second = figures(steps[1])
            XCTAssertGreaterThan(second.aim, first.aim, "\(steps)")
            XCTAssertGreaterThan(second.bytes, first.bytes, "\(steps)")
        }
        XCTAssertLessThanOrEqual(result.bytes.count, 9000)
        XCTAssertLessThanOrEqual(steps.count, 4, "two shares, at most two colour aims each; fewer frames only when nothing fits")
    }

    func testWebMChoosesTheAlphaShareByMeasurementAndIsDeterministic() throws {
        let input = frames(12)
        let fitter = fitter(.webm, maxBytes: 9000, lossy: false)
        var log = EncodedFormatFitter.Log()
        var search = try WebMShareSearch(fitter: fitter, frames: input)
        try search.run(log: &log)
        // Two files that spend the limit differently between alpha and colour, both measured.
        XCTAssertEqual(search.measured.count, 2, "\(log.lines)")
        let shares = search.measured.map { $0.candidate.label.split(separator: " ").last { $0.hasSuffix("%") } }
        XCTAssertNotEqual(shares[0], shares[1], "\(log.lines)")
        XCTAssertTrue(search.measured.allSatisfy { $0.candidate.bytes.count <= 9000 })
        for entry in search.measured {
            XCTAssertEqual(entry.quality, try fitter.measure(input, entry.candidate), accuracy: 1e-12)
        }
        // The winner is the best measured, and what `fit` ships, with that quality.
        let best = try XCTUnwrap(search.best)
        XCTAssertEqual(best.quality, search.measured.map(\.quality).max())
        let result = try fitter.fit(input, loopCount: 0)
        XCTAssertEqual(result.bytes, best.candidate.bytes)
        XCTAssertEqual(result.report.quality, best.quality, accuracy: 1e-12)
        XCTAssertEqual(result.report.candidates, log.lines)
        // The same input gives the same file.
        XCTAssertEqual(try fitter.fit(input, loopCount: 0).bytes, result.bytes)
    }

    func testWebMOfOpaqueFramesTriesNoSecondShare() throws {
        let input = (0..<6).map { phase -> AnimationFrame in
            var image = PixelBuffer(width: 64, height: 64, fill: RGBA(200, 40, 90))
            for y in 0..<16 { for x in 0..<16 { image[phase * 4 + x, 20 + y] = RGBA(20, 200, 40) } }
            return AnimationFrame(image: image, delay: .fps(30))
        }
        let result = try fitter(.webm, maxBytes: 4000, lossy: false).fit(input, loopCount: 0)
        XCTAssertLessThanOrEqual(result.bytes.count, 4000)
        XCTAssertLessThanOrEqual(result.report.candidates.count, 2, "\(result.report.candidates)")
        XCTAssertFalse(result.report.candidates.contains { $0.contains("alpha") }, "\(result.report.candidates)")
    }

    func testNothingFittingIsReportedWithTheSmallestSize() {
        XCTAssertThrowsError(try fitter(.webp, maxBytes: 100).fit(frames(1), loopCount: 0)) { error in
            guard case .nothingFits(let smallest, let limit, _)? = error as? FitError else { return XCTFail("\(error)") }
            XCTAssertEqual(limit, 100)
            XCTAssertGreaterThan(smallest, 100)
        }
    }

    func testQualityComparesTheFrameOnScreenAtEachSourceFrame() throws {
        let input = frames(4, size: 24)
        // The candidate shows frame 1 for the first two source frames and frame 3 for the rest,
        // with starts rounded to whole milliseconds (0, 67).
        let candidate = [Frame(image: input[0].image, delay: .milliseconds(67)), Frame(image: input[2].image, delay: .milliseconds(66))]
        let measured = try EncodedFormatQuality.measure(source: input, candidate: candidate)
        let expected = try StickerQuality().score(reference: input.map(\.image),
                                                 candidate: [input[0].image, input[0].image, input[2].image, input[2].image],
                                                 weights: input.map { $0.delay.milliseconds })
        XCTAssertEqual(measured, expected, accuracy: 1e-12)
        XCTAssertLessThan(measured, 1)
    }
}
