import FuzzSupport
import ImageCodec

/// Small limits keep the re-encode (the slow half) to milliseconds.
let fuzzLimits = DecodeLimits(maxDimension: 512, maxTotalPixels: 1_000_000, maxFrames: 64, maxFileBytes: 1 << 20)

/// libFuzzer entry point: decode, re-encode with our APNG writer, decode again; every displayed
/// pixel and every delay must survive (the writer is lossless except for the colour of alpha-0 pixels).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNGRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let decoder = ImageDecoder(limits: fuzzLimits)
    guard let first = try? decoder.decode(bytes) else { return 0 }
    let encoder = PNGEncoder(options: PNGEncodeOptions(effort: .fast))
    let encoded: [UInt8]
    do {
        if first.frames.count == 1 {
            encoded = try encoder.encode(first.frames[0].image)
        } else {
            let frames = first.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
            encoded = try encoder.encodeAnimation(frames, loopCount: first.loopCount)
        }
    } catch {
        fatalError("re-encoding a decoded image failed: \(error)")
    }
    let second: DecodedImage
    do { second = try decoder.decode(encoded) } catch {
        fatalError("our own output does not decode: \(error)")
    }
    // The writer merges consecutive identical frames into one showing for their summed time.
    var expected: [(image: PixelBuffer, delay: FrameDelay)] = []
    for frame in first.frames {
        if first.frames.count > 1, let last = expected.last, last.image.isVisuallyIdentical(to: frame.image) {
            expected[expected.count - 1].delay = last.delay + frame.delay
        } else {
            expected.append((frame.image, frame.delay))
        }
    }
    guard second.width == first.width, second.height == first.height, second.frames.count == expected.count else {
        fatalError("shape changed: \(first.width)x\(first.height)x\(expected.count) (merged) -> "
                   + "\(second.width)x\(second.height)x\(second.frames.count)")
    }
    for (index, (a, b)) in zip(expected, second.frames).enumerated() {
        if !a.image.isVisuallyIdentical(to: b.image) { fatalError("frame \(index) pixels differ") }
        if first.frames.count > 1, !sameDuration(a.delay, b.delay) { fatalError("frame \(index) delay \(a.delay) -> \(b.delay)") }
    }
    if second.frames.count > 1, second.loopCount != first.loopCount { fatalError("loop count changed") }
    return 0
}

/// Whether two delays last the same time: the writer may reduce the fraction (2/100 s -> 1/50 s),
/// and APNG reads a zero denominator as 100.
func sameDuration(_ a: FrameDelay, _ b: FrameDelay) -> Bool {
    let da = a.denominator == 0 ? 100 : a.denominator, db = b.denominator == 0 ? 100 : b.denominator
    return a.numerator * db == b.numerator * da
}

/// The executable's entry point (SwiftPM defines `main` as this symbol): libFuzzer's driver.
@_cdecl("FuzzAPNGRoundTrip_main")
public func fuzzAPNGRoundTripMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzAPNGRoundTrip)
}
