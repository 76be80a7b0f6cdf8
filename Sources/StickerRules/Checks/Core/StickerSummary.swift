import ImageCodec
import StickerCore

/// What stays of a sticker once its own rules have run: its declaration, its files and failures,
/// the facts reports show and a digest of its pixels. Pack rules and reports work from summaries
/// so that a pack's decoded frames never have to be held at once: a worker decodes a sticker a
/// frame at a time, measuring each frame for the rules and letting it go, runs its rules and
/// summarises it, so peak memory follows the number of workers, not the size of the pack.
public struct StickerSummary: Sendable {
    /// The sticker as the catalog declares it.
    public var source: StickerSource
    /// Its files that exist, in declaration order.
    public var files: [LoadedFile]
    /// Files that failed to decode or were refused by the decode limits.
    public var failures: [FileFailure]
    /// What reports show about the sticker; nil when it has no decoded image.
    public var facts: StickerFacts?
    /// The fingerprint of its pixels; nil when it has no decoded image.
    public var pixels: PixelDigest?

    /// A summary.
    public init(source: StickerSource, files: [LoadedFile], failures: [FileFailure],
                facts: StickerFacts?, pixels: PixelDigest?) {
        self.source = source; self.files = files; self.failures = failures
        self.facts = facts; self.pixels = pixels
    }

    /// The summary of `subject`; it keeps no reference to the subject's decoded frames.
    public init(_ subject: StickerSubject) {
        self.init(source: subject.source, files: subject.files, failures: subject.failures,
                  facts: StickerSummary.facts(of: subject), pixels: PixelDigest(subject))
    }

    /// The sticker's name.
    public var name: String { source.name }

    /// Whether the sticker is a frame sequence rather than one file.
    public var isSequence: Bool { source.isSequence }

    /// The file a whole-sticker finding points at (as `StickerSubject.primaryFile`).
    public var primaryFile: String? { source.primaryFile }

    /// What reports show about `subject`; nil when it has no decoded image.
    public static func facts(of subject: StickerSubject) -> StickerFacts? {
        guard let image = subject.decoded else { return nil }
        let animated = subject.isAnimated
        let ms = animated ? image.loopDurationMilliseconds : 0
        return StickerFacts(
            format: image.facts.format, width: image.width, height: image.height, frames: image.frameCount,
            durationMs: ms, fps: animated ? image.averageFPS : nil,
            loops: animated ? image.loopCount : 0,
            bytes: subject.files.reduce(0) { $0 + $1.byteCount }, decodedBytes: image.decodedByteCount,
            hasTransparency: subject.hasTransparency)
    }
}

extension StickerSource {
    /// Whether the sticker is a frame sequence rather than one file.
    package var isSequence: Bool {
        if case .sequence = content { return true }
        return false
    }

    /// The file a whole-sticker finding points at: the sticker's file, or its folder for a
    /// sequence (a finding about all frames is about no single frame file).
    var primaryFile: String? {
        switch content {
        case .file(let f): return f
        case .sequence(let frames, _, _): return folder ?? frames.first
        }
    }
}
