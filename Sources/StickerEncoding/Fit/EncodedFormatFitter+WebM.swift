import ImageCodec
import StickerCore

/// The WebM search: the alpha share chosen by measurement, the colour stream re-aimed by its miss.
extension EncodedFormatFitter {
    func fitWebM(_ frames: [AnimationFrame], log: inout Log) throws -> (Candidate, Int) {
        var search = try WebMShareSearch(fitter: self, frames: frames)
        try search.run(log: &log)
        if search.measured.isEmpty, let half = halvedForWebM(frames) {
            // Fewer frames only when every frame could not be fitted.
            var halfSearch = try WebMShareSearch(fitter: self, frames: half, source: frames, dropped: frames.count - half.count,
                                             encodes: search.encodes)
            halfSearch.smallest = search.smallest
            try halfSearch.run(log: &log)
            search.measured = halfSearch.measured; search.smallest = halfSearch.smallest
        }
        guard let best = search.best else {
            throw FitError.nothingFits(smallestBytes: search.smallest, limit: options.maxBytes, steps: log.lines)
        }
        var winner = best.candidate
        winner.quality = best.quality
        return (winner, search.baseline)
    }

    /// Every other frame for animations over 20 frames a second, nil otherwise.
    private func halvedForWebM(_ frames: [AnimationFrame]) -> [AnimationFrame]? {
        let seconds = frames.reduce(0) { $0 + $1.delay.milliseconds } / 1000
        guard seconds > 0, Double(frames.count) / seconds > 20 else { return nil }
        return halved(frames, minimum: 4)
    }
}

/// One WebM search over one set of frames (docs/encoder.md, "WebM fit"): the alpha share is
/// chosen by measurement between two files that spend the limit differently.
///
/// The alpha stream is aimed at `webmAlphaShare` of the limit and the colour at what it leaves,
/// re-aimed once by its own miss (two-pass VP9 lands a few percent off, usually under). The colour
/// file of the first aim, when it undershot, is then paired with a second alpha stream aimed at the
/// room it leaves: a file of about the same size with a larger alpha share, for the cost of one
/// alpha encode. When the first colour aim already landed within 3% of the limit, the second share
/// is `webmAlphaShare2` with its own colour aim. The file that measures best wins. Every aim is
/// corrected by how far the last encode of that stream missed its own aim.
struct WebMShareSearch {
    typealias Candidate = EncodedFormatFitter.Candidate
    let fitter: EncodedFormatFitter
    let frames: [AnimationFrame]
    /// The frames the quality is measured against (all of them, when `frames` is every other one).
    let source: [AnimationFrame]
    let dropped: Int
    var encodes: Int
    var smallest = Int.max, baseline = 0
    /// Fitting files with their measured quality.
    var measured: [(candidate: Candidate, quality: Double)] = []
    /// The frames' pictures, first-pass statistics and unchanged streams, shared by every encode.
    private var session: WebMEncoderSession
    /// Made over aimed, per stream, from its last encode.
    private var colourRatio = 1.0, alphaRatio = 1.0

    init(fitter: EncodedFormatFitter, frames: [AnimationFrame], source: [AnimationFrame]? = nil, dropped: Int = 0,
         encodes: Int = 0) throws {
        self.fitter = fitter; self.frames = frames; self.source = source ?? frames; self.dropped = dropped; self.encodes = encodes
        session = try WebMEncoderSession(frames)
    }

    /// The fitting file that measured best (the earlier on a tie).
    var best: (candidate: Candidate, quality: Double)? {
        measured.reduce(nil) { best, entry in best.map { $0.quality >= entry.quality ? $0 : entry } ?? entry }
    }

    private var limit: Int { fitter.options.maxBytes }
    private var container: Int { 400 + 40 * frames.count }

    mutating func run(log: inout EncodedFormatFitter.Log) throws {
        // The first share, its colour aimed at what the alpha leaves and re-aimed by its miss.
        let firstAlpha = max(1024, Int(Double(limit) * EncodedFormatFitter.webmAlphaShare))
        let first = try fill(alphaAim: firstAlpha, share: EncodedFormatFitter.webmAlphaShare, log: &log)
        // The second share: the first colour file, when it undershot, beside an alpha stream aimed
        // at the room it leaves; otherwise the second share with a colour aim of its own.
        var second: (file: Candidate, colourBytes: Int)?
        if !session.hasAlpha {
            // Opaque: no share to choose.
        } else if let undershot = first.colours.first, first.colours.count > 1 || first.file == nil,
           case let room = Double(limit) * EncodedFormatFitter.webmAim - Double(undershot.bytes + container),
           room > Double(first.alphaBytes) * EncodedFormatFitter.webmShareStep {
            let alphaAim = max(1024, Int(room / alphaRatio))
            second = try encode(alphaAim: alphaAim, colourAim: undershot.aim, share: room / Double(limit), log: &log)
                .flatMap { $0.file.bytes.count <= limit ? $0 : nil }
        } else if encodes < EncodedFormatFitter.webmEncodeBudget {
            let alphaAim = max(1024, Int(Double(limit) * EncodedFormatFitter.webmAlphaShare2 / alphaRatio))
            second = try fill(alphaAim: alphaAim, share: EncodedFormatFitter.webmAlphaShare2, log: &log).file.map { ($0, 0) }
        }
        for file in [first.file, second?.file].compactMap({ $0 }) {
            measured.append((file, try fitter.measure(source, file)))
        }
    }

    /// The alpha stream aimed at `alphaAim`, the colour at what it leaves of the limit, re-aimed
    /// once when over or more than 3% under: the fullest file that fits, and every colour encode
    /// made (aim and bytes, in order).
    private mutating func fill(alphaAim: Int, share: Double, log: inout EncodedFormatFitter.Log) throws
        -> (file: Candidate?, alphaBytes: Int, colours: [(aim: Int, bytes: Int)]) {
        var want = Double(limit) * EncodedFormatFitter.webmAim
        var fitted: Candidate?, colours: [(aim: Int, bytes: Int)] = [], alphaBytes = 0
        for _ in 0..<EncodedFormatFitter.webmEncodesPerVariant where encodes < EncodedFormatFitter.webmEncodeBudget {
            alphaBytes = try self.alphaBytes(aim: alphaAim)
            let colourAim = max(limit / 8, Int((want - Double(alphaBytes + container)) / colourRatio))
            guard let made = try encode(alphaAim: alphaAim, colourAim: colourAim, share: share, log: &log) else { break }
            colours.append((colourAim, made.colourBytes))
            if made.file.bytes.count <= limit {
                fitted = made.file
                if Double(made.file.bytes.count) * EncodedFormatFitter.webmUndershoot >= Double(limit) { break }
            } else {
                if fitted != nil { break }   // the higher aim overshot: keep the one that fits
                want = Double(limit) * EncodedFormatFitter.webmAimAfterOvershoot
            }
        }
        return (fitted, alphaBytes, colours)
    }

    /// Bytes of the alpha stream aimed at `alphaAim` (the session keeps the stream for the encode
    /// that follows; the whole file's target does not change it).
    private mutating func alphaBytes(aim alphaAim: Int) throws -> Int {
        try session.alphaBytes(WebMEncodeOptions(rate: .targetBytes(limit), alphaTargetBytes: alphaAim,
                                                 speed: EncodedFormatFitter.webmSpeed))
    }

    /// Rate options with the alpha aimed at `alphaAim` bytes and the colour at `colourAim` bytes: the
    /// session gives the colour what the alpha and the container leave of the total.
    private mutating func options(alphaAim: Int, colourAim: Int) throws -> WebMEncodeOptions {
        let total = colourAim + (try alphaBytes(aim: alphaAim)) + container
        return WebMEncodeOptions(rate: .targetBytes(total), alphaTargetBytes: alphaAim, speed: EncodedFormatFitter.webmSpeed)
    }

    /// One candidate encode (nil when the budget is spent), logged, the aims' misses noted.
    private mutating func encode(alphaAim: Int, colourAim: Int, share: Double, log: inout EncodedFormatFitter.Log) throws
        -> (file: Candidate, colourBytes: Int)? {
        guard encodes < EncodedFormatFitter.webmEncodeBudget else { return nil }
        encodes += 1
        let options = try options(alphaAim: alphaAim, colourAim: colourAim)
        let report = try session.encode(options)
        colourRatio = min(1.5, max(0.5, Double(report.colorBytes) / Double(colourAim)))
        if report.hasAlpha { alphaRatio = min(1.5, max(0.5, Double(report.alphaBytes) / Double(alphaAim))) }
        let share = report.hasAlpha ? ", alpha \(Int((share * 100).rounded()))%" : ""
        guard case .targetBytes(let aim) = options.rate else { return nil }
        let file = Candidate(label: "two-pass VP9 aimed at \(NumberText.int(aim)) B"
                                 + share + (dropped > 0 ? ", \(frames.count) of \(frames.count + dropped) frames" : ""),
                             bytes: report.bytes, frames: frames, framesDropped: dropped)
        if baseline == 0 { baseline = report.bytes.count }
        smallest = min(smallest, report.bytes.count)
        log.note(file, fits: report.bytes.count <= limit, limit: limit)
        return (file, report.colorBytes)
    }

}
