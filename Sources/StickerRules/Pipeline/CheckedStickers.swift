import ImageCodec
import StickerCore

/// A checked pack's stickers as summaries, in pack order, with what it takes to decode one again.
///
/// Reports that need a sticker's pixels after the check (the HTML report's animations and edge
/// overlays) decode that sticker again from its source, one at a time, instead of the check
/// keeping every sticker's frames until the end.
public struct CheckedStickers: RandomAccessCollection, Sendable {
    /// One summary per sticker, in pack order.
    public var summaries: [StickerSummary]
    /// The catalog root the stickers' paths are relative to.
    public var root: String
    /// The decode limits the check used.
    public var limits: DecodeLimits
    /// The box the check rendered vector formats into (the pack's grid cell), nil for their canvas.
    public var vectorBox: Int?
    /// The Lottie renderer helpers the decodes again share.
    private let lottieRenderers = LottieRendererPool()

    /// Checked stickers of the catalog at `root`, decoded again under `limits` (vector formats
    /// rendered into `vectorBox`) when needed.
    public init(summaries: [StickerSummary], root: String, limits: DecodeLimits, vectorBox: Int? = nil) {
        self.summaries = summaries; self.root = root; self.limits = limits; self.vectorBox = vectorBox
    }

    /// The first position.
    public var startIndex: Int { summaries.startIndex }
    /// One past the last position.
    public var endIndex: Int { summaries.endIndex }
    /// The summary at `position`.
    public subscript(position: Int) -> StickerSummary { summaries[position] }

    /// The sticker of `summary` loaded and decoded again from its files, as the check loaded it
    /// (the files may have changed since; the caller uses what it gets).
    public func subject(for summary: StickerSummary) -> StickerSubject {
        SubjectLoader(limits: limits, vectorBox: vectorBox, lottieRenderers: lottieRenderers).load(summary.source, root: root)
    }
}
