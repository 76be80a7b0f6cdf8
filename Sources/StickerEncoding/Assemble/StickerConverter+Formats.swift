import ImageCodec
import StickerCore

extension StickerConverter {
    /// Converts to the format `convert --to` asked for: WebP and WebM through their writers (fitted
    /// by `EncodedFormatFitter` when a fit target is set), a still as a one-frame APNG, and PNG for
    /// stills only (an animation is refused: cutting it to one frame would lose it silently).
    func convert(_ decoded: DecodedImage, to format: ConvertFormat, name: String) throws -> ConversionResult {
        let animated = decoded.isAnimated
        let plays = animated ? Self.playCount(of: decoded) : 0
        let frames = animated ? decoded.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
            : [AnimationFrame(image: decoded.frames[0].image, delay: .zero)]
        var plain = self
        plain.format = nil
        switch format {
        case .png:
            guard !animated else {
                throw AssemblyError.codec(file: name, reason: "is an animation of \(decoded.frames.count) frames; "
                                          + "--to png writes stills only: use --to apng, webp or webm")
            }
            return try plain.convert(decoded: decoded, name: name)
        case .apng:
            if fit != nil || animated { return try plain.convert(decoded: decoded, name: name) }
            return try wrap(name) {
                let encoded = try codec.encodeAnimation(frames, loopCount: 0, effort: effort)
                return result(encoded.bytes, .apng, decoded, framesWritten: encoded.framesWritten, loopCount: 0)
            }
        case .webp, .webm:
            if let fit {
                do {
                    let fitter = EncodedFormatFitter(options: fit.options, format: format, box: fit.gridSize.maxPixels,
                                                     fillBox: fit.fillCell)
                    let fitted = try fitter.fit(frames, loopCount: plays)
                    let stored = try storedFrames(fitted.bytes, format, handedIn: frames.count - fitted.report.framesDropped)
                    var converted = result(fitted.bytes, format.imageFormat, decoded, framesWritten: stored,
                                           loopCount: format == .webm ? 0 : plays)
                    (converted.width, converted.height) = (fitted.report.width, fitted.report.height)
                    converted.fit = fitted.report
                    return converted
                } catch let error as FitError {
                    throw AssemblyError.notFitted(file: name, reason: error)
                } catch {
                    throw AssemblyError.codec(file: name, reason: "cannot read back the fitted \(format.rawValue): \(error)")
                }
            }
            return try wrap(name) {
                let bytes: [UInt8]
                if format == .webm {
                    bytes = try WebMEncoder().encode(frames)
                } else {
                    bytes = animated ? try WebPEncoder().encodeAnimation(frames, loopCount: plays)
                        : try WebPEncoder().encode(frames[0].image)
                }
                // WebM stores no loop count: a sticker loops.
                return result(bytes, format.imageFormat, decoded, framesWritten: try storedFrames(bytes, format, handedIn: frames.count),
                              loopCount: format == .webm ? 0 : plays)
            }
        }
    }

    private func result(_ bytes: [UInt8], _ format: ImageFormat, _ decoded: DecodedImage, framesWritten: Int,
                        loopCount: Int) -> ConversionResult {
        ConversionResult(bytes: bytes, format: format, sourceFormat: decoded.facts.format, framesIn: decoded.frames.count,
                         framesWritten: framesWritten, width: decoded.width, height: decoded.height,
                         loopDurationMs: decoded.isAnimated ? decoded.loopDurationMilliseconds : 0, loopCount: loopCount)
    }

    /// Frames the written file stores: WebPAnimEncoder merges a frame that looks the same as the one
    /// before it (and one of 0 ms) into its neighbour; WebM stores every frame handed in.
    private func storedFrames(_ bytes: [UInt8], _ format: ConvertFormat, handedIn: Int) throws -> Int {
        format == .webp ? try WebPEncoder.storedFrameCount(bytes) : handedIn
    }

    private func wrap(_ name: String, _ body: () throws -> ConversionResult) throws -> ConversionResult {
        do { return try body() } catch { throw AssemblyError.codec(file: name, reason: "encoding failed: \(error)") }
    }
}
