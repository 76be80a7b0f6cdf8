/// Decodes Lottie JSON and Telegram `.tgs` (gzipped Lottie) by rendering every frame with rlottie
/// in the contained helper process (`LottieRenderProcess`), after `LottieValidator` has checked
/// the JSON. Where rlottie 0.1 draws differently from lottie-web (track mattes, the Fill effect,
/// stretched precomps, per-dimension easing, layer in and out frames with a fraction below one
/// half), the JSON is rewritten and drawn in several passes composited here (`LottieDecoder+Passes`);
/// what still cannot be drawn faithfully is listed in `SourceFacts.lottieUnsupportedFeatures`.
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
    /// Frame slots for the helper instead of its own choice (tests: 1 hands frames over one at a time).
    var slotsOverride: Int?
    /// The helper's path, or nil to locate it (`LottieRendererLocator`).
    var rendererPath: String?
    /// The helpers of this decoder's batch: copies of the decoder share them.
    public var renderers: LottieRendererPool

    /// A decoder with the given limits, rendering in `renderers`' helpers (by default a pool of its own).
    public init(limits: DecodeLimits = .default, renderers: LottieRendererPool = LottieRendererPool()) {
        self.limits = limits
        self.renderers = renderers
    }

    /// Decodes a `.lottie` or `.tgs` file.
    /// - Parameters:
    ///   - format: `.lottie` or `.tgs`, as sniffed.
    ///   - box: render to fit this square (pixels a side) instead of at the canvas size.
    /// - Throws: `CodecError`; a renderer crash, hang or bad output is `.library(name: "rlottie", ...)`.
    public func decode(_ bytes: [UInt8], format: ImageFormat, fitting box: Int? = nil) throws -> DecodedImage {
        var images: [PixelBuffer] = []
        let summary = try render(bytes, format: format, fitting: box, visit: nil) { images = $0 }
        let frames = zip(images, summary.delays).map { Frame(image: $0, delay: $1) }
        return DecodedImage(width: summary.width, height: summary.height, frames: frames, loopCount: 0, facts: summary.facts)
    }

    /// Decodes as `decode`, lending each frame to `visit` from the helper's frame memory instead of keeping
    /// it (a file drawn in one rlottie pass; composited passes are rendered whole first).
    /// - Throws: as `decode`, and whatever `visit` throws.
    public func visitFrames(_ bytes: [UInt8], format: ImageFormat, fitting box: Int? = nil,
                            _ visit: (FrameVisit) throws -> Void) throws -> DecodedSummary {
        try withoutActuallyEscaping(visit) { visit in
            try render(bytes, format: format, fitting: box, visit: visit) { _ in }
        }
    }

    private func render(_ bytes: [UInt8], format: ImageFormat, fitting box: Int?, visit: ((FrameVisit) throws -> Void)?,
                        images: ([PixelBuffer]) -> Void) throws -> DecodedSummary {
        let (json, document) = try validated(bytes, format: format)
        let size = document.renderSize(fitting: box)
        try limits.checkCanvas(width: size.width, height: size.height)
        try limits.checkFrames(count: document.frameCount, width: size.width, height: size.height)
        let preparation = try Self.prepare(json)
        images(try render(preparation, original: json, document: document, size: size, visit: visit))
        let facts = SourceFacts(format: format, bitDepth: 8, colorModel: .rgba, transparency: .alphaChannel,
                                frameCount: document.frameCount, declaredLoopCount: 0, fileSize: bytes.count,
                                lottieUnsupportedFeatures: preparation.unsupported.isEmpty ? nil : preparation.unsupported,
                                lottieCanvas: LottieCanvas(width: document.width, height: document.height, frameRate: document.frameRate))
        return DecodedSummary(width: size.width, height: size.height,
                              delays: Array(repeating: document.frameDelay, count: document.frameCount), loopCount: 0, facts: facts)
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
