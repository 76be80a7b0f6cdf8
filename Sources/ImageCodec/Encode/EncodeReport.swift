/// What the encoder wrote and what it decided, for logs, `inspect`-style output and tests.
public struct EncodeReport: Equatable, Sendable {
    /// The PNG or APNG file.
    public var bytes: [UInt8]
    /// IHDR colour type, chosen over all frames together.
    public var colorType: PNGColorType
    /// IHDR bit depth (1, 2, 4 or 8).
    public var bitDepth: Int
    /// PLTE entries for palette images, else nil.
    public var paletteCount: Int?
    /// Whether a tRNS chunk was written (palette alphas or a key colour).
    public var hasTransparencyChunk: Bool
    /// Frames handed in (1 for a still).
    public var inputFrameCount: Int
    /// Each written frame's rectangle and ops, in order (one full-canvas entry for a still).
    public var frames: [RawFrameInfo]
    /// Written delays that could not be stated exactly in 16 bits and were approximated.
    public var approximatedDelayCount: Int
    /// Whether the optimised frame plan failed verification and the safe plan (every frame full
    /// canvas, blend source) was written instead. Never expected; reported so it is seen.
    public var usedSafeFallback: Bool

    /// Frames merged into their predecessor because they were identical.
    public var mergedFrameCount: Int { inputFrameCount - frames.count }
}
