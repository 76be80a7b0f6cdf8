import ImageCodec
import StickerCore

/// The WebP fitter's levers past its three variants, for a limit far below quality 0 of each
/// (a 512 px, 90-frame animation at 100 KB): the APNG fitter's levers, judged by the same measure.
extension EncodedFormatFitter {
    /// Alpha qualities the levers go down to, least loss first. Below 70 libwebp keeps 2 + q/5
    /// alpha levels: 12 at 50, 6 at 20.
    static let webpAlphaQualities = [100, 50, 20]
    /// Lever combinations whose quality is searched and measured against each other.
    static let webpFrontierPoints = 2

    /// Variant indices (from `add`) of the lever combinations worth a quality search, most frames
    /// first; empty when even the last lever is over or the encode budget is spent. `alphas` are
    /// the alpha qualities to go through, least loss first (`webpAlphaQualities`; only 100 for
    /// frames without transparency).
    ///
    /// The levers: uniform frame-rate cuts (`FitGeometry.keepCounts`: every 2nd, 3rd, 4th, 6th,
    /// 10th, 15th or 30th frame, each held as long as the frames it stands for, so the loop time is
    /// kept), lower alpha quality, then a smaller canvas where the target allows one
    /// (`smallerSides`). At each size a staircase walk finds, for each frame count from the most
    /// frames down, the least alpha loss whose quality 0 fits (`probe`, which encodes the variants
    /// it is given side by side). Where an alpha quality is over at one count, the next count it
    /// fits at is looked for where the size scaled by the number of frames meets the limit: that
    /// count and the one above it are probed together, then bisection over the counts between (the
    /// size shrinks with the frames), instead of one count after another. The first
    /// `webpFrontierPoints` it finds are returned; a smaller canvas is tried only when nothing fits
    /// at the size before it.
    func deeperLevers(_ frames: [AnimationFrame], alphas: [Int],
                      add: (_ frames: [AnimationFrame], _ alphaQuality: Int, _ name: String) -> Int,
                      probe: ([Int]) throws -> [Candidate?]) throws -> [Int] {
        let n = frames.count
        let counts = n >= 4 ? FitGeometry.keepCounts(n) : [n]
        let dropper = FrameDropper(images: frames.map(\.image))
        var made: [String: [AnimationFrame]] = [:]   // "count side" -> frames, each made once
        // The variant of `count` frames at alpha quality `alpha` and longest side `side`.
        func variant(_ count: Int, _ alpha: Int, _ side: Int?) throws -> Int {
            let (width, height) = (frames[0].image.width, frames[0].image.height)
            let size = side.map { FitGeometry.size(width: width, height: height, side: $0) } ?? (width: width, height: height)
            let key = "\(count) \(size.width)x\(size.height)"
            if made[key] == nil {
                let kept = FrameDropper.merge(frames, kept: dropper.kept(count: count))
                let images = side == nil ? kept.map(\.image) : try Parallel.map(kept.count) {
                    try Resampler().resized(kept[$0].image, width: size.width, height: size.height)
                }
                made[key] = zip(images, kept).map { AnimationFrame(image: $0, delay: $1.delay) }
            }
            let name = (count < n ? ", \(count) of \(n) frames" : "")
                + (side == nil ? "" : ", scaled to \(NumberText.size(size.width, size.height))")
                + (alpha < 100 ? ", alpha quality \(alpha)" : "")
            return add(made[key]!, alpha, name)
        }
        let sides: [Int?] = [nil] + smallerSides(frames[0].image).map(Optional.some)
        for side in sides {
            // A smaller canvas whose every lever at its most is over is passed by in one probe.
            if side != nil {
                guard let lossiest = try probe([try variant(counts[counts.count - 1], alphas[alphas.count - 1], side)])[0] else { return [] }
                if lossiest.size > options.maxBytes { continue }
            }
            var found: [Int] = [], j = alphas.count - 1, from = 0
            var over: (count: Int, bytes: Int)?   // the last count found over at alpha j, and its size
            while from < counts.count {
                let first: Int?
                switch try firstFittingCount(counts, from: from, over: over,
                                             probe: { try probe(try $0.map { try variant($0, alphas[j], side) }) }) {
                case .spent: return found
                case .fits(let index): first = index
                case .none: first = nil
                }
                guard let k = first else { break }
                var fit: Int?
                while j >= 0 {
                    let v = try variant(counts[k], alphas[j], side)
                    guard let candidate = try probe([v])[0] else { return found }
                    if candidate.size > options.maxBytes { over = (counts[k], candidate.size); break }
                    fit = v
                    j -= 1
                }
                if let fit {
                    found.append(fit)
                    if found.count == Self.webpFrontierPoints { return found }
                }
                // Full alpha fits at this count: fewer frames can only lose more.
                if j < 0 { break }
                from = k + 1
            }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// Where `firstFittingCount` ended.
    enum CountSearch: Equatable { case fits(Int), none, spent }

    /// The index in `counts[from...]` (most frames first) of the first count whose quality-0 file
    /// fits, at one alpha quality; `.none` when none does, `.spent` when the budget ran out. With
    /// nothing known at this alpha the count with the most frames is probed first. From a count
    /// found over (`over`, and its size) the next probe goes to the largest count whose size,
    /// scaled from it by the number of frames, fits, side by side with the count above it; then
    /// bisection over the counts left between. `probe` makes the quality-0 files of the counts it
    /// is given (side by side), nil for one the budget leaves unmade.
    func firstFittingCount(_ counts: [Int], from: Int, over: (count: Int, bytes: Int)?,
                           probe: ([Int]) throws -> [Candidate?]) throws -> CountSearch {
        func fits(_ candidate: Candidate) -> Bool { candidate.size <= options.maxBytes }
        func probeOne(_ count: Int) throws -> Candidate? { try probe([count])[0] }
        var (low, high) = (from, counts.count)   // the answer lies in low...high; high == counts.count: none
        var over = over
        if over == nil {
            guard low < high else { return .none }
            guard let candidate = try probeOne(counts[low]) else { return .spent }
            if fits(candidate) { return .fits(low) }
            over = (counts[low], candidate.size)
            low += 1
        }
        if let over, low < high, over.bytes > 0 {
            let fitting = Double(options.maxBytes) * Double(over.count) / Double(over.bytes)
            let guess = counts[low...].firstIndex { Double($0) <= fitting } ?? counts.count - 1
            if guess > low {
                let pair = try probe([counts[guess], counts[guess - 1]])
                guard let atGuess = pair[0], let above = pair[1] else { return .spent }
                if fits(above) { high = guess - 1 } else if fits(atGuess) { return .fits(guess) } else { low = guess + 1 }
            } else {
                guard let candidate = try probeOne(counts[low]) else { return .spent }
                if fits(candidate) { return .fits(low) }
                low += 1
            }
        }
        while low < high {
            let middle = (low + high) / 2
            guard let candidate = try probeOne(counts[middle]) else { return .spent }
            if fits(candidate) { high = middle } else { low = middle + 1 }
        }
        return high < counts.count ? .fits(high) : .none
    }

    /// Longest sides of a smaller canvas, largest first (7/8, 3/4, 5/8, 1/2 of it): never with
    /// `fillBox` (the box is to be filled) and never with a side below `options.minSide` (a store
    /// that takes one size passes that size as the minimum, so it gets none).
    func smallerSides(_ image: PixelBuffer) -> [Int] {
        guard !fillBox else { return [] }
        let longest = max(image.width, image.height)
        return FitGeometry.sideFractions.compactMap { fraction in
            let side = Int((Double(longest) * fraction).rounded())
            let size = FitGeometry.size(width: image.width, height: image.height, side: side)
            return min(size.width, size.height) >= options.minSide ? side : nil
        }
    }
}
