import FuzzSupport
import ImageCodec

/// Limits small enough that every input decodes in milliseconds and within libFuzzer's RSS limit,
/// yet large enough for every seed (the sample pack and PngSuite are far below them).
let fuzzLimits = DecodeLimits(maxDimension: 2048, maxTotalPixels: 8_000_000, maxFrames: 512, maxFileBytes: 4 << 20)

/// libFuzzer entry point: the public decode entry point (sniffer, then the PNG/APNG, GIF, JPEG or WebP
/// decoder) must throw on bad input, never trap, and never produce a model that contradicts itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let image = try? ImageDecoder(limits: fuzzLimits).decode(bytes) else { return 0 }
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
