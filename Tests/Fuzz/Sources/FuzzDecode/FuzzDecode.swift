import FuzzSupport
import ImageCodec

/// Limits small enough that every input decodes in milliseconds and within libFuzzer's RSS limit,
/// yet large enough for every seed (the sample pack and PngSuite are far below them).
let fuzzLimits = DecodeLimits(maxDimension: 2048, maxTotalPixels: 8_000_000, maxFrames: 512, maxFileBytes: 4 << 20)

/// libFuzzer entry point: the public decode entry point (sniffer, then the PNG/APNG, GIF, JPEG, WebP or
/// WebM decoder) must throw on bad input, never trap, and never produce a model that contradicts itself;
/// the frame-at-a-time path (`visitFrames`, what `check` decodes through) must lend exactly the
/// decoded frames, and fail exactly when the whole decode fails.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let decoder = ImageDecoder(limits: fuzzLimits)
    let image = try? decoder.decode(bytes)
    var lent = 0
    let summary = try? decoder.visitFrames(bytes) { frame in
        // Frames lent before a later frame fails are fine; with a whole decode they must be its frames.
        if let image, frame.index != lent || lent >= image.frames.count || frame.expectedFrames < image.frames.count
            || !frame.pixels.elementsEqual(image.frames[lent].image.pixels) {
            fatalError("frame \(frame.index) lent (of \(frame.expectedFrames) expected) is not decoded frame \(lent)")
        }
        lent += 1
    }
    guard let image else {
        if summary != nil { fatalError("the frame-at-a-time decode read a file the whole decode refused") }
        return 0
    }
    if summary != DecodedSummary(image) || lent != image.frames.count {
        fatalError("the frame-at-a-time decode lent \(lent) of \(image.frames.count) frames, or another summary")
    }
    // A decoded image keeps its promises: frames exist and each is exactly the canvas.
    if image.frames.isEmpty { fatalError("decoded image with no frames") }
    for frame in image.frames where frame.image.width != image.width || frame.image.height != image.height
        || frame.image.pixels.count != image.width * image.height * 4 {
        fatalError("frame \(frame.image.width)x\(frame.image.height) on a \(image.width)x\(image.height) canvas")
    }
    return 0
}

/// The executable's entry point (SwiftPM defines `main` as this symbol): libFuzzer's driver.
@_cdecl("FuzzDecode_main")
public func fuzzDecodeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzDecode)
}
