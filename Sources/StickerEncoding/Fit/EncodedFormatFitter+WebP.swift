import ImageCodec
import StickerCore

/// The WebP search: lossless, lossy variants by quality, near-lossless, the deeper levers.
extension EncodedFormatFitter {
    func fitWebP(_ frames: [AnimationFrame], loopCount: Int, log: inout Log) throws -> (Candidate, Int) {
        var encodes = 0
        func note(_ candidate: Candidate) {
            encodes += 1
            log.note(candidate, fits: candidate.size <= options.maxBytes, limit: options.maxBytes)
        }
        // A file told from pairs of frames (`sampledEstimate`) instead of made counts as an encode.
        func noteEstimate(_ label: String, _ estimate: Int) {
            note(Candidate(label: label, bytes: [], frames: frames, framesDropped: 0, estimated: estimate,
                           framesEncoded: Self.webpSampledFrames))
        }
        // Encodes made one at a time take libwebp's second thread (the same bytes).
        func encode(_ options: WebPEncodeOptions, _ frames: [AnimationFrame], label: String, dropped: Int) throws -> Candidate {
            var alone = options
            alone.secondThread = true
            let candidate = try webpCandidate(alone, frames, loopCount: loopCount, label: label, dropped: dropped)
            note(candidate)
            return candidate
        }
        // A quick lossless encode first, at libwebp's cheap level (method 2, effort 25): when it is
        // far over the limit the full-effort one (at most a few percent smaller) cannot fit and is
        // not made. At `.fast` effort (store builds) it is shipped when it fits: lossless is exact
        // at any effort, and full effort costs 15-60 times the CPU for 0-3% fewer bytes
        // (docs/encoder.md). Otherwise it is an estimate only (method 6 at the same effort gave
        // 1.8% fewer bytes on the benchmark animation for 2.4 times the CPU).
        let cheap = options.effort == .fast
        let quickOptions = Self.webpCheapLossless
        let quickLabel = cheap ? "lossless WebP method 2 effort 25" : "lossless WebP method 2 effort 25 (estimate)"
        var smallest = Int.max, baseline: Int
        // A long animation whose lossless file is many times the limit (a video's grain) is told
        // from a few pairs of its frames, and the lossless encodes (seconds of CPU) are not made.
        let losslessEstimate = options.lossy ? try sampledEstimate(frames, quickOptions, loopCount: loopCount) : nil
        if let estimate = losslessEstimate, Double(estimate) > Double(options.maxBytes) * Self.webpSampledLosslessReach {
            noteEstimate(quickLabel, estimate)
            baseline = estimate
        } else {
            // Made, but near enough for the files to be made: counted, not listed.
            if losslessEstimate != nil { log.countEstimate(of: frames[0].image) }
            let quick = try encode(quickOptions, frames, label: quickLabel, dropped: 0)
            if cheap && quick.bytes.count <= options.maxBytes { return (quick, quick.bytes.count) }
            (smallest, baseline) = (quick.bytes.count, quick.bytes.count)
            if !options.lossy || Double(quick.bytes.count) <= Double(options.maxBytes) * Self.webpQuickLosslessSlack {
                let lossless = try encode(WebPEncodeOptions(), frames, label: "lossless WebP", dropped: 0)
                if lossless.bytes.count <= options.maxBytes { return (lossless, lossless.bytes.count) }
                (smallest, baseline) = (min(smallest, lossless.bytes.count), lossless.bytes.count)
            }
        }
        guard options.lossy else {
            throw FitError.overLimitLossless(bytes: baseline, limit: options.maxBytes)
        }
        // Alpha quality changes nothing in frames without transparency (libwebp writes no alpha).
        let opaque = !frames.contains { $0.image.hasTransparency }
        var variants = [WebPVariant(frames: frames, alphaQuality: 100, name: "", dropped: 0)]
        if let half = halved(frames, minimum: 4) {
            variants.append(WebPVariant(frames: half, alphaQuality: 100, name: ", \(half.count) of \(frames.count) frames",
                                        dropped: frames.count - half.count))
        }
        if !opaque { variants.append(WebPVariant(frames: frames, alphaQuality: 50, name: ", alpha quality 50", dropped: 0)) }
        // Sizes are searched at a cheap method that ranks and sizes qualities close to the final one;
        // the variants are compared on their search files, and only the winner is encoded at the
        // final method (which is smaller at the same quality, so what fits at the search method fits).
        func record(_ v: Int, _ q: Int, _ candidate: Candidate) {
            variants[v].sizes[q] = candidate
            smallest = min(smallest, candidate.size)
            note(candidate)
        }
        // Quality 0 of several variants at once, on both cores, noted in the order given; nil for
        // one the budget left unmade.
        func probeSideBySide(_ indices: [Int]) throws -> [Candidate?] {
            var wanted: [Int] = []
            for v in indices where variants[v].sizes[0] == nil && !wanted.contains(v) { wanted.append(v) }
            wanted = Array(wanted.prefix(max(0, Self.webpEncodeBudget - encodes)))
            let snapshot = variants
            let made = try Parallel.map(wanted.count) {
                try webpSearchFile(snapshot[wanted[$0]], quality: 0, loopCount: loopCount, alone: wanted.count == 1)
            }
            for (v, candidate) in zip(wanted, made) { record(v, 0, candidate) }
            return indices.map { variants[$0].sizes[0] }
        }
        func fittingAtZero(_ indices: [Int]) throws -> [Int] {
            zip(indices, try probeSideBySide(indices)).compactMap { v, candidate in
                candidate.map { $0.size <= options.maxBytes } == true ? v : nil
            }
        }
        // The highest fitting quality of each variant, the variants searched side by side (each at
        // most `webpSearchesPerVariant` encodes, within the budget); noted in the order given.
        func searchSideBySide(_ indices: [Int]) throws -> [(variant: Int, quality: Int)] {
            guard !indices.isEmpty else { return [] }
            let cap = min(Self.webpSearchesPerVariant, max(0, Self.webpEncodeBudget - encodes) / indices.count)
            let snapshot = variants
            let results = try Parallel.map(indices.count) { i -> (WebPVariant, Int, [Candidate]) in
                var variant = snapshot[indices[i]]
                let (quality, made) = try webpHighestFitting(&variant, from: 0, ratio: variant.isSampled ? Self.webpSampledMargin : 1,
                                                             cap: cap, loopCount: loopCount, alone: indices.count == 1)
                return (variant, quality, made)
            }
            for (v, (variant, _, made)) in zip(indices, results) {
                variants[v] = variant
                for candidate in made { smallest = min(smallest, candidate.size); note(candidate) }
            }
            return zip(indices, results).map { ($0, $1.1) }
        }
        // The files of the qualities found from estimates, made side by side. A file over the limit
        // sends its variant's search back to the estimates, scaled by how far the file missed them,
        // for a lower quality (at most `webpRealizeTries` files a variant); a variant whose files all
        // miss is left out. Found qualities whose files were made already are kept as they are.
        func realizeSideBySide(_ found: [(variant: Int, quality: Int)]) throws -> [(variant: Int, quality: Int)] {
            var found = found
            var pending = found.indices.filter { variants[found[$0].variant].sizes[found[$0].quality]?.estimated != nil }
            var missed = Set<Int>()
            for _ in 0..<Self.webpRealizeTries where !pending.isEmpty {
                let made = max(0, Self.webpEncodeBudget - encodes)
                missed.formUnion(pending.dropFirst(made))
                pending = Array(pending.prefix(made))
                let snapshot = variants, wanted = found
                let files = try Parallel.map(pending.count) { i -> Candidate in
                    let f = wanted[pending[i]]
                    return try webpSearchFile(snapshot[f.variant], quality: f.quality, loopCount: loopCount,
                                              alone: pending.count == 1, sampled: false)
                }
                var again: [Int] = []
                for (i, file) in zip(pending, files) {
                    let f = found[i]
                    let estimate = variants[f.variant].sizes[f.quality]?.size ?? file.bytes.count
                    variants[f.variant].sizes[f.quality] = file
                    smallest = min(smallest, file.bytes.count)
                    note(file)
                    guard file.bytes.count > options.maxBytes else { continue }
                    let ratio = Double(file.bytes.count) / Double(max(1, estimate)) * Self.webpSampledMargin
                    let cap = min(Self.webpSearchesPerVariant, max(0, Self.webpEncodeBudget - encodes - 1))
                    let (lower, searched) = try webpHighestFitting(&variants[f.variant], from: 0, ratio: ratio, cap: cap,
                                                                   loopCount: loopCount, alone: true)
                    for candidate in searched { smallest = min(smallest, candidate.size); note(candidate) }
                    guard lower < f.quality, let atLower = variants[f.variant].sizes[lower] else { missed.insert(i); continue }
                    found[i] = (f.variant, lower)
                    if atLower.estimated != nil { again.append(i) } else if atLower.bytes.count > options.maxBytes { missed.insert(i) }
                }
                pending = again
            }
            missed.formUnion(pending)
            return found.indices.filter { !missed.contains($0) }.map { found[$0] }
        }
        // Quality 0 first: a variant over the limit there is hopeless. Every other frame and alpha
        // quality 50 are probed side by side; every frame with exact alpha is larger than both (more
        // frames than the one, more alpha levels than the other) and the slowest to encode, so it is
        // probed only when both of them fit, and then told from pairs of frames first, as the
        // lossless file is: far over the limit (a long translucent animation's usually is), it is
        // not encoded.
        func everyFrameOutOfReach() throws -> Bool {
            guard let estimate = try sampledEstimate(frames, Self.webpSearchOptions(quality: 0, alphaQuality: 100), loopCount: loopCount)
            else { return false }
            guard Double(estimate) > Double(options.maxBytes) * Self.webpSampledLossyReach else {
                log.countEstimate(of: frames[0].image)   // made, and the probe follows it: counted, not listed
                return false
            }
            noteEstimate("lossy WebP quality 0 method \(Self.webpSearchMethod)", estimate)
            return true
        }
        let cheaper = Array(variants.indices.dropFirst())
        var fitAtZero = try fittingAtZero(cheaper)
        // A sampled variant's probe is itself told from pairs of frames: no estimate before it.
        if fitAtZero.count == cheaper.count, try variants[0].isSampled || !everyFrameOutOfReach() {
            fitAtZero = try fittingAtZero([0]) + fitAtZero
        }
        var fitting = try searchSideBySide(fitAtZero)
        // Far below quality 0 of every variant: fewer frames, less alpha, a smaller canvas.
        if fitting.isEmpty {
            fitting = try searchSideBySide(try deeperLevers(frames, alphas: opaque ? [100] : Self.webpAlphaQualities, add: { kept, alpha, name in
                if let known = variants.firstIndex(where: { $0.name == name }) { return known }
                variants.append(WebPVariant(frames: kept, alphaQuality: alpha, name: name, dropped: frames.count - kept.count))
                return variants.count - 1
            }, probe: probeSideBySide))
        }
        // A quality found from estimates is made now, each variant's file side by side; one over
        // the limit is searched again from the estimates, scaled by how far the file missed.
        fitting = try realizeSideBySide(fitting)
        let candidates = fitting.compactMap { found in variants[found.variant].sizes[found.quality].map { (found, $0) } }
        // Near-lossless, the rung between lossy quality 100 and lossless, when lossless is near.
        let near = try nearLossless(frames, lossless: baseline, encode: { options, label in
            encodes < Self.webpEncodeBudget ? try encode(options, frames, label: label, dropped: 0) : nil
        })
        let best = try pickBest(frames, candidates.map(\.1) + (near.map { [$0] } ?? []), smallest: smallest, steps: log.lines)
        if let near, best.bytes == near.bytes { return (best, baseline) }
        guard let chosen = candidates.first(where: { $0.1.bytes == best.bytes })?.0 else { return (best, baseline) }
        // At `.fast` effort, and for frames over `webpMethod6Pixels`, the search file is written.
        let chosenFrames = variants[chosen.variant].frames
        guard options.effort != .fast,
              let method = Self.webpFinalMethod(pixels: chosenFrames.count * chosenFrames[0].image.width * chosenFrames[0].image.height)
        else { return (best, baseline) }
        func final(_ q: Int) throws -> Candidate? {
            guard encodes < Self.webpEncodeBudget else { return nil }
            let variant = variants[chosen.variant]
            return try encode(.lossy(quality: Double(q), alphaQuality: variant.alphaQuality, method: method), variant.frames,
                              label: "lossy WebP quality \(q) method \(method)\(variant.name)", dropped: variant.dropped)
        }
        guard let first = try final(chosen.quality), first.bytes.count <= options.maxBytes else { return (best, baseline) }
        // The final method saved bytes: aim higher by what it saved, once (an estimated size is
        // scaled by the same ratio: the search file was made at this quality).
        let ratio = Double(first.bytes.count) / Double(best.bytes.count)
        let (higher, made) = try webpHighestFitting(&variants[chosen.variant], from: chosen.quality, ratio: ratio,
                                                    cap: max(0, Self.webpEncodeBudget - encodes - 1), loopCount: loopCount, alone: true)
        made.forEach(note)
        if higher > chosen.quality, let second = try final(higher), second.bytes.count <= options.maxBytes {
            return (second, baseline)
        }
        // Quality 100 with room left: libwebp's own size search aimed at the limit spends some of
        // it (docs/encoder.md, "Quality 100 and room to spare"); kept only when it measures better.
        guard chosen.quality == 100, options.effort != .fast, first.bytes.count < options.maxBytes, encodes < Self.webpEncodeBudget else {
            return (first, baseline)
        }
        let variant = variants[chosen.variant]
        var sizeSearch = WebPEncodeOptions.lossy(quality: Self.webpSizeSearchStart, alphaQuality: variant.alphaQuality, method: method)
        (sizeSearch.targetSize, sizeSearch.passes) = (options.maxBytes, Self.webpSizePasses)
        let sized = try encode(sizeSearch, variant.frames,
                               label: "lossy WebP aimed at \(NumberText.int(options.maxBytes)) B (\(Self.webpSizePasses) passes) method \(method)\(variant.name)",
                               dropped: variant.dropped)
        guard sized.bytes.count <= options.maxBytes, sized.bytes != first.bytes,
              try measure(frames, sized) > (try measure(frames, first)) else { return (first, baseline) }
        return (sized, baseline)
    }

    /// About the size of `frames`' lossless file at `options`, told from `webpSampledPairs` pairs of
    /// consecutive frames spread over the animation: an animation of the pairs less one of their
    /// first frames alone is what the frames after them cost (the container's own bytes cancel
    /// out), so the estimate is the first frame's size plus that mean cost for every other frame.
    /// The three files are encoded side by side. Nil for animations under
    /// `webpSampledLosslessMinFrames` frames, whose lossless file costs little to make. A 512 px,
    /// 81-frame video at libwebp's cheap level: 20,870,502 B told from 13 frames' encodes, against
    /// 20,971,364 B made from all 81 (6 s of CPU).
    func sampledEstimate(_ frames: [AnimationFrame], _ options: WebPEncodeOptions, loopCount: Int) throws -> Int? {
        let n = frames.count, pairs = Self.webpSampledPairs
        guard n >= Self.webpSampledLosslessMinFrames else { return nil }
        let starts = (0..<pairs).map { $0 * (n - 2) / (pairs - 1) }
        let encoder = WebPEncoder(options: options)
        let sizes = try Parallel.map(3) { job -> Int in
            switch job {
            case 0: return try encoder.encode(frames[0].image).count
            case 1: return try encoder.encodeAnimation(starts.map { frames[$0] }, loopCount: loopCount).count
            default: return try encoder.encodeAnimation(starts.flatMap { [frames[$0], frames[$0 + 1]] }, loopCount: loopCount).count
            }
        }
        return sizes[0] + (n - 1) * max(0, sizes[2] - sizes[1]) / pairs
    }
    /// Pairs of frames the lossless estimate is told from, the fewest frames it is told for, and
    /// how many times the limit it must be for the lossless encodes to be skipped: well past the
    /// slack within which the full-effort file is made (`webpQuickLosslessSlack`) and the reach of
    /// near-lossless, so a pair that moves more than the rest cannot skip a lossless file that would
    /// have been needed. The estimate was within 0.5% of the made file on a 512 px, 81-frame video
    /// and 2.9% over it on the 90-frame benchmark animation (docs/encoder.md). The fewest frames is
    /// the sampled search's (`webpSampledSearchMinFrames`): under it the 13 frames of an estimate
    /// cost nearly what the whole file does (a 16-frame Lottie's estimate was 0.81 of its fit's
    /// pixels, and its lossless file fitted).
    static let webpSampledPairs = 4
    static let webpSampledLosslessMinFrames = webpSampledSearchMinFrames
    static let webpSampledLosslessReach = 2.0
    /// How many times the limit the estimate of every frame with exact alpha at quality 0 must be
    /// for that probe to be skipped: on the benchmark animation it told 952,682 B of the 907,566 B
    /// made (5% over), so a quarter leaves room for a pair of frames that moves more than the rest.
    static let webpSampledLossyReach = 1.25

    /// One WebP file of `frames` at `options` (an animation, or a still for one frame).
    func webpCandidate(_ options: WebPEncodeOptions, _ frames: [AnimationFrame], loopCount: Int, label: String,
                       dropped: Int) throws -> Candidate {
        let encoder = WebPEncoder(options: options)
        let bytes = frames.count > 1 ? try encoder.encodeAnimation(frames, loopCount: loopCount) : try encoder.encode(frames[0].image)
        return Candidate(label: label, bytes: bytes, frames: frames, framesDropped: dropped)
    }

    /// `variant`'s search file at `quality` (`webpSearchOptions`); made `alone` (no other encode
    /// beside it), it takes libwebp's second thread.
    /// A variant of `webpSampledSearchMinFrames` or more frames is `sampled`: its size is told from
    /// pairs of frames (`sampledEstimate`, `webpSampledFrames` frames encoded instead of all of them)
    /// and the candidate holds no file (`Candidate.estimated`).
    func webpSearchFile(_ variant: WebPVariant, quality: Int, loopCount: Int, alone: Bool, sampled: Bool = true) throws -> Candidate {
        var options = Self.webpSearchOptions(quality: quality, alphaQuality: variant.alphaQuality)
        options.secondThread = alone
        let label = "lossy WebP quality \(quality) method \(Self.webpSearchMethod)\(variant.name)"
        if sampled, variant.isSampled, let estimate = try sampledEstimate(variant.frames, options, loopCount: loopCount) {
            return Candidate(label: label, bytes: [], frames: variant.frames, framesDropped: variant.dropped, estimated: estimate,
                             framesEncoded: Self.webpSampledFrames)
        }
        return try webpCandidate(options, variant.frames, loopCount: loopCount, label: label, dropped: variant.dropped)
    }

    /// Frames from which a variant's search sizes are told instead of encoding them all, and
    /// frames a sampled estimate encodes (the first alone, `webpSampledPairs` alone and as pairs).
    static let webpSampledSearchMinFrames = 24
    static let webpSampledFrames = 1 + 3 * webpSampledPairs
    /// Estimated sizes are aimed this much under the limit (an estimate missed the made file by up
    /// to 2-3%), and files made from an estimate a variant may take before it is left out.
    static let webpSampledMargin = 1.02
    static let webpRealizeTries = 3

    /// The highest whole quality above `low` (whose search file fits) whose search size, times
    /// `ratio` (final size over search size), fits; `low` when none does or `cap` encodes are
    /// spent. The search files it makes are added to `variant.sizes` and returned in order.
    func webpHighestFitting(_ variant: inout WebPVariant, from low: Int, ratio: Double, cap: Int,
                            loopCount: Int, alone: Bool) throws -> (quality: Int, made: [Candidate]) {
        let limit = Double(options.maxBytes)
        var (low, high) = (low, 101)
        // Sizes already searched narrow the range (size grows with quality).
        for (q, known) in variant.sizes where low < q && q < high && Double(known.size) * ratio <= limit { low = q }
        for (q, known) in variant.sizes where low < q && q < high && Double(known.size) * ratio > limit { high = q }
        var stepper = QualityStepper(low: low, high: high, target: limit / ratio, within: Self.webpCloseEnough)
        var made: [Candidate] = []
        while made.count < cap, let q = stepper.next(known: variant.sizes.mapValues(\.size)) {
            let candidate = try webpSearchFile(variant, quality: q, loopCount: loopCount, alone: alone)
            variant.sizes[q] = candidate
            made.append(candidate)
            stepper.record(q, fits: Double(candidate.size) * ratio <= limit)
        }
        return (stepper.low, made)
    }

    /// Lossy options of a search encode at `quality`: `webpSearchMethod`, and libwebp's fast alpha
    /// filter choice (one filter picked by an estimate) instead of "best" (each of the four tried).
    /// At alpha qualities of 70 and below libwebp keeps at most 16 alpha levels, for which both
    /// nearly always pick no filter: the same bytes at half the CPU at alpha quality 50 on the
    /// 90-frame benchmark animation and a 512 px, 81-frame video, 0.13% more at alpha quality 20
    /// (392,922 B against 392,404 B). With exact alpha the fast choice costs about 1% more bytes
    /// (four frames of the benchmark animation at quality 0: 42,540 B against 42,084 B) for 58% of
    /// the time. A file encoded at the final method keeps "best", so it is no larger than its search
    /// file predicts (at `.fast` effort and over 4 megapixels the search file itself is written).
    static func webpSearchOptions(quality: Int, alphaQuality: Int) -> WebPEncodeOptions {
        var options = WebPEncodeOptions.lossy(quality: Double(quality), alphaQuality: alphaQuality, method: webpSearchMethod)
        options.alphaFiltering = 1
        return options
    }

    /// Search encodes a variant's quality search may make (bisection of 0-100 takes 7).
    static let webpSearchesPerVariant = 8
    /// A search file within this share of the limit ends its variant's search (`QualityStepper`'s
    /// `within`): on the 90-frame benchmark animation at 500,000 B the probes past 495,872 B
    /// (every other frame) found 3,636 B more and one over, and past 497,702 B (the winner) one over.
    static let webpCloseEnough = 0.01

    /// Passes of libwebp's size search when quality 100 leaves room (cwebp's `-pass 10`).
    static let webpSizePasses = 10
    /// The quality libwebp's size search starts from (cwebp's default, 75): its passes move from
    /// there, and from 100 they stopped at a file that measured worse (docs/encoder.md).
    static let webpSizeSearchStart = 75.0

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
    /// the frames hold at most `webpMethod6Pixels`; nil above, where the search file (method 4) is
    /// written. There method 6 costs about 30 times the CPU (a 512x512 animation: about 1.7 s a
    /// frame against 0.06 s), and method 5, written until commit 32fc8f8 of 28 November, measured no better than the
    /// search file for 4-6 s of one core: on the 90-frame benchmark animation 496,758 B at SSIM
    /// 0.9925 and butteraugli 4.287 against the search file's 497,702 B at 0.9926 and 4.241, and on
    /// Signal's 512 px, 81-frame video 297,324 B against 294,870 B (docs/encoder.md).
    static func webpFinalMethod(pixels: Int) -> Int? { pixels <= webpMethod6Pixels ? 6 : nil }
    static let webpMethod6Pixels = 4_000_000
}

/// One lossy WebP variant of the frames the fitter searches: which frames, at which alpha quality,
/// and the search files made so far by quality.
struct WebPVariant {
    var frames: [AnimationFrame]
    var alphaQuality: Int
    /// How labels name it: "", ", 41 of 81 frames", ", alpha quality 50".
    var name: String
    /// Source frames it leaves out.
    var dropped: Int
    /// Search files by quality (or their estimates, for a sampled variant).
    var sizes: [Int: EncodedFormatFitter.Candidate] = [:]
    /// Whether its search sizes are told from pairs of frames (`EncodedFormatFitter.webpSearchFile`).
    var isSampled: Bool { frames.count >= EncodedFormatFitter.webpSampledSearchMinFrames }
}
