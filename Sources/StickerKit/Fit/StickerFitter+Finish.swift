import ImageCodec

extension StickerFitter {
    /// Re-encodes the winner at the requested effort (kept only if smaller), then verifies it.
    func finish(_ best: FitCandidate, session: FitSession, base: FitReport) throws -> FitResult {
        var encoded = best.encoded
        if options.effort != .fast {
            let strong = try session.encode(best.frames, effort: options.effort)
            if strong.bytes.count < encoded.bytes.count { encoded = strong }
        }
        let g = try session.geometry(best.geometry)
        var report = base
        report.lossless = false
        report.steps += try steps(for: best, session: session)
        report.finalBytes = encoded.bytes.count
        report.headroom = options.maxBytes - encoded.bytes.count
        report.quality = best.quality ?? 0
        report.framesDropped = session.input.count - g.keepCount
        report.colours = encoded.paletteCount
        report.dithering = best.dithering.description
        report.width = g.frames[0].image.width
        report.height = g.frames[0].image.height
        report.scale = Double(max(report.width, report.height)) / Double(max(base.width, base.height))
        report.encodes = session.encodes
        return try verified(encoded.bytes, frames: session.input, report: report)
    }

    /// Human-readable steps of a candidate.
    func steps(for c: FitCandidate, session: FitSession) throws -> [String] {
        let g = try session.geometry(c.geometry)
        var out: [String] = []
        if g.keepCount < session.input.count { out.append("frames \(session.input.count) -> \(g.keepCount)") }
        if let side = g.side {
            let w = session.reference[0].width, h = session.reference[0].height
            out.append("scale \(w)x\(h) -> \(g.frames[0].image.width)x\(g.frames[0].image.height) (longest side \(side) px)")
        }
        out.append("palette \(c.colours) colours, dithering \(c.dithering)")
        out.append("\(c.bytes) B at fast effort")
        return out
    }

    /// Checks what is about to be returned: at or under the limit, and one loop within 1 ms of the
    /// input's (read back from the file itself).
    func verified(_ bytes: [UInt8], frames: [AnimationFrame], report: FitReport) throws -> FitResult {
        guard bytes.count <= options.maxBytes else {
            throw FitError.nothingFits(smallestBytes: bytes.count, limit: options.maxBytes, steps: report.steps)
        }
        let decoded: DecodedImage
        do { decoded = try ImageDecoder().decode(bytes) } catch {
            throw FitError.codec("the fitted file does not decode: \(error)")
        }
        let want = Self.loopMilliseconds(frames)
        if frames.count > 1 && abs(decoded.loopDurationMilliseconds - want) > 1 {
            throw FitError.codec("internal: fitted loop lasts \(decoded.loopDurationMilliseconds) ms, input \(want) ms")
        }
        return FitResult(bytes: bytes, format: frames.count > 1 ? .apng : .png, report: report)
    }

    /// One loop in milliseconds (0 for a still).
    static func loopMilliseconds(_ frames: [AnimationFrame]) -> Double {
        frames.count > 1 ? frames.map(\.delay).reduce(FrameDelay.zero, +).milliseconds : 0
    }
}
