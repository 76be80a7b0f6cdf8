import ArgumentParser
import Foundation
import ImageCodec
import StickerKit

extension FitDithering: ExpressibleByArgument {}

/// `--fit`, `--lossy`, `--min-quality`, `--dither`, `--max-bytes`: fit outputs under the byte limit,
/// losslessly first, then (only with `--lossy`) with the least measured loss (docs/fit.md).
struct FitFlags: ParsableArguments {
    @Flag(help: "Fit every output under --max-bytes: lossless first, lossy only with --lossy.")
    var fit = false

    @Flag(help: "With --fit, allow palette reduction, frame dropping and downscaling when lossless is not enough.")
    var lossy = false

    @Option(name: .customLong("min-quality"), help: "With --lossy, the lowest composited SSIM accepted (0-1, default 0.90).")
    var minQuality: Double?

    @Option(help: "With --lossy, dithering: off, auto or on.")
    var dither: FitDithering?

    @Option(name: .customLong("max-bytes"), help: "The byte limit for --fit (default 500000).")
    var maxBytes: Int?

    @Option(name: .customLong("grid-size"), help: "With --fit, the grid size that bounds downscaling (default large).")
    var gridSize: GridSize?

    func validate() throws {
        if !fit && (lossy || minQuality != nil || dither != nil || maxBytes != nil || gridSize != nil) {
            throw ValidationError("--lossy, --min-quality, --dither, --max-bytes and --grid-size go with --fit")
        }
        if let minQuality, !(0...1).contains(minQuality) { throw ValidationError("--min-quality must be between 0 and 1") }
        if let maxBytes, maxBytes <= 0 { throw ValidationError("--max-bytes must be a positive number of bytes") }
    }

    /// Fitter options for `effort`.
    func options(effort: DeflateEffort) -> FitOptions {
        FitOptions(maxBytes: maxBytes ?? 500_000, lossy: lossy, minQuality: minQuality ?? 0.90, effort: effort,
                   dithering: dither ?? .auto)
    }

    /// Fits `bytes` (an encoded PNG/APNG) when `--fit` is on and it is over the limit: returns the
    /// bytes to write and a line saying what was done, or the bytes unchanged and nil.
    /// - Throws: `FitError` when nothing fits (the message gives the best attempt's figures).
    func apply(to bytes: [UInt8], effort: DeflateEffort) throws -> (bytes: [UInt8], note: String?) {
        let options = options(effort: effort)
        guard fit, bytes.count > options.maxBytes else { return (bytes, nil) }
        let decoded = try ImageDecoder().decode(bytes)
        let frames = decoded.frames.map { AnimationFrame(image: $0.image, delay: $0.delay) }
        let result = try StickerFitter(options: options).fit(frames: frames, loopCount: decoded.loopCount,
                                                             gridSize: gridSize ?? .large)
        return (result.bytes, Self.describe(result.report))
    }

    /// "fitted: 1,217,612 -> 418,959 bytes (81,041 headroom), quality 0.9999, 256 colours, ..."
    static func describe(_ r: FitReport) -> String {
        var parts = ["\(r.losslessBytes) -> \(r.finalBytes) bytes (\(r.headroom) under the limit)"]
        if !r.lossless {
            parts.append(String(format: "quality %.4f", r.quality))
            if let colours = r.colours { parts.append("\(colours) colours") }
            if r.framesDropped > 0 { parts.append("\(r.framesDropped) of \(r.framesIn) frames dropped") }
            if r.scale < 1 { parts.append(String(format: "scaled to %dx%d (%.0f%%)", r.width, r.height, r.scale * 100)) }
        }
        parts.append("steps: " + r.steps.joined(separator: ", "))
        return "  fitted: " + parts.joined(separator: "; ")
    }
}
