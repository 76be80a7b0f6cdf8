import Foundation
import ImageCodec

/// Fits a sticker under a byte limit as WebP or WebM, with the least measured loss
/// (`EncodedFormatQuality`), within a fixed number of candidate encodes: the work, never the
/// clock, bounds it, so the same input and options give the same file at any machine load.
///
/// WebP: the lossless file when it fits. Otherwise (only with `options.lossy`) each variant (every
/// frame with exact alpha; every other frame dropped, by `FrameDropper`, for animations of 4 or more
/// frames; every frame with alpha quality 50) gets the highest lossy quality that fits, found by
/// bisection; the variant that measures best wins. WebM (lossy by nature, so `lossy` is not needed):
/// two-pass VP9 aimed at the limit with 35% of it for alpha, re-aimed lower while it overshoots;
/// the same with 20% for alpha; the same with every other frame dropped for animations over 20
/// frames a second; best measured wins. Either way a winner
/// below `options.minQuality` is refused, with its figures.
struct EncodedFormatFitter: Sendable {
    var options: FitOptions
    var format: ConvertFormat
    /// Candidate encodes a WebP search may make (lossless, then up to 7 bisection steps a variant).
    static let webpEncodeBudget = 22
    /// Candidate encodes a WebM search may make (each is two passes of both streams).
    static let webmEncodeBudget = 6
    /// libvpx speed while fitting: fast enough for several candidates.
    static let webmSpeed = 2

    struct Candidate {
        var label: String
        var bytes: [UInt8]
        var frames: [AnimationFrame]
        var framesDropped: Int
    }

    /// The fitted file and its report.
    /// - Throws: `FitError` when nothing fits, the best is below the floor, or an encoder fails.
    func fit(_ frames: [AnimationFrame], loopCount: Int) throws -> FitResult {
        guard let first = frames.first else { throw FitError.invalidInput("no frames") }
        let clock = ContinuousClock.now
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
        let quality = lossless ? 1 : try measure(frames, winner)
        if !lossless && quality < options.minQuality {
            throw FitError.belowQualityFloor(quality: quality, minQuality: options.minQuality, bytes: winner.bytes.count,
                                             limit: options.maxBytes, steps: [winner.label])
        }
        let elapsed = ContinuousClock.now - clock
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var report = FitReport(
            lossless: lossless, steps: [winner.label], losslessBytes: baseline, finalBytes: winner.bytes.count,
            maxBytes: options.maxBytes, headroom: options.maxBytes - winner.bytes.count, quality: quality,
            qualityMetric: fitQualityMetric, framesIn: frames.count, framesDropped: winner.framesDropped,
            colours: nil, bitsPerChannel: nil, dithering: nil, scale: 1, width: first.image.width,
            height: first.image.height, loopDurationMs: frames.count > 1 ? frames.reduce(0) { $0 + $1.delay.milliseconds } : 0,
            encodes: log.lines.count, scaledBelowGridCell: false, candidates: log.lines,
            seconds: (seconds * 100).rounded() / 100, timeBudgetSeconds: options.timeBudget, timeBudgetReached: false)
        report.encodeLimit = format == .webp ? Self.webpEncodeBudget : Self.webmEncodeBudget
        return FitResult(bytes: winner.bytes, format: format.imageFormat, report: report)
    }

    /// The candidates tried, as text, in order.
    struct Log {
        var lines: [String] = []
        mutating func note(_ candidate: Candidate, fits: Bool, limit: Int) {
            lines.append("\(candidate.label): \(NumberText.int(candidate.bytes.count)) B\(fits ? "" : ", over \(NumberText.int(limit))")")
        }
    }

    /// Quality of a candidate, decoded by our own decoder as a viewer would see it.
    private func measure(_ source: [AnimationFrame], _ candidate: Candidate) throws -> Double {
        do {
            let decoded = try ImageDecoder().decode(candidate.bytes)
            return try EncodedFormatQuality.measure(source: source, candidate: decoded.frames)
        } catch {
            throw FitError.codec("cannot read back the \(format.rawValue) candidate \(candidate.label): \(error)")
        }
    }

    /// Every other frame (by `FrameDropper`, the frame that changes least goes first), their time
    /// kept; nil when there are too few frames to halve.
    private func halved(_ frames: [AnimationFrame], minimum: Int) -> [AnimationFrame]? {
        guard frames.count >= minimum else { return nil }
        let kept = FrameDropper(images: frames.map(\.image)).kept(count: (frames.count + 1) / 2)
        return FrameDropper.merge(frames, kept: kept)
    }

    // MARK: WebP

    private func fitWebP(_ frames: [AnimationFrame], loopCount: Int, log: inout Log) throws -> (Candidate, Int) {
        var encodes = 0
        func encode(_ options: WebPEncodeOptions, _ frames: [AnimationFrame], label: String, dropped: Int) throws -> Candidate {
            encodes += 1
            let encoder = WebPEncoder(options: options)
            let bytes = frames.count > 1 ? try encoder.encodeAnimation(frames, loopCount: loopCount) : try encoder.encode(frames[0].image)
            let candidate = Candidate(label: label, bytes: bytes, frames: frames, framesDropped: dropped)
            log.note(candidate, fits: bytes.count <= self.options.maxBytes, limit: self.options.maxBytes)
            return candidate
        }
        let lossless = try encode(WebPEncodeOptions(), frames, label: "lossless WebP", dropped: 0)
        if lossless.bytes.count <= options.maxBytes { return (lossless, lossless.bytes.count) }
        guard options.lossy else {
            throw FitError.overLimitLossless(bytes: lossless.bytes.count, limit: options.maxBytes)
        }
        var variants: [(frames: [AnimationFrame], alphaQuality: Int, name: String)] = [(frames, 100, "")]
        if let half = halved(frames, minimum: 4) { variants.append((half, 100, ", \(half.count) of \(frames.count) frames")) }
        variants.append((frames, 50, ", alpha quality 50"))
        var winners: [Candidate] = [], smallest = lossless.bytes.count
        for variant in variants {
            // Quality 0 first: when even it is over the limit the variant is hopeless. Then
            // bisection for the highest whole quality that fits.
            func attempt(_ q: Int) throws -> Candidate {
                let candidate = try encode(.lossy(quality: Double(q), alphaQuality: variant.alphaQuality), variant.frames,
                                           label: "lossy WebP quality \(q)\(variant.name)",
                                           dropped: frames.count - variant.frames.count)
                smallest = min(smallest, candidate.bytes.count)
                return candidate
            }
            guard encodes < Self.webpEncodeBudget else { break }
            let floor = try attempt(0)
            guard floor.bytes.count <= options.maxBytes else { continue }
            var low = 0, high = 101, best = floor
            while high - low > 1 && encodes < Self.webpEncodeBudget {
                let q = (low + high) / 2
                let candidate = try attempt(q)
                if candidate.bytes.count <= options.maxBytes { low = q; best = candidate } else { high = q }
            }
            winners.append(best)
        }
        return (try pickBest(frames, winners, smallest: smallest, steps: log.lines), lossless.bytes.count)
    }

    // MARK: WebM

    private func fitWebM(_ frames: [AnimationFrame], log: inout Log) throws -> (Candidate, Int) {
        var variants: [(frames: [AnimationFrame], alphaShare: Double, name: String)] = [(frames, 0.35, ""), (frames, 0.2, ", alpha 20%")]
        let seconds = frames.reduce(0) { $0 + $1.delay.milliseconds } / 1000
        if seconds > 0, Double(frames.count) / seconds > 20, let half = halved(frames, minimum: 4) {
            variants.append((half, 0.35, ", \(half.count) of \(frames.count) frames"))
        }
        var winners: [Candidate] = [], smallest = Int.max, baseline = 0
        let perVariant = Self.webmEncodeBudget / variants.count
        for variant in variants {
            var target = options.maxBytes
            for _ in 0..<perVariant {
                let encoder = WebMEncoder(options: WebMEncodeOptions(rate: .targetBytes(target), alphaShare: variant.alphaShare,
                                                                     speed: Self.webmSpeed))
                let bytes = try encoder.encode(variant.frames)
                let candidate = Candidate(label: "two-pass VP9 aimed at \(NumberText.int(target)) B\(variant.name)", bytes: bytes,
                                          frames: variant.frames, framesDropped: frames.count - variant.frames.count)
                if baseline == 0 { baseline = bytes.count }
                smallest = min(smallest, bytes.count)
                log.note(candidate, fits: bytes.count <= options.maxBytes, limit: options.maxBytes)
                if bytes.count <= options.maxBytes { winners.append(candidate); break }
                // Overshot: aim lower by the overshoot and 2% more.
                let next = Int(Double(target) * Double(options.maxBytes) / Double(bytes.count) * 0.98)
                guard next >= 1024, next < target else { break }
                target = next
            }
        }
        return (try pickBest(frames, winners, smallest: smallest, steps: log.lines), baseline)
    }

    /// The fitting candidate that measures best (the earlier one on a tie).
    private func pickBest(_ source: [AnimationFrame], _ winners: [Candidate], smallest: Int, steps: [String]) throws -> Candidate {
        guard var best = winners.first else {
            throw FitError.nothingFits(smallestBytes: smallest, limit: options.maxBytes, steps: steps)
        }
        guard winners.count > 1 else { return best }
        var bestQuality = try measure(source, best)
        for candidate in winners.dropFirst() {
            let quality = try measure(source, candidate)
            if quality > bestQuality { best = candidate; bestQuality = quality }
        }
        return best
    }
}
