import ImageCodec
import XCTest

/// APNG output: frame plan exactness, sequence numbers, delays, merging, first frame, errors.
final class APNGEncoderTests: XCTestCase {
    /// Encodes, reads back independently and checks every displayed frame and delay exactly.
    @discardableResult
    func roundTrip(_ frames: [AnimationFrame], loopCount: Int = 0, effort: DeflateEffort = .fast,
                   file: StaticString = #filePath, line: UInt = #line) throws -> (EncodeReport, EncodedPNGReader) {
        let report = try PNGEncoder(options: PNGEncodeOptions(effort: effort))
            .encodeAnimationWithReport(frames, loopCount: loopCount)
        let reader = try EncodedPNGReader(report.bytes)
        var expected: [PixelBuffer] = []
        for frame in frames where expected.last != frame.image.normalizedTransparent() {
            expected.append(frame.image.normalizedTransparent())
        }
        XCTAssertEqual(reader.frames.count, expected.count, "displayed frames", file: file, line: line)
        for (index, (got, want)) in zip(reader.frames, expected).enumerated() {
            XCTAssertEqual(got.normalizedTransparent(), want, "frame \(index) pixels", file: file, line: line)
        }
        XCTAssertEqual(reader.numPlays, loopCount, file: file, line: line)
        XCTAssertFalse(report.usedSafeFallback, "the optimised plan must verify", file: file, line: line)
        try checkWithImageDecoder(report.bytes, expected: expected, file: file, line: line)
        try EncoderTestDump.write(report.bytes, expected: expected, name: "\(name)-\(effort)-\(line)")
        return (report, reader)
    }

    /// A soft disc moving right by `step` px a frame.
    func movingDisc(_ count: Int, step: Double, delay: FrameDelay = .fps(15)) -> [AnimationFrame] {
        (0..<count).map { i in
            AnimationFrame(image: EncoderTestImages.softDisc(40, 30, cx: 10 + Double(i) * step, cy: 15, radius: 7),
                           delay: delay)
        }
    }

    func testSoftEdgedMotionRoundTripsAtEveryEffort() throws {
        for effort in DeflateEffort.allCases {
            let (report, reader) = try roundTrip(movingDisc(5, step: 4), effort: effort)
            XCTAssertEqual(report.colorType, .rgba)
            XCTAssertEqual(reader.frameControls.count, 5)
            XCTAssertTrue(report.frames.dropFirst().allSatisfy { $0.region.width < 40 },
                          "later frames store only the changed rectangle")
        }
    }

    func testSequenceNumbersCountFcTLAndFdATTogetherAndFirstFrameIsIDAT() throws {
        let (_, reader) = try roundTrip(movingDisc(4, step: 3))
        let types = reader.chunks.map(\.type).filter { ["acTL", "fcTL", "IDAT", "fdAT"].contains($0) }
        XCTAssertEqual(types, ["acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT"])
        XCTAssertEqual(reader.frameControls.map(\.sequence), [0, 1, 3, 5])
        let fdATSequences = reader.chunks.filter { $0.type == "fdAT" }.map { Int(EncodedPNGReader.u32($0.data, 0)) }
        XCTAssertEqual(fdATSequences, [2, 4, 6])
        XCTAssertEqual(reader.frameControls[0].region, PixelRegion(x: 0, y: 0, width: 40, height: 30),
                       "the first fcTL covers the canvas, so the default image is frame 0, not hidden")
        let acTL = try XCTUnwrap(reader.chunks.first { $0.type == "acTL" })
        XCTAssertEqual(EncodedPNGReader.u32(acTL.data, 0), 4)
    }

    func testDelaysAreWrittenExactly() throws {
        let delays = [FrameDelay.fps(15), .milliseconds(70), .centiseconds(1), FrameDelay(numerator: 3, denominator: 9)]
        let frames = zip(movingDisc(4, step: 5), delays).map { AnimationFrame(image: $0.image, delay: $1) }
        let (report, reader) = try roundTrip(frames)
        XCTAssertEqual(reader.frameControls.map { [$0.delayNum, $0.delayDen] }, [[1, 15], [7, 100], [1, 100], [1, 3]])
        XCTAssertEqual(report.approximatedDelayCount, 0)
    }

    func testIdenticalFramesMergeAndAddTheirDelays() throws {
        let a = EncoderTestImages.softDisc(20, 20, cx: 8, cy: 8, radius: 5)
        let b = EncoderTestImages.softDisc(20, 20, cx: 12, cy: 9, radius: 5)
        var aWithHiddenColour = a
        aWithHiddenColour[0, 0] = RGBA(7, 7, 7, 0)   // invisible difference: still identical
        let frames = [AnimationFrame(image: a, delay: .fps(15)), AnimationFrame(image: aWithHiddenColour, delay: .milliseconds(70)),
                      AnimationFrame(image: b, delay: .centiseconds(1)), AnimationFrame(image: b, delay: .centiseconds(1))]
        let (report, reader) = try roundTrip(frames)
        XCTAssertEqual(report.inputFrameCount, 4)
        XCTAssertEqual(report.mergedFrameCount, 2)
        // 1/15 + 7/100 = 41/300; 1/100 + 1/100 = 1/50.
        XCTAssertEqual(reader.frameControls.map { [$0.delayNum, $0.delayDen] }, [[41, 300], [1, 50]])
    }

    func testDelayBeyondSixteenBitsIsApproximatedAndReported() throws {
        let frames = [AnimationFrame(image: EncoderTestImages.checker(4, 4), delay: FrameDelay(numerator: 1, denominator: 100_000)),
                      AnimationFrame(image: EncoderTestImages.randomGray(4, 4, seed: 1), delay: .fps(10))]
        let (report, reader) = try roundTrip(frames)
        XCTAssertEqual(report.approximatedDelayCount, 1)
        XCTAssertEqual([reader.frameControls[0].delayNum, reader.frameControls[0].delayDen], [1, 65535])
    }

    func testPaletteAnimationSharesOnePaletteAndBlendsOver() throws {
        let colors = [RGBA(250, 10, 10), RGBA(10, 250, 10), RGBA(10, 10, 250), RGBA(0, 0, 0, 0)]
        var base = EncoderTestImages.randomPalette(24, 24, seed: 21, colors: colors)
        var frames = [AnimationFrame(image: base, delay: .fps(12))]
        for i in 1..<6 {
            for x in 4 + i..<9 + i { base[x, 10] = RGBA(255, 255, 0) }   // an opaque stroke grows
            frames.append(AnimationFrame(image: base, delay: .fps(12)))
        }
        let (report, reader) = try roundTrip(frames, loopCount: 3, effort: .default)
        XCTAssertEqual(report.colorType, .palette)
        XCTAssertEqual(reader.chunks.filter { $0.type == "PLTE" }.count, 1)
        XCTAssertEqual(report.frames[1].region.height, 1, "only the changed row is stored")
    }

    func testSoftEdgesOnTransparentCanvasBlendOverAroundUnchangedNoise() throws {
        // Left half: incompressible noise that never changes. Frame 1 adds a soft disc on the empty
        // right half and flips one noise pixel: the rectangle spans both, and blend over may store
        // the unchanged noise as alpha 0 because the disc's translucent pixels land on transparency.
        let noise = EncoderTestImages.randomRGBA(20, 24, seed: 31)
        var first = PixelBuffer(width: 48, height: 24)
        for y in 0..<24 { for x in 0..<20 { first[x, y] = noise[x, y] } }
        var second = first
        let disc = EncoderTestImages.softDisc(48, 24, cx: 36, cy: 12, radius: 8)
        for y in 0..<24 { for x in 24..<48 { second[x, y] = disc[x, y] } }
        second[0, 0] = RGBA(1, 2, 3)
        let (report, _) = try roundTrip([AnimationFrame(image: first, delay: .fps(12)),
                                         AnimationFrame(image: second, delay: .fps(12))], effort: .default)
        XCTAssertEqual(report.frames[0].dispose, .none)
        XCTAssertEqual(report.frames[1].blend, .over, "translucent pixels over transparent canvas are exact")
        XCTAssertEqual(report.frames[1].region, PixelRegion(x: 0, y: 0, width: 45, height: 21))
    }

    func testOpaqueGrayAnimationGetsAKeyAndRoundTrips() throws {
        let frames = (0..<4).map { AnimationFrame(image: EncoderTestImages.randomGray(12, 9, seed: UInt64($0 % 2)), delay: .fps(8)) }
        let (report, reader) = try roundTrip(frames)
        XCTAssertEqual(report.colorType, .grayscale, "opaque greys stay grey, shared by all frames")
        XCTAssertEqual(report.bitDepth, 8)
        XCTAssertEqual(reader.trns?.count, 2, "an unused grey becomes the key so frames can blend over")
    }

    func testSeededRandomAnimationsRoundTripInEveryColourType() throws {
        let makers: [(UInt64) -> PixelBuffer] = [
            { EncoderTestImages.randomGrayAlpha(16, 12, seed: $0) },
            { EncoderTestImages.randomRGBWithHole(16, 12, seed: $0) },
            { EncoderTestImages.randomRGBA(16, 12, seed: $0) },
            { EncoderTestImages.randomPalette(16, 12, seed: $0, colors: [RGBA(1, 2, 3), RGBA(0, 0, 0, 0), RGBA(9, 9, 9, 99)]) },
        ]
        for make in makers {
            var frames = (0..<4).map { AnimationFrame(image: make(UInt64($0)), delay: .milliseconds(70)) }
            frames[2].image = frames[1].image
            for x in 3..<7 { frames[2].image[x, 5] = frames[0].image[x, 5] }   // a small partial change
            try roundTrip(frames, loopCount: 1)
        }
    }

    func testOutputIsDeterministic() throws {
        let frames = movingDisc(6, step: 2)
        for effort in [DeflateEffort.fast, .default] {
            let encoder = PNGEncoder(options: PNGEncodeOptions(effort: effort))
            XCTAssertEqual(try encoder.encodeAnimation(frames, loopCount: 0), try encoder.encodeAnimation(frames, loopCount: 0))
        }
    }

    func testInvalidInputIsRejectedPrecisely() {
        let encoder = PNGEncoder()
        XCTAssertThrowsError(try encoder.encodeAnimation([], loopCount: 0)) {
            XCTAssertEqual($0 as? CodecError, .invalidInput("an animation needs at least one frame; got none"))
        }
        let mixed = [AnimationFrame(image: PixelBuffer(width: 4, height: 4), delay: .fps(10)),
                     AnimationFrame(image: PixelBuffer(width: 4, height: 5), delay: .fps(10))]
        XCTAssertThrowsError(try encoder.encodeAnimation(mixed, loopCount: 0)) {
            XCTAssertEqual($0 as? CodecError, .invalidInput(
                "frame 1 is 4x5 px but frame 0 is 4x4 px; all frames must share one canvas size"))
        }
        let empty = [AnimationFrame(image: PixelBuffer(width: 0, height: 0), delay: .fps(10))]
        XCTAssertThrowsError(try encoder.encodeAnimation(empty, loopCount: 0)) {
            XCTAssertEqual($0 as? CodecError, .invalidInput("frame 0 is 0x0 px; both sides must be at least 1 px"))
        }
        let one = [AnimationFrame(image: PixelBuffer(width: 2, height: 2), delay: .fps(10))]
        XCTAssertThrowsError(try encoder.encodeAnimation(one, loopCount: -1)) {
            XCTAssertEqual($0 as? CodecError, .invalidInput("loop count -1 is outside 0...4294967295 (0 = forever)"))
        }
        let negative = [AnimationFrame(image: PixelBuffer(width: 2, height: 2), delay: FrameDelay(numerator: -1, denominator: 10))]
        XCTAssertThrowsError(try encoder.encodeAnimation(negative, loopCount: 0)) {
            XCTAssertEqual($0 as? CodecError, .invalidInput("frame delay -1/10 s is negative or has a zero denominator"))
        }
    }
}
