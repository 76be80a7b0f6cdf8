import ImageCodec
import StickerCore

extension FrameRateHighCheck {
    /// The store's frame-rate cap for the file's format, an error: the store refuses the file.
    func storeFindings(_ subject: StickerSubject, image: DecodedSummary, fps: Double, context: CheckContext) -> [Finding] {
        guard let limit = context.platform.animation.maxFPS(for: image.facts.format), Self.exceeds(image, limit) else { return [] }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(NumberText.decimal(fps)) fps on average (\(NumberText.count(image.frameCount, "frame")) in "
                + "\(NumberText.decimal(image.loopDurationMilliseconds)) ms), \(context.platform.name)'s limit is "
                + "\(NumberText.decimal(limit)) fps",
            hint: "Drop frames (keep every second one and double the delays) until the rate is at most \(NumberText.decimal(limit)) fps.",
            atLeast: .error)]
            .compactMap { $0 }
    }
}

extension LoopTooLongCheck {
    /// The store's cap on playback, an error: one loop, or every play together where the store counts
    /// them all (LINE: a loop played forever has no total, which `loop_count` reports).
    func storeFindings(_ subject: StickerSubject, image: DecodedSummary, context: CheckContext) -> [Finding] {
        let animation = context.platform.animation
        guard let limit = animation.maxDurationMilliseconds else { return [] }
        let loop = image.loopDurationMilliseconds
        let plays = animation.durationCountsEveryPlay ? image.loopCount : 1
        guard plays > 0 else { return [] }
        let ms = loop * Double(plays)
        guard Measure.exceeds(ms, limit) else { return [] }
        let what = plays > 1 ? "\(NumberText.count(plays, "play")) of \(NumberText.decimal(loop)) ms last \(NumberText.decimal(ms)) ms"
            : "one loop lasts \(NumberText.decimal(ms)) ms"
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile,
            message: "\(what), \(context.platform.name)'s limit is \(NumberText.decimal(limit)) ms",
            hint: plays > 1 ? "Play the loop fewer times, or shorten it." : "Shorten the loop: fewer frames or shorter delays.",
            atLeast: .error)]
            .compactMap { $0 }
    }
}

extension ShortFrameDelayCheck {
    /// Frames shorter than the store's minimum delay (WhatsApp: 8 ms), an error: the store refuses the file.
    func storeFindings(_ subject: StickerSubject, image: DecodedSummary, minimum: Double, context: CheckContext) -> [Finding] {
        let short = image.delays.indices.filter { Measure.exceeds(minimum, image.delays[$0].milliseconds) }
        guard !short.isEmpty else { return [] }
        var named = short.prefix(Self.namedFrames).map { "\($0) (\(NumberText.decimal(image.delays[$0].milliseconds)) ms)" }
        if short.count > Self.namedFrames { named.append("\(NumberText.int(short.count - Self.namedFrames)) more") }
        return [context.finding(
            Self.description, sticker: subject.name, file: subject.primaryFile, frame: short.count == 1 ? short[0] : nil,
            message: "\(short.count == 1 ? "frame" : "frames") \(NumberText.list(named)) "
                + "\(short.count == 1 ? "is" : "are") shorter than \(context.platform.name)'s minimum of \(NumberText.decimal(minimum)) ms",
            hint: "Give every frame at least \(NumberText.decimal(minimum)) ms; merge frames that should not show on their own.",
            atLeast: .error)]
            .compactMap { $0 }
    }
}
