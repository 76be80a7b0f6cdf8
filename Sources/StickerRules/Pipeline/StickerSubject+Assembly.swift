import ImageCodec
import StickerCore

extension StickerSubject {
    /// A subject from a sticker's loaded files and their decodes (keyed by relative path).
    ///
    /// A file sticker's image is its file's decode. A sequence's image is its frame files' first
    /// frames in order, timed by `SequenceTiming.delays(frameCount:)`, looping per `repetitions`, reported
    /// as APNG (what it is assembled into); it is nil when a frame is missing, failed, or differs
    /// in size from the first (`sequence_frame_mismatch` reports that).
    public static func assembled(source: StickerSource, files: [LoadedFile], decoded: [String: DecodedImage],
                                 failures: [FileFailure]) -> StickerSubject {
        let image: DecodedImage?
        switch source.content {
        case .file(let path):
            image = decoded[path]
        case .sequence(let paths, let timing, _):
            image = assembleSequence(paths: paths, decoded: decoded, timing: timing,
                                     loopCount: source.sequenceLoopCount ?? 0)
        }
        return StickerSubject(source: source, files: files, image: image, failures: failures)
    }

    private static func assembleSequence(paths: [String], decoded: [String: DecodedImage],
                                         timing: SequenceTiming, loopCount: Int) -> DecodedImage? {
        guard let summary = sequenceSummary(paths: paths, parts: decoded.mapValues(DecodedSummary.init),
                                            timing: timing, loopCount: loopCount) else { return nil }
        let frames = zip(paths, summary.delays).map { path, delay in Frame(image: decoded[path]!.frames[0].image, delay: delay) }
        return DecodedImage(width: summary.width, height: summary.height, frames: frames,
                            loopCount: summary.loopCount, facts: summary.facts)
    }

    /// A sequence's assembled image without its pixels, from its frame files' decodes (`parts`, by
    /// path): each file's first frame in order, timed by `SequenceTiming.delays(frameCount:)`,
    /// looping per `loopCount`, reported as APNG (what it is assembled into). Nil when a file has
    /// no decode or a canvas of another size than the first.
    static func sequenceSummary(paths: [String], parts: [String: DecodedSummary], timing: SequenceTiming,
                                loopCount: Int) -> DecodedSummary? {
        let found = paths.compactMap { parts[$0] }
        guard found.count == paths.count, let width = found.first?.width, let height = found.first?.height,
              found.allSatisfy({ $0.width == width && $0.height == height }) else { return nil }
        // Colour and depth are judged per frame file (`color_profile`); the assembled image
        // states what the assembler writes: 8-bit RGBA APNG.
        let transparent = found.contains { $0.facts.transparency != .none }
        let facts = SourceFacts(format: .apng, bitDepth: 8, colorModel: .rgba,
                                transparency: transparent ? .alphaChannel : .none,
                                defaultImage: .firstFrame, frameCount: paths.count,
                                declaredLoopCount: loopCount, fileSize: found.reduce(0) { $0 + $1.facts.fileSize })
        return DecodedSummary(width: width, height: height, delays: timing.delays(frameCount: paths.count),
                              loopCount: loopCount, facts: facts)
    }
}
