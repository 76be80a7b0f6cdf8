import FuzzSupport
import ImageCodec

/// Limits as in FuzzDecode: small enough for libFuzzer's RSS limit, large enough for every seed.
let lottieLimits = DecodeLimits(maxDimension: 2048, maxTotalPixels: 8_000_000, maxFrames: 512, maxFileBytes: 4 << 20)

/// libFuzzer entry point: everything that runs in-process before the Lottie renderer is spawned
/// (the sniffer's top-level key scan and gzip prefix inflate, the full gzip inflate, the JSON
/// validator, and the JSON rewrites and pass plan behind `LottieDecoder.unsupportedFeatures`)
/// must throw on bad input, never trap or hang, and agree with each other. The
/// renderer itself runs in its own process and is not fuzzed here (see Tests/Fuzz/rlottie).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let sniffed = FormatSniffer.sniff(bytes)
    let decoder = LottieDecoder(limits: lottieLimits)
    for format in [ImageFormat.lottie, .tgs] {
        guard let (json, document) = try? decoder.validated(bytes, format: format) else { continue }
        // What the validator accepts has every key the sniffer looks for, so the sniffer agrees.
        if format == .lottie && sniffed != .lottie { fatalError("validated Lottie sniffed as \(sniffed)") }
        // (The sniffer inflates 256 KiB; the keys of a longer JSON may lie past that.)
        if format == .tgs && sniffed != .tgs && json.count <= 256 << 10 {
            fatalError("validated TGS sniffed as \(sniffed)")
        }
        // The facts the renderer is given are within the limits and make sense.
        if document.width < 1 || document.height < 1 || document.width > lottieLimits.maxDimension
            || document.height > lottieLimits.maxDimension || document.frameCount < 1
            || !(document.frameRate > 0 && document.frameRate <= LottieValidator.maxFrameRate) {
            fatalError("validator accepted \(document)")
        }
        // The JSON rewrites and pass plan run in-process on whatever validates: they must not trap.
        _ = try? LottieDecoder.unsupportedFeatures(in: json)
        let box = document.renderSize(fitting: 408)
        if box.width < 1 || box.height < 1 || max(box.width, box.height) != 408 { fatalError("bad render size \(box)") }
    }
    return 0
}

/// The executable's entry point (SwiftPM defines `main` as this symbol): libFuzzer's driver.
@_cdecl("FuzzLottie_main")
public func fuzzLottieMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzLottie)
}
