/// Decodes Lottie JSON and Telegram `.tgs` (gzipped Lottie) by rendering every frame with rlottie
/// in the contained helper process (`LottieRenderProcess`), after `LottieValidator` has checked
/// the JSON.
///
/// Frames are the canvas (or, with `box`, the canvas scaled to fit a `box` x `box` square, aspect
/// ratio kept: vectors are rendered straight at that size, not scaled from a raster), one per whole
/// frame from `ip` to `op`, each shown for exactly 1/`fr` s; the animation loops forever, as
/// Telegram and Lottie players play it.
public struct LottieDecoder: Sendable {
    /// Limits on the input, canvas, frames, total pixels and time.
    public var limits: DecodeLimits
    /// Seconds the renderer may take when `limits` has no per-sticker budget.
    public static let defaultTimeout = 60.0
    /// A fault for the helper to simulate (tests of the containment only).
    var testFault: LottieRenderProcess.TestFault?
    /// The helper's path, or nil to locate it (`LottieRendererLocator`).
    var rendererPath: String?

    /// A decoder with the given limits.
    public init(limits: DecodeLimits = .default) { self.limits = limits }

    /// Decodes a `.lottie` or `.tgs` file.
    /// - Parameters:
    ///   - format: `.lottie` or `.tgs`, as sniffed.
    ///   - box: render to fit this square (pixels a side) instead of at the canvas size.
    /// - Throws: `CodecError`; a renderer crash, hang or bad output is `.library(name: "rlottie", ...)`.
    public func decode(_ bytes: [UInt8], format: ImageFormat, fitting box: Int? = nil) throws -> DecodedImage {
        let (json, document) = try validated(bytes, format: format)
        let size = document.renderSize(fitting: box)
        try limits.checkCanvas(width: size.width, height: size.height)
        try limits.checkFrames(count: document.frameCount, width: size.width, height: size.height)
        let process = LottieRenderProcess(executable: try rendererPath ?? LottieRendererLocator.locate(),
                                          timeout: limits.maxSecondsPerSticker ?? Self.defaultTimeout,
                                          maxInputBytes: json.count, testFault: testFault)
        let delay = document.frameDelay
        var frames: [Frame] = []
        frames.reserveCapacity(document.frameCount)
        let header = try process.render(json, width: size.width, height: size.height, frames: document.frameCount) { _, argb in
            frames.append(Frame(image: PremultipliedARGB.straightRGBA(argb, width: size.width, height: size.height), delay: delay))
        }
        guard header.width == document.width, header.height == document.height, header.totalFrames == document.frameCount else {
            throw LottieRenderProcess.failure("rlottie read a \(header.width)x\(header.height) canvas of \(header.totalFrames) frames, "
                + "the JSON declares \(document.width)x\(document.height) and \(document.frameCount) frames")
        }
        let facts = SourceFacts(format: format, bitDepth: 8, colorModel: .rgba, transparency: .alphaChannel,
                                frameCount: document.frameCount, declaredLoopCount: 0, fileSize: bytes.count)
        return DecodedImage(width: size.width, height: size.height, frames: frames, loopCount: 0, facts: facts)
    }
}

extension LottieDecoder {
    /// The JSON (inflated for `.tgs`, at most `maxFileBytes`) and its validated top-level facts:
    /// everything `decode` checks before it spawns the renderer. No process is started.
    /// - Throws: `CodecError` from inflating or validating.
    public func validated(_ bytes: [UInt8], format: ImageFormat) throws -> (json: [UInt8], document: LottieDocument) {
        let json = try format == .tgs
            ? bytes.withUnsafeBufferPointer { try GzipInflater.inflate($0, maxOutput: limits.maxFileBytes, prefix: false).bytes }
            : bytes
        return (json, try LottieValidator(limits: limits).validate(json))
    }
}

/// rlottie's pixels (premultiplied ARGB32, one host-order uint32 a pixel) as straight RGBA.
enum PremultipliedARGB {
    /// Each channel divided by alpha, rounded to nearest: c = (c' * 255 + a / 2) / a, at most 255.
    /// A fully transparent pixel becomes transparent black.
    static func straightRGBA(_ argb: UnsafeRawBufferPointer, width: Int, height: Int) -> PixelBuffer {
        let count = width * height
        var out = [UInt8](repeating: 0, count: count * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for p in 0..<count {
                let v = argb.loadUnaligned(fromByteOffset: p * 4, as: UInt32.self)
                let a = v >> 24
                guard a != 0 else { continue }
                let o = p * 4
                if a == 255 {
                    dst[o] = UInt8(truncatingIfNeeded: v >> 16); dst[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[o + 2] = UInt8(truncatingIfNeeded: v); dst[o + 3] = 255
                    continue
                }
                func channel(_ c: UInt32) -> UInt8 { UInt8(min(255, ((c & 0xFF) * 255 + a / 2) / a)) }
                dst[o] = channel(v >> 16); dst[o + 1] = channel(v >> 8); dst[o + 2] = channel(v); dst[o + 3] = UInt8(a)
            }
        }
        return PixelBuffer(width: width, height: height, pixels: out)
    }
}
