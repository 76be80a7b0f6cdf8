import Foundation
import ImageCodec
import StickerCore

/// Fits a sticker under a byte limit as WebP or WebM, with the least measured loss
/// (`EncodedFormatQuality`), within a fixed number of candidate encodes: the work, never the
/// clock, bounds it, so the same input and options give the same file at any machine load.
///
/// WebP: the lossless file when it fits. Otherwise (only with `options.lossy`) each variant (every
/// frame with exact alpha; every other frame dropped, by `FrameDropper`, for animations of 4 or more
/// frames; every frame with alpha quality 50, for frames with transparency) gets the highest lossy
/// quality that fits at the cheap search method (`webpSearchMethod`), found by `QualityStepper`, the
/// variants side by side on both cores; the variant that measures best is encoded at the final
/// method (`webpFinalMethod`), then re-aimed upward once by what that method saved (frames over
/// 4 megapixels, and `.fast` effort, write the search file instead).
/// When no variant fits even at quality 0, the deeper levers follow (`deeperLevers`): the uniform
/// frame-rate cuts of `FitGeometry.keepCounts` (every 2nd frame down to every 30th), alpha quality
/// 50 and 20, then a smaller canvas where the placement allows one; the lever combinations that fit
/// are searched and measured the same way. Near-lossless levels 80 and 60 join the comparison when
/// lossless is within 1.5 times the limit. At `FitOptions.effort` `.fast` (store builds) lossless is
/// first encoded at libwebp's cheap level and shipped when that fits, and a lossy winner is shipped
/// as its search file, not encoded again at the final method.
/// WebM (lossy by nature, so `lossy` is not needed): two-pass VP9 with the alpha share chosen by
/// measurement (`WebMShareSearch`): the alpha aimed at 35% of the limit and the colour at what it
/// leaves, re-aimed once by its own miss; then the colour's first (undershooting) file beside a
/// second alpha stream aimed at the room it leaves, or a 50% share when the colour landed at once;
/// the file that measures best wins. Every other frame is dropped (animations over 20 frames a
/// second) only when nothing fits. Either way a winner
/// below `options.minQuality` is refused with its figures, or kept and marked
/// (`FitReport.belowQualityFloor`) with `options.keepBestBelowFloor`: the search does not depend on
/// the floor, so the file is the one a search without a floor would make.
///
/// With a `box` the frames are first placed into it as `--fit` places APNGs into the grid cell
/// (`CellPlacement`: scaled down to fit, scaled up to `options.minSide`, or to fill the box with
/// `fillBox`; padded with transparency, centred, when a side is still short); the report's first
/// step and `placement` say how. A caller with a store's limits passes them as they are:
///
/// ```swift
/// let fitter = EncodedFormatFitter(options: FitOptions(maxBytes: 500_000, lossy: true), format: .webp,
///                                  box: 512, fillBox: true)
/// let result = try fitter.fit(frames, loopCount: 0)   // result.bytes, result.report
/// ```
public struct EncodedFormatFitter: Sendable {
    /// The byte limit (`maxBytes`), whether loss is allowed (`lossy`; WebM is always lossy), the
    /// quality floor (`minQuality`) and the smallest side placement scales up to (`minSide`).
    public var options: FitOptions
    /// `.webp` or `.webm` (APNG and PNG are fitted by `StickerFitter`).
    public var format: ConvertFormat
    /// The square the frames are placed into before fitting (px); nil = as they are.
    public var box: Int?
    /// Scale up or down so the longer side fills `box` (`--fill-cell`), instead of only scaling
    /// what is outside it or below `options.minSide`.
    public var fillBox: Bool

    /// A fitter for `format` under `options`, placing into `box` first when one is given.
    public init(options: FitOptions, format: ConvertFormat, box: Int? = nil, fillBox: Bool = false) {
        self.options = options; self.format = format; self.box = box; self.fillBox = fillBox
    }
    /// Candidate encodes a WebP search may make: a quick lossless estimate and the lossless file,
    /// up to 8 search encodes a variant (`webpSearchMethod`; three variants), then up to 3
    /// near-lossless encodes and 1-2 of the winner at the final method (`webpFinalMethod`), and one
    /// size search at quality 100; the deeper levers' probes and searches come out of the same count.
    static let webpEncodeBudget = 36
    /// libwebp method the lossy sizes are searched at: of methods 2-4, 4 predicts method 5-6's size
    /// best (docs/encoder.md: 5% over method 6 where 2 and 3 are 20-26% over), at about 1/40 of
    /// method 6's time on animations.
    static let webpSearchMethod = 4
    /// The full-effort lossless file is made only when the quick one (libwebp's cheap level,
    /// `webpCheapLossless`) is within this factor of the limit: full effort saved 0-5.1% of the
    /// quick file's bytes on every animation measured (docs/encoder.md; the most on a 10-frame
    /// rotating icon upscaled to 512 px, 570,150 B against 541,256 B), for 15-60 times its CPU (24 s
    /// of it there), so a quick file over 8% above the limit cannot be saved by it and is not tried.
    static let webpQuickLosslessSlack = 1.08
    /// Candidate encodes a WebM search may make (4 a set of frames: the first share's aim and re-aim,
    /// the second share's one or two; the same again with every other frame when nothing fits), and
    /// colour aims a share may take. Each is a colour stream; alpha streams and first-pass statistics
    /// are shared between candidates (`WebMEncoderSession`).
    static let webmEncodeBudget = 8
    static let webmEncodesPerVariant = 2
    /// A fitting WebM smaller than the limit by more than this factor is re-aimed upward once.
    static let webmUndershoot = 1.03
    /// The alpha stream's first aim, as a share of the limit, and the second share's when the
    /// colour's first aim already landed within `webmUndershoot` (the search measures both).
    static let webmAlphaShare = 0.35
    static let webmAlphaShare2 = 0.5
    /// A second alpha aim is tried only when it is larger than the first alpha stream by this factor.
    static let webmShareStep = 1.1
    /// The whole file is aimed at this share of the limit, and after an overshoot at the second.
    static let webmAim = 0.99
    static let webmAimAfterOvershoot = 0.98
    /// libvpx speed while fitting: fast enough for several candidates.
    static let webmSpeed = 2

    struct Candidate {
        var label: String
        var bytes: [UInt8]
        var frames: [AnimationFrame]
        var framesDropped: Int
        /// The measured quality when the search already measured it (WebM, or `pickBest`), so it is
        /// not measured twice.
        var quality: Double? = nil
        /// The size told from a sample of the frames (`sampledEstimate`) when no file was made
        /// (`bytes` is then empty); nil for a file made.
        var estimated: Int? = nil
        /// Frames the encoder was given to make it (the sample's, for an estimate).
        var framesEncoded: Int
        /// The size the search goes by: the file's, or the estimate.
        var size: Int { estimated ?? bytes.count }

        init(label: String, bytes: [UInt8], frames: [AnimationFrame], framesDropped: Int, quality: Double? = nil,
             estimated: Int? = nil, framesEncoded: Int? = nil) {
            self.label = label; self.bytes = bytes; self.frames = frames; self.framesDropped = framesDropped
            self.quality = quality; self.estimated = estimated; self.framesEncoded = framesEncoded ?? frames.count
        }
    }

    /// The fitted file and its report.
    /// - Throws: `FitError` when nothing fits, the best is below the floor, or an encoder fails.
    public func fit(_ source: [AnimationFrame], loopCount: Int) throws -> FitResult {
        guard let original = source.first else { throw FitError.invalidInput("no frames") }
        let clock = ContinuousClock.now
        let placement = box.map { CellPlacement(width: original.image.width, height: original.image.height, cell: $0,
                                                minSide: options.minSide, fill: fillBox) }
        let frames: [AnimationFrame]
        if let placement, !placement.isIdentity {
            do {
                frames = try source.map { AnimationFrame(image: try placement.apply($0.image), delay: $0.delay) }
            } catch {
                throw FitError.invalidInput("placing into the \(placement.cell) px box: \(error)")
            }
        } else {
            frames = source
        }
        var log = Log()
        let (winner, baseline): (Candidate, Int)
        do {
            switch format {
            case .webp: (winner, baseline) = try fitWebP(frames, loopCount: loopCount, log: &log)
            case .webm: (winner, baseline) = try fitWebM(frames, log: &log)
            case .apng, .png: throw FitError.invalidInput("\(format.rawValue) is fitted by StickerFitter")
            }
        } catch let error as CodecError {
            throw FitError.codec("\(error)")
        }
        let lossless = winner.label.hasPrefix("lossless")
        let quality = lossless ? 1 : try winner.quality ?? measure(frames, winner)
        let belowFloor = !lossless && quality < options.minQuality
        if belowFloor && !options.keepBestBelowFloor {
            throw FitError.belowQualityFloor(quality: quality, minQuality: options.minQuality, bytes: winner.bytes.count,
                                             limit: options.maxBytes, steps: [winner.label])
        }
        // The written canvas: the placed frames', or a smaller one when that lever was pulled.
        let first = winner.frames[0], canvasScale = Double(first.image.width) / Double(frames[0].image.width)
        let elapsed = ContinuousClock.now - clock
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var report = FitReport(
            lossless: lossless, steps: [winner.label], losslessBytes: baseline, finalBytes: winner.bytes.count,
            maxBytes: options.maxBytes, headroom: options.maxBytes - winner.bytes.count, quality: quality,
            qualityMetric: fitQualityMetric, framesIn: frames.count, framesDropped: winner.framesDropped,
            colours: nil, bitsPerChannel: nil, dithering: nil, scale: (placement?.scale ?? 1) * canvasScale, width: first.image.width,
            height: first.image.height, loopDurationMs: frames.count > 1 ? frames.reduce(0) { $0 + $1.delay.milliseconds } : 0,
            encodes: log.lines.count, scaledBelowGridCell: false, candidates: log.lines,
            seconds: (seconds * 100).rounded() / 100, timeBudgetSeconds: options.timeBudget, timeBudgetReached: false)
        report.encodeLimit = format == .webp ? Self.webpEncodeBudget : Self.webmEncodeBudget
        report.searchCost = FitSearchCost(fullEncodes: log.full, partialEncodes: log.partial, encodedPixels: log.pixels,
                                          outputPixels: winner.frames.count * first.image.width * first.image.height)
        report.belowQualityFloor = belowFloor
        if let placement, !placement.isIdentity {
            report.placement = placement.summary
            report.steps.insert("into the cell: " + placement.summary, at: 0)
        }
        return FitResult(bytes: winner.bytes, format: format.imageFormat, report: report)
    }

    /// The candidates tried, as text, in order, and what making them cost.
    struct Log {
        var lines: [String] = []
        /// Encodes of every frame of a candidate, and encodes of a sample of its frames (an estimate).
        var full = 0, partial = 0
        /// Pixels handed to the encoder over all of them.
        var pixels = 0
        mutating func note(_ candidate: Candidate, fits: Bool, limit: Int) {
            let over = fits ? "" : ", over \(NumberText.int(limit))"
            if let estimate = candidate.estimated {
                lines.append("\(candidate.label), estimated from \(EncodedFormatFitter.webpSampledPairs) pairs of frames: about "
                             + "\(NumberText.int(estimate)) B\(over)")
            } else {
                lines.append("\(candidate.label): \(NumberText.int(candidate.bytes.count)) B\(over)")
            }
            count(candidate)
        }
        /// Counts what making `candidate` cost.
        mutating func count(_ candidate: Candidate) {
            if candidate.estimated != nil { partial += 1 } else { full += 1 }
            let image = candidate.frames[0].image
            pixels += candidate.framesEncoded * image.width * image.height
        }
        /// Counts an estimate told from pairs of `image`-sized frames that is not listed (it only
        /// decided that the files after it are made).
        mutating func countEstimate(of image: PixelBuffer) {
            partial += 1
            pixels += EncodedFormatFitter.webpSampledFrames * image.width * image.height
        }
    }

    /// Quality of a candidate, decoded by our own decoder as a viewer would see it.
    func measure(_ source: [AnimationFrame], _ candidate: Candidate) throws -> Double {
        do {
            let decoded = try ImageDecoder().decode(candidate.bytes)
            return try EncodedFormatQuality.measure(source: source, candidate: decoded.frames)
        } catch {
            throw FitError.codec("cannot read back the \(format.rawValue) candidate \(candidate.label): \(error)")
        }
    }

    /// Every other frame (`FrameDropper`'s uniform cut), their time
    /// kept; nil when there are too few frames to halve.
    func halved(_ frames: [AnimationFrame], minimum: Int) -> [AnimationFrame]? {
        guard frames.count >= minimum else { return nil }
        let kept = FrameDropper(images: frames.map(\.image)).kept(count: (frames.count + 1) / 2)
        return FrameDropper.merge(frames, kept: kept)
    }

    /// The fitting candidate that measures best (the earlier one on a tie); the candidates are
    /// measured side by side.
    func pickBest(_ source: [AnimationFrame], _ winners: [Candidate], smallest: Int, steps: [String]) throws -> Candidate {
        guard var best = winners.first else {
            throw FitError.nothingFits(smallestBytes: smallest, limit: options.maxBytes, steps: steps)
        }
        guard winners.count > 1 else { return best }
        let qualities = try Parallel.map(winners.count) { try winners[$0].quality ?? measure(source, winners[$0]) }
        var bestQuality = qualities[0]
        for (candidate, quality) in zip(winners, qualities).dropFirst() where quality > bestQuality {
            (best, bestQuality) = (candidate, quality)
        }
        best.quality = bestQuality
        return best
    }
}
