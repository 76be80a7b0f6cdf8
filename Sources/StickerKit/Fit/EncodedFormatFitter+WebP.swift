import ImageCodec

/// The WebP search: lossless, lossy variants by quality, near-lossless, the deeper levers.
extension EncodedFormatFitter {
    func fitWebP(_ frames: [AnimationFrame], loopCount: Int, log: inout Log) throws -> (Candidate, Int) {
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
        // Far below quality 0 of every variant: fewer frames, less alpha, a smaller canvas.
        if fitting.isEmpty {
            func add(_ frames: [AnimationFrame], _ alphaQuality: Int, _ name: String) -> Int {
                if let known = variants.firstIndex(where: { $0.name == name }) { return known }
                variants.append((frames, alphaQuality, name))
                return variants.count - 1
            }
            for v in try deeperLevers(frames, add: add, probe: { try search($0, 0) }) {
                let q = try bisect(v, 0, 101, ratio: 1)
                if let candidate = searched[v]?[q] { fitting.append((v, q, candidate)) }
            }
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
        // Quality 100 with room left: libwebp's own size search aimed at the limit spends some of
        // it (docs/encoder.md, "Quality 100 and room to spare"); kept only when it measures better.
        guard chosen.quality == 100, options.effort != .fast, first.bytes.count < options.maxBytes, encodes < Self.webpEncodeBudget else {
            return (first, baseline)
        }
        var sizeSearch = WebPEncodeOptions.lossy(quality: Self.webpSizeSearchStart, alphaQuality: variant.alphaQuality, method: method)
        (sizeSearch.targetSize, sizeSearch.passes) = (options.maxBytes, Self.webpSizePasses)
        let sized = try encode(sizeSearch, variant.frames,
                               label: "lossy WebP aimed at \(NumberText.int(options.maxBytes)) B (\(Self.webpSizePasses) passes) method \(method)\(variant.name)",
                               dropped: frames.count - variant.frames.count)
        guard sized.bytes.count <= options.maxBytes, sized.bytes != first.bytes,
              try measure(frames, sized) > (try measure(frames, first)) else { return (first, baseline) }
        return (sized, baseline)
    }

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
    /// the frames hold at most `webpMethod6Pixels`; 5 above, where method 6 costs about 30 times
    /// as much CPU (a 512x512 animation: about 1.7 s a frame against 0.06 s; docs/encoder.md).
    static func webpFinalMethod(pixels: Int) -> Int { pixels <= webpMethod6Pixels ? 6 : 5 }
    static let webpMethod6Pixels = 4_000_000
}
