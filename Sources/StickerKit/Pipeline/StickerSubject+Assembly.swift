import ImageCodec

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
        var buffers: [PixelBuffer] = []
        var parts: [DecodedImage] = []
        for path in paths {
            guard let part = decoded[path], let first = part.frames.first else { return nil }
            buffers.append(first.image)
            parts.append(part)
        }
        guard let width = buffers.first?.width, let height = buffers.first?.height,
              buffers.allSatisfy({ $0.width == width && $0.height == height }) else { return nil }
        let delays = timing.delays(frameCount: buffers.count)
        let frames = zip(buffers, delays).map { Frame(image: $0.0, delay: $0.1) }
        // Colour and depth are judged per frame file (`color_profile`); the assembled image
        // states what the assembler writes: 8-bit RGBA APNG.
        let transparent = parts.contains { $0.facts.transparency != .none }
        let facts = SourceFacts(format: .apng, bitDepth: 8, colorModel: .rgba,
                                transparency: transparent ? .alphaChannel : .none,
                                defaultImage: .firstFrame, frameCount: frames.count,
                                declaredLoopCount: loopCount, fileSize: parts.reduce(0) { $0 + $1.facts.fileSize })
        return DecodedImage(width: width, height: height, frames: frames, loopCount: loopCount, facts: facts)
    }
}
