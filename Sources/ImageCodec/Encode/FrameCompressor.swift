/// Turns frame pixels into compressed PNG image data: pack into the colour plan, filter with each
/// strategy, rank by a cheap trial deflate, then deflate the finalists with the strong engine.
struct FrameCompressor: Sendable {
    /// The shared pixel format.
    let plan: ColorPlan
    /// What to try and which deflaters to use.
    let profile: EffortProfile

    /// Filtered scanlines of `image` with `strategy`.
    func filtered(_ image: PixelBuffer, _ strategy: FilterStrategy) -> [UInt8] {
        filtered(rows: plan.pack(image), width: image.width, height: image.height, strategy)
    }

    /// Filtered scanlines of already packed rows.
    func filtered(rows: [UInt8], width: Int, height: Int, _ strategy: FilterStrategy) -> [UInt8] {
        ScanlineFilter.apply(strategy, rows: rows, rowBytes: plan.rowBytes(width: width), height: height,
                             unit: plan.filterUnit)
    }

    /// Bytes the trial deflater needs for `data` (a ranking score only).
    func trialSize(_ data: [UInt8]) throws -> Int { try profile.trialEngine.compress(data).count }

    /// The smallest zlib stream found for each image, all images and candidates in parallel.
    func compressAll(_ images: [PixelBuffer]) throws -> [[UInt8]] {
        let filters = profile.finalFilters
        let packed = try Parallel.map(images.count) { plan.pack(images[$0]) }
        // Stage 1: rank every filtering of every image by trial size (keeping sizes, not data).
        let trial = try Parallel.map(images.count * filters.count) { unit -> Int in
            let (i, f) = unit.quotientAndRemainder(dividingBy: filters.count)
            return try trialSize(filtered(rows: packed[i], width: images[i].width, height: images[i].height, filters[f]))
        }
        let finalists = min(profile.finalists, filters.count)
        let ranked: [[FilterStrategy]] = images.indices.map { i in
            let order = filters.indices.sorted { a, b in
                let sa = trial[i * filters.count + a], sb = trial[i * filters.count + b]
                return sa != sb ? sa < sb : a < b
            }
            return order.prefix(finalists).map { filters[$0] }
        }
        // Stage 2: the strong deflater on each finalist; keep the smallest (earliest on ties).
        let strong = try Parallel.map(images.count * finalists) { unit -> [UInt8] in
            let (i, k) = unit.quotientAndRemainder(dividingBy: finalists)
            return try profile.strongEngine.compress(
                filtered(rows: packed[i], width: images[i].width, height: images[i].height, ranked[i][k]))
        }
        var best: [(stream: [UInt8], strategy: FilterStrategy)] = images.indices.map { i in
            var choice = (stream: strong[i * finalists], strategy: ranked[i][0])
            for k in 1..<finalists where strong[i * finalists + k].count < choice.stream.count {
                choice = (strong[i * finalists + k], ranked[i][k])
            }
            return choice
        }
        // Stage 3 (max): the extra deflater on each winner's filtering.
        if let extra = profile.extraEngine {
            let streams = try Parallel.map(images.count) { i in
                try extra.compress(filtered(rows: packed[i], width: images[i].width, height: images[i].height,
                                            best[i].strategy))
            }
            for i in images.indices where streams[i].count < best[i].stream.count { best[i].stream = streams[i] }
        }
        return best.map(\.stream)
    }
}
