import ImageCodec

/// The WebM search: two-pass VP9 aimed at the limit, re-aimed by the miss.
extension EncodedFormatFitter {
    func fitWebM(_ frames: [AnimationFrame], log: inout Log) throws -> (Candidate, Int) {
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
}
