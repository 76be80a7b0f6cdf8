import ImageCodec

/// One measured lossy attempt.
struct FitCandidate: Sendable {
    /// Geometry it was made from (index into the session's geometry list).
    let geometry: Int
    /// Palette size asked for.
    let colours: Int
    /// Dithering used.
    let dithering: Dithering
    /// Frames as encoded.
    let frames: [AnimationFrame]
    /// The `.fast` encode.
    let encoded: EncodeReport
    /// Measured quality, once measured.
    var quality: Double?

    var bytes: Int { encoded.bytes.count }
}
