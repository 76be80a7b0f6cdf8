import ImageCodec
import StickerCore

/// One measured lossy attempt.
struct FitCandidate: Sendable {
    /// Geometry it was made from (index into the session's geometry list).
    let geometry: Int
    /// Colour reduction applied.
    let step: ColourStep
    /// Dithering used.
    let dithering: Dithering
    /// Frames as encoded (empty in the session's cache for a candidate predicted over the limit).
    private(set) var frames: [AnimationFrame]
    /// The quick encode (a real file, used when nothing smaller is made).
    let encoded: EncodeReport
    /// The encode at the requested effort, when one was made.
    var effortEncoded: EncodeReport?
    /// Expected size at the requested effort: the quick size times the session's calibrated ratio.
    /// The search compares this with the limit; the final encode is always checked.
    let predictedBytes: Int
    /// Measured quality, once measured.
    var quality: Double?

    /// The same candidate without its frames, for a cache that keeps only its figures.
    var withoutFrames: FitCandidate {
        var out = self
        out.frames = []
        return out
    }

    /// Size of the quick encode.
    var bytes: Int { encoded.bytes.count }
}
