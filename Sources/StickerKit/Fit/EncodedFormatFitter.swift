import Foundation
import ImageCodec

/// Fits a sticker under a byte limit as WebP or WebM, with the least measured loss
/// (`EncodedFormatQuality`), within a fixed number of candidate encodes: the work, never the
/// clock, bounds it, so the same input and options give the same file at any machine load.
///
/// WebP: the lossless file when it fits. Otherwise (only with `options.lossy`) each variant (every
/// frame with exact alpha; every other frame dropped, by `FrameDropper`, for animations of 4 or more
/// frames; every frame with alpha quality 50) gets the highest lossy quality that fits at the cheap
/// search method (`webpSearchMethod`), by bisection; the variant that measures best is encoded at
/// the final method (`webpFinalMethod`), then re-aimed upward once by what that method saved.
/// Near-lossless levels 80 and 60 join the comparison when lossless is within 1.5 times the limit. At `FitOptions.effort` `.fast` (store builds) lossless is first encoded at libwebp's
/// cheap level and shipped when that fits.
/// WebM (lossy by nature, so `lossy` is not needed): two-pass VP9 aimed at the limit with 35% of it
/// for alpha, re-aimed lower when it overshoots or higher when it undershoots by over 3%; the same
/// with 20% for alpha unless the first landed within 3% of the limit; every other frame dropped
/// (animations over 20 frames a second) only when neither fits; best measured wins. Either way a winner
/// below `options.minQuality` is refused, with its figures.
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
    /// near-lossless encodes and 1-2 of the winner at the final method (`webpFinalMethod`).
    static let webpEncodeBudget = 36
    /// libwebp method the lossy sizes are searched at: of methods 2-4, 4 predicts method 5-6's size
    /// best (docs/encoder.md: 5% over method 6 where 2 and 3 are 20-26% over), at about 1/40 of
    /// method 6's time on animations.
    static let webpSearchMethod = 4
    /// Lossless effort of the quick estimate; the full-effort file is made only when the estimate is
    /// within `webpQuickLosslessSlack` of the limit.
    static let webpQuickLosslessEffort = 25.0
    static let webpQuickLosslessSlack = 1.25
    /// Candidate encodes a WebM search may make (each is two passes of both streams), and per variant.
    static let webmEncodeBudget = 6
    static let webmEncodesPerVariant = 2
    /// A fitting WebM smaller than the limit by more than this factor is re-aimed upward once.
    static let webmUndershoot = 1.03
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
        let first = frames[0]
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
            colours: nil, bitsPerChannel: nil, dithering: nil, scale: placement?.scale ?? 1, width: first.image.width,
            height: first.image.height, loopDurationMs: frames.count > 1 ? frames.reduce(0) { $0 + $1.delay.milliseconds } : 0,
            encodes: log.lines.count, scaledBelowGridCell: false, candidates: log.lines,
            seconds: (seconds * 100).rounded() / 100, timeBudgetSeconds: options.timeBudget, timeBudgetReached: false)
        report.encodeLimit = format == .webp ? Self.webpEncodeBudget : Self.webmEncodeBudget
        if let placement, !placement.isIdentity {
            report.placement = placement.summary
            report.steps.insert("into the cell: " + placement.summary, at: 0)
        }
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
        // A quick lossless encode first: when it is far over the limit the full-effort one (at
        // most a few percent smaller) cannot fit and is not made. At `.fast` effort (store builds)
        // it is libwebp's cheap lossless level, shipped when it fits: lossless is exact at any
        // effort, and full effort costs 15-60 times the CPU for 0-3% fewer bytes (docs/encoder.md).
        let cheap = options.effort == .fast
        let quick = try encode(cheap ? Self.webpCheapLossless : WebPEncodeOptions(quality: Self.webpQuickLosslessEffort), frames,
                               label: cheap ? "lossless WebP method 2 effort 25" : "lossless WebP effort \(Int(Self.webpQuickLosslessEffort)) (estimate)",
                               dropped: 0)
        if cheap && quick.bytes.count <= options.maxBytes { return (quick, quick.bytes.count) }
        var smallest = quick.bytes.count, baseline = quick.bytes.count
        if !options.lossy || Double(quick.bytes.count) <= Double(options.maxBytes) * Self.webpQuickLosslessSlack {
            let lossless = try encode(WebPEncodeOptions(), frames, label: "lossless WebP", dropped: 0)
            if lossless.bytes.count <= options.maxBytes { return (lossless, lossless.bytes.count) }
            (smallest, baseline) = (min(smallest, lossless.bytes.count), lossless.bytes.count)
        }
        guard options.lossy else {
            throw FitError.overLimitLossless(bytes: baseline, limit: options.maxBytes)
        }
        var variants: [(frames: [AnimationFrame], alphaQuality: Int, name: String)] = [(frames, 100, "")]
        if let half = halved(frames, minimum: 4) { variants.append((half, 100, ", \(half.count) of \(frames.count) frames")) }
        variants.append((frames, 50, ", alpha quality 50"))
        // Sizes are searched at a cheap method that ranks and sizes qualities close to the final one;
        // the variants are compared on their search files, and only the winner is encoded at the
        // final method (which is smaller at the same quality, so what fits at the search method fits).
        var searched: [Int: [Int: Candidate]] = [:]   // variant -> quality -> search file
        func search(_ v: Int, _ q: Int) throws -> Candidate? {
            if let known = searched[v]?[q] { return known }
            guard encodes < Self.webpEncodeBudget else { return nil }
            let variant = variants[v]
            let candidate = try encode(.lossy(quality: Double(q), alphaQuality: variant.alphaQuality, method: Self.webpSearchMethod),
                                       variant.frames, label: "lossy WebP quality \(q) method \(Self.webpSearchMethod)\(variant.name)",
                                       dropped: frames.count - variant.frames.count)
            searched[v, default: [:]][q] = candidate
            smallest = min(smallest, candidate.bytes.count)
            return candidate
        }
        // The highest whole quality in low+1..<high whose search size, times `ratio` (final size over
        // search size), fits; `low` when none does.
        func bisect(_ v: Int, _ low: Int, _ high: Int, ratio: Double) throws -> Int {
            var (low, high) = (low, high)
            // Sizes already searched narrow the range (size grows with quality).
            for (q, known) in searched[v] ?? [:] where low < q && q < high {
                if Double(known.bytes.count) * ratio <= Double(options.maxBytes) { low = max(low, q) }
            }
            for (q, known) in searched[v] ?? [:] where low < q && q < high {
                if Double(known.bytes.count) * ratio > Double(options.maxBytes) { high = min(high, q) }
            }
            while high - low > 1 {
                let q = (low + high) / 2
                guard let size = try search(v, q)?.bytes.count else { break }
                if Double(size) * ratio <= Double(options.maxBytes) { low = q } else { high = q }
            }
            return low
        }
        var fitting: [(variant: Int, quality: Int, candidate: Candidate)] = []
        for v in variants.indices {
            // Quality 0 first: when even it is over the limit the variant is hopeless.
            guard let floor = try search(v, 0), floor.bytes.count <= options.maxBytes else { continue }
            let q = try bisect(v, 0, 101, ratio: 1)
            if let candidate = searched[v]?[q] { fitting.append((v, q, candidate)) }
        }
        // Near-lossless, the rung between lossy quality 100 and lossless, when lossless is near.
        let near = try nearLossless(frames, lossless: baseline, encode: { options, label in
            encodes < Self.webpEncodeBudget ? try encode(options, frames, label: label, dropped: 0) : nil
        })
        let best = try pickBest(frames, fitting.map(\.candidate) + (near.map { [$0] } ?? []), smallest: smallest, steps: log.lines)
        if let near, best.bytes == near.bytes { return (near, baseline) }
        guard let chosen = fitting.first(where: { $0.candidate.bytes == best.bytes }) else { return (best, baseline) }
        let variant = variants[chosen.variant]
        let method = Self.webpFinalMethod(pixels: variant.frames.count * variant.frames[0].image.width * variant.frames[0].image.height)
        func final(_ q: Int) throws -> Candidate? {
            guard encodes < Self.webpEncodeBudget else { return nil }
            return try encode(.lossy(quality: Double(q), alphaQuality: variant.alphaQuality, method: method), variant.frames,
                              label: "lossy WebP quality \(q) method \(method)\(variant.name)",
                              dropped: frames.count - variant.frames.count)
        }
        guard let first = try final(chosen.quality), first.bytes.count <= options.maxBytes else { return (best, baseline) }
        // The final method saved bytes: aim higher by what it saved, once.
        let ratio = Double(first.bytes.count) / Double(chosen.candidate.bytes.count)
        let higher = try bisect(chosen.variant, chosen.quality, 101, ratio: ratio)
        if higher > chosen.quality, let second = try final(higher), second.bytes.count <= options.maxBytes {
            return (second, baseline)
        }
        return (first, baseline)
    }

    /// libwebp's lossless level 2 (method 2, effort 25): what `.fast` effort ships when it fits.
    static let webpCheapLossless = WebPEncodeOptions(quality: 25, method: 2)
    /// Near-lossless levels tried, least loss first, and the effort they are searched at (method
    /// 4, effort 50: 1-3% over full effort at a tenth of its CPU on the benchmark still). Levels
    /// 40 and below measured worse than lossy quality 100 at more bytes on the benchmark photo
    /// (docs/encoder.md), so they are not tried.
    static let webpNearLosslessLevels = [80, 60]
    static let webpNearLosslessSearch = (effort: 50.0, method: 4)
    /// Near-lossless is tried only when the lossless size is at most this many times the limit:
    /// level 60, the lossiest tried, made files about 0.68-0.73 of lossless on the benchmark stills.
    static let webpNearLosslessReach = 1.5

    /// The least lossy near-lossless file that fits: the levels searched at the cheap effort, the
    /// first that fits written at full effort (smaller still) unless the effort is `.fast`; nil
    /// when lossless is too far over the limit, none fits, or the budget is spent.
    private func nearLossless(_ frames: [AnimationFrame], lossless: Int,
                              encode: (WebPEncodeOptions, String) throws -> Candidate?) throws -> Candidate? {
        guard Double(lossless) <= Double(options.maxBytes) * Self.webpNearLosslessReach else { return nil }
        let search = Self.webpNearLosslessSearch
        for level in Self.webpNearLosslessLevels {
            guard let sized = try encode(.nearLossless(level: level, effort: search.effort, method: search.method),
                                         "near-lossless WebP level \(level) method \(search.method)") else { return nil }
            guard sized.bytes.count <= options.maxBytes else { continue }
            // `.fast` effort ships the searched file: the full-effort one is exact to the same level.
            guard options.effort != .fast,
                  let full = try encode(.nearLossless(level: level), "near-lossless WebP level \(level) method 6") else { return sized }
            return full.bytes.count <= sized.bytes.count ? full : sized
        }
        return nil
    }

    /// libwebp method of the written file: 6 (the writer's default, about 3% smaller than 5) while
    /// the frames hold at most `webpMethod6Pixels`; 5 above, where method 6 costs about 30 times
    /// as much CPU (a 512x512 animation: about 1.7 s a frame against 0.06 s; docs/encoder.md).
    static func webpFinalMethod(pixels: Int) -> Int { pixels <= webpMethod6Pixels ? 6 : 5 }
    static let webpMethod6Pixels = 4_000_000

    // MARK: WebM

    private func fitWebM(_ frames: [AnimationFrame], log: inout Log) throws -> (Candidate, Int) {
        var variants: [(frames: [AnimationFrame], alphaShare: Double, name: String)] = [(frames, 0.35, ""), (frames, 0.2, ", alpha 20%")]
        let seconds = frames.reduce(0) { $0 + $1.delay.milliseconds } / 1000
        if seconds > 0, Double(frames.count) / seconds > 20, let half = halved(frames, minimum: 4) {
            variants.append((half, 0.35, ", \(half.count) of \(frames.count) frames"))
        }
        var winners: [Candidate] = [], smallest = Int.max, baseline = 0, encodes = 0
        for (index, variant) in variants.enumerated() {
            // Fewer frames only when every frame could not be fitted.
            if index == 2 && !winners.isEmpty { break }
            var target = options.maxBytes, fitted: Candidate?
            for _ in 0..<Self.webmEncodesPerVariant where encodes < Self.webmEncodeBudget {
                encodes += 1
                let encoder = WebMEncoder(options: WebMEncodeOptions(rate: .targetBytes(target), alphaShare: variant.alphaShare,
                                                                     speed: Self.webmSpeed))
                let bytes = try encoder.encode(variant.frames)
                let candidate = Candidate(label: "two-pass VP9 aimed at \(NumberText.int(target)) B\(variant.name)", bytes: bytes,
                                          frames: variant.frames, framesDropped: frames.count - variant.frames.count)
                if baseline == 0 { baseline = bytes.count }
                smallest = min(smallest, bytes.count)
                log.note(candidate, fits: bytes.count <= options.maxBytes, limit: options.maxBytes)
                // Re-aimed by the miss: lower by the overshoot and 2% more, or higher by the
                // undershoot less 1% (two-pass lands within a few percent of a second aim).
                let ratio = Double(options.maxBytes) / Double(bytes.count)
                if bytes.count <= options.maxBytes {
                    fitted = candidate
                    guard ratio > Self.webmUndershoot else { break }
                    let next = Int(Double(target) * ratio * 0.99)
                    guard next > target else { break }
                    target = next
                } else {
                    if fitted != nil { break }   // the higher aim overshot: keep the one that fits
                    let next = Int(Double(target) * ratio * 0.98)
                    guard next >= 1024, next < target else { break }
                    target = next
                }
            }
            if let fitted {
                winners.append(fitted)
                // Within 3% of the limit the first alpha share has spent the bytes: the second
                // share is not tried (half the encodes; docs/encoder.md, "WebM fit").
                if index == 0 && Double(fitted.bytes.count) * Self.webmUndershoot >= Double(options.maxBytes) { break }
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
